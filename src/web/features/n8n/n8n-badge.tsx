import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { N8nConnectionView } from '#shared/schemas/n8n.ts';
import { cn } from '#web/lib/cn.ts';
import { N8N_SETTINGS_PATH } from './deploy-dialog.tsx';
import { n8nApi, n8nKeys } from './n8n-api.ts';

/** Spec part 2 §4: the header badge's four texts. */
export function badgeLabel(connections: N8nConnectionView[] | undefined): {
  label: 'Not Configured' | 'Testing...' | 'Connected' | 'Disconnected';
  tone: 'neutral' | 'busy' | 'ok' | 'bad';
} {
  const current = connections?.find((c) => c.isDefault) ?? connections?.[0];
  if (!current) return { label: 'Not Configured', tone: 'neutral' };
  if (current.status === 'testing') return { label: 'Testing...', tone: 'busy' };
  if (current.status === 'connected') return { label: 'Connected', tone: 'ok' };
  return { label: 'Disconnected', tone: 'bad' };
}

const TONE = {
  neutral: 'border-slate-300 text-slate-600 dark:border-slate-700 dark:text-slate-400',
  busy: 'border-sky-300 text-sky-800 dark:border-sky-800 dark:text-sky-300',
  ok: 'border-emerald-300 text-emerald-800 dark:border-emerald-800 dark:text-emerald-300',
  bad: 'border-red-300 text-red-800 dark:border-red-800 dark:text-red-300',
} as const;

/**
 * The dashboard header's n8n connection badge: the default instance's last known state (saved on the
 * server by Test Connection); it re-reads whenever the connections query is invalidated.
 */
export function N8nBadge() {
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  if (connections.isPending) return null;
  const { label, tone } = badgeLabel(connections.data);
  return (
    <Link
      to={N8N_SETTINGS_PATH}
      title="N8N Integration settings"
      className={cn(
        'hidden items-center gap-1.5 rounded-full border px-2.5 py-1 text-xs font-medium focus-visible:outline-2 sm:inline-flex',
        TONE[tone],
      )}
    >
      <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-current" />
      <span className="sr-only">n8n: </span>
      {label}
    </Link>
  );
}
