import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { relativeTime } from '#shared/relative-time.ts';
import type { N8nRunsView, N8nRunView } from '#shared/schemas/n8n.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { ConnectN8nHint } from './connect-n8n-hint.tsx';
import { formatDuration } from './n8n-activity.tsx';
import { n8nApi, n8nKeys } from './n8n-api.ts';

const EMPTY_TITLE = 'No data processing activity';
const EMPTY_BODY = 'Run some automations to see processing data here';
const NOT_REPORTED = 'Not reported by your n8n instance';

/** Spec part 2 §4 status labels: success, running, failed; anything else neutral (n8n's own word). */
export function statusLabel(run: N8nRunView): string {
  if (run.status === 'success') return 'Completed';
  if (run.status === 'running') return run.n8nStatus === 'waiting' ? 'Waiting' : 'Running';
  if (run.status === 'failed') return 'Failed';
  return run.n8nStatus.charAt(0).toUpperCase() + run.n8nStatus.slice(1);
}

/**
 * ETA: 'Completed' for success, 'Failed' for failed, 'Scheduled' for waiting and anything else; for a
 * running execution, the workflow's average past duration minus the time it has run (none known: 'No past
 * runs to estimate from').
 */
export function pipelineEta(
  run: N8nRunView,
  avgDurationByWorkflow: Record<string, number>,
  now: number,
): string {
  if (run.status === 'success') return 'Completed';
  if (run.status === 'failed') return 'Failed';
  if (run.status !== 'running' || run.n8nStatus === 'waiting') return 'Scheduled';
  const average = avgDurationByWorkflow[`${run.instanceUrl} ${run.workflowId}`];
  if (average === undefined || !run.startedAt) return 'No past runs to estimate from';
  const left = average - (now - Date.parse(run.startedAt));
  if (left <= 0) return 'Any moment (past its usual time)';
  return `About ${formatDuration(left)} left`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function Tile({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={cardClass()}>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold">{value}</dd>
      {note && <dd className="text-xs text-slate-500 dark:text-slate-400">{note}</dd>}
    </div>
  );
}

function Pipeline({ run, data, now }: { run: N8nRunView; data: N8nRunsView; now: number }) {
  const running = run.status === 'running' && run.n8nStatus !== 'waiting';
  return (
    <li className={`space-y-2 ${cardClass()}`}>
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 truncate font-medium">{run.automationName}</p>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            run.status === 'success' &&
              'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
            run.status === 'running' && 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
            run.status === 'failed' && 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
            run.status === 'other' && 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
          )}
        >
          {statusLabel(run)}
        </span>
      </div>
      {running ? (
        // No value: an indeterminate bar (n8n does not report how far an execution has got).
        <progress className="h-2 w-full" aria-label={`${run.automationName}: running`} />
      ) : run.status === 'success' ? (
        <progress className="h-2 w-full" max={100} value={100} aria-label={`${run.automationName}: 100%`} />
      ) : run.status === 'failed' ? (
        <p className="text-xs font-medium text-red-700 dark:text-red-400">Failed</p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
        <dt className="text-slate-500 dark:text-slate-400">Processed</dt>
        <dd>{run.items ? `Processed ${run.items.processed} / ${run.items.total}` : NOT_REPORTED}</dd>
        <dt className="text-slate-500 dark:text-slate-400">ETA</dt>
        <dd>{pipelineEta(run, data.avgDurationByWorkflow, now)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Source</dt>
        <dd>{run.mode ? `n8n ${run.mode} run` : 'n8n'}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Destination</dt>
        <dd className="truncate">{hostOf(run.instanceUrl)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Last run</dt>
        <dd>{relativeTime(run.startedAt, now, running)}</dd>
      </dl>
    </li>
  );
}

/** Dashboard → Data Processing: the member's real executions as pipelines (limit 4) and real figures. */
export function DataProcessingSection() {
  const id = useId();
  const runs = useQuery({
    queryKey: n8nKeys.runs(4),
    queryFn: () => n8nApi.runs(4),
    refetchInterval: 60_000,
  });
  // Without a connected n8n there is nothing to process: say how to connect one (as Quick Actions does).
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const notConfigured = connections.isSuccess && connections.data.length === 0;
  const now = Date.now();
  const totals = runs.data?.totals;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <header className="space-y-1">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
          Data Processing
        </h2>
        {notConfigured && <ConnectN8nHint />}
      </header>
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Tile
          label="Total Runs"
          value={String(totals?.totalRuns ?? 0)}
          note="Executions of workflows you deployed"
        />
        <Tile label="Success Rate" value={`${totals?.successRate ?? 0}%`} />
        <Tile label="Avg Time" value={formatDuration(totals?.avgTimeMs ?? 0)} />
        <Tile label="Running now" value={String(totals?.runningRuns ?? 0)} />
      </dl>
      <section aria-labelledby={`${id}-pipelines`} className="space-y-3">
        <h3 id={`${id}-pipelines`} className="text-base font-semibold">
          Active Pipelines
        </h3>
        {runs.isPending ? (
          <ul aria-busy="true" aria-label="Loading pipelines" className="grid gap-3 md:grid-cols-2">
            {[0, 1, 2, 3].map((i) => (
              <li key={i} className="h-40 animate-pulse rounded-xl bg-slate-100 dark:bg-slate-800" />
            ))}
          </ul>
        ) : !runs.data || runs.data.runs.length === 0 ? (
          <div className={`text-center ${cardClass({ tone: 'dashed', padding: '2xl' })}`}>
            <p className="font-medium">{EMPTY_TITLE}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{EMPTY_BODY}</p>
          </div>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {runs.data.runs.map((run) => (
              <Pipeline key={run.id} run={run} data={runs.data} now={now} />
            ))}
          </ul>
        )}
        {runs.data?.unreachable.map((u) => (
          <p key={u.instanceUrl} className="text-xs text-amber-800 dark:text-amber-300">
            {u.instanceUrl}: {u.message}
          </p>
        ))}
      </section>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Tile label="Storage" value="—" note={`${NOT_REPORTED} (n8n’s public API has no storage figure)`} />
        <Tile label="CPU Usage" value="—" note={`${NOT_REPORTED} (n8n’s public API has no CPU figure)`} />
        <Tile
          label="Queue"
          value={`${totals?.waitingRuns ?? 0} waiting`}
          note="Executions n8n reports as waiting"
        />
      </dl>
    </section>
  );
}
