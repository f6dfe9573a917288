import { readinessOf } from '#shared/catalog/constants.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { cn } from '#web/lib/cn.ts';

// What a card says about deploying (decision 0023): "Ready to deploy" only for a workflow that deploys
// as it is; a guide (no workflow file) is never offered as one.

const LABELS = {
  ready: ['Ready to deploy', 'text-emerald-700 dark:text-emerald-400'],
  caveats: ['Deployable after setup', 'text-amber-800 dark:text-amber-300'],
  blocked: ['Not deployable as it is', 'text-slate-600 dark:text-slate-400'],
  guide: ['Guide, no workflow file', 'text-slate-600 dark:text-slate-400'],
} as const;

export function ReadinessLabel({ card }: { card: Pick<AutomationCard, 'readiness' | 'deployable'> }) {
  const [text, tone] = LABELS[readinessOf(card)];
  return <span className={cn('font-medium', tone)}>{text}</span>;
}
