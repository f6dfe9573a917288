import { cn } from '#web/lib/cn.ts';

export type BadgeState = 'not-configured' | 'testing' | 'connected' | 'disconnected';

const BADGE: Record<BadgeState, { label: string; className: string }> = {
  'not-configured': {
    label: 'Not Configured',
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  testing: {
    label: 'Testing...',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  },
  connected: {
    label: 'Connected',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  },
  disconnected: {
    label: 'Disconnected',
    className: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  },
};

export function ConnectionBadge({ state }: { state: BadgeState }) {
  const badge = BADGE[state];
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', badge.className)}
    >
      {badge.label}
    </span>
  );
}
