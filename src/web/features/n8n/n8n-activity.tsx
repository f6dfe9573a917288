import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { relativeTime } from '#shared/relative-time.ts';
import { N8N_TEXT, type N8nRunView } from '#shared/schemas/n8n.ts';
import { ExternalLink } from '#web/components/external-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { n8nApi, n8nKeys } from './n8n-api.ts';
import { RestorePreviousState, UpdateAvailableBadge } from './template-updates.tsx';

/** Avg Time as the member reads it: ms under a second, seconds under a minute, else minutes. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.round(ms / 60_000)}m`;
}

const STATUS_STYLE: Record<N8nRunView['status'], string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  running: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  other: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** The most runs 'View All' lists (the API's page limit). */
const ALL_RUNS = 50;

/** Recent Runs (limit 5, or up to 50 with View All) and the totals, from the member's real n8n executions. */
export function RecentRuns({ limit = 5 }: { limit?: number }) {
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? ALL_RUNS : limit;
  const runs = useQuery({
    queryKey: n8nKeys.runs(shown),
    queryFn: () => n8nApi.runs(shown),
    refetchInterval: 60_000,
    placeholderData: keepPreviousData,
  });
  const now = Date.now();
  const totals = runs.data?.totals;
  const more = (totals?.totalRuns ?? 0) > limit;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Recent Runs
        </h3>
        {more && (
          <Button
            size="sm"
            variant="outline"
            aria-expanded={all}
            aria-controls={`${id}-list`}
            onClick={() => setAll((v) => !v)}
          >
            {all ? 'Show fewer' : 'View All'}
          </Button>
        )}
      </div>
      {runs.isPending ? (
        <ul aria-busy="true" aria-label="Loading recent runs" className="space-y-2">
          {[0, 1, 2].map((i) => (
            <li key={i} className="h-12 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800" />
          ))}
        </ul>
      ) : !runs.data || runs.data.runs.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
          <p className="font-medium">{N8N_TEXT.noRunsTitle}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{N8N_TEXT.noRunsBody}</p>
        </div>
      ) : (
        <ul id={`${id}-list`} className="space-y-2" aria-busy={runs.isPlaceholderData}>
          {runs.data.runs.map((run) => (
            <li
              key={run.id}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{run.automationName}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {relativeTime(run.startedAt, now, run.status === 'running')}
                  {run.durationMs !== null && ` · ${formatDuration(run.durationMs)}`}
                </p>
              </div>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-medium capitalize',
                  STATUS_STYLE[run.status],
                )}
              >
                {run.status === 'other' ? run.n8nStatus : run.status}
              </span>
            </li>
          ))}
        </ul>
      )}
      {all && totals && totals.totalRuns > ALL_RUNS && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The latest {ALL_RUNS} of {totals.totalRuns} runs; n8n keeps the rest in its Executions list.
        </p>
      )}
      {runs.data?.unreachable.map((u) => (
        <p key={u.instanceUrl} className="text-xs text-amber-800 dark:text-amber-300">
          {u.instanceUrl}: {u.message}
        </p>
      ))}
      <dl className="grid grid-cols-3 gap-3 text-center">
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Total Runs</dt>
          <dd className="text-lg font-semibold">{totals?.totalRuns ?? 0}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Success Rate</dt>
          <dd className="text-lg font-semibold">{totals?.successRate ?? 0}%</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <dt className="text-xs text-slate-600 dark:text-slate-400">Avg Time</dt>
          <dd className="text-lg font-semibold">{formatDuration(totals?.avgTimeMs ?? 0)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Deployment history: every attempt with its instance, n8n workflow and outcome. */
export function DeploymentHistory() {
  const id = useId();
  const pages = useInfiniteQuery({
    queryKey: n8nKeys.deployments,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => n8nApi.deployments(pageParam),
    getNextPageParam: (last, all) => (all.length * last.pageSize < last.total ? all.length + 1 : undefined),
  });
  const history = { isPending: pages.isPending, data: pages.data?.pages.flatMap((p) => p.items) };
  const now = Date.now();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Deployment history
      </h3>
      {history.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading deployments…</p>
      ) : !history.data?.length ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Nothing deployed yet.</p>
      ) : (
        <ul
          className={`divide-y divide-slate-200 dark:divide-slate-800 ${cardClass({ tone: 'plain', padding: 'none' })}`}
        >
          {history.data.map((d) => (
            <li key={d.id} className="space-y-0.5 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{d.automationTitle}</span>
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs font-medium',
                    d.status === 'deployed' ? STATUS_STYLE.success : STATUS_STYLE.failed,
                  )}
                >
                  {d.status === 'deployed' ? (d.deactivatedAt ? 'Deployed · stopped' : 'Deployed') : 'Failed'}
                </span>
                <UpdateAvailableBadge deploymentId={d.id} />
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                {d.instanceUrl} · {relativeTime(d.createdAt, now)}
              </p>
              {d.workflowUrl && (
                <ExternalLink href={d.workflowUrl} className="text-brand-700 underline dark:text-brand-400">
                  Open in n8n
                </ExternalLink>
              )}
              {d.error && <p className="break-words text-red-700 dark:text-red-400">{d.error}</p>}
              <RestorePreviousState deployment={d} />
            </li>
          ))}
        </ul>
      )}
      {pages.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
    </section>
  );
}

/** Emergency Stop: after confirmation, deactivate every workflow Flowvault deployed to the default instance. */
export function EmergencyStopButton({ className }: { className?: string }) {
  const queryClient = useQueryClient();
  const stop = useMutation({
    mutationFn: n8nApi.emergencyStop,
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: ['n8n'] });
      const base = `${result.deactivated.length} workflow${result.deactivated.length === 1 ? '' : 's'} deactivated`;
      if (result.failed.length)
        toast.error('Emergency Stop incomplete', { description: `${base}; ${result.failed.length} failed.` });
      else toast.success('Emergency Stop', { description: base });
    },
    onError: (error) => toast.error('Emergency Stop failed', { description: error.message }),
  });
  return (
    <Button
      variant="outline"
      className={className}
      disabled={stop.isPending}
      onClick={() => {
        if (window.confirm('Deactivate every workflow Flowvault deployed to your default n8n instance?'))
          stop.mutate();
      }}
    >
      Emergency Stop
    </Button>
  );
}

/** Health Check: the connection, the n8n version and what the instance's API accepts. */
export function HealthCheck({ connectionId }: { connectionId: string }) {
  const id = useId();
  const health = useQuery({
    queryKey: ['n8n', 'health', connectionId],
    queryFn: () => n8nApi.health(connectionId),
    staleTime: 0,
  });
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-2 text-sm" aria-busy={health.isFetching}>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Health Check
      </h3>
      {health.isPending ? (
        <p className="text-slate-600 dark:text-slate-400">Checking your n8n instance…</p>
      ) : health.isError ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {health.error.message || N8N_TEXT.unknownConnectionError}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-slate-600 dark:text-slate-400">Connection</dt>
          <dd className={health.data.connection.ok ? '' : 'text-red-700 dark:text-red-400'}>
            {health.data.connection.message}
          </dd>
          <dt className="text-slate-600 dark:text-slate-400">n8n version</dt>
          <dd>{health.data.n8nVersion ?? 'Not reported by the instance'}</dd>
          {health.data.capabilities && (
            <>
              <dt className="text-slate-600 dark:text-slate-400">API description</dt>
              <dd>
                {health.data.capabilities.source === 'openapi'
                  ? `Read from the instance (public API ${health.data.capabilities.apiVersion ?? 'version not stated'})`
                  : `Not readable (${health.data.capabilities.fallbackReason ?? 'unknown'}); the most compatible format is used`}
              </dd>
              <dt className="text-slate-600 dark:text-slate-400">Workflow fields accepted</dt>
              <dd className="break-words">{health.data.capabilities.workflowFields.join(', ')}</dd>
              <dt className="text-slate-600 dark:text-slate-400">Workflow settings accepted</dt>
              <dd className="break-words">{health.data.capabilities.settingsKeys.join(', ')}</dd>
            </>
          )}
        </dl>
      )}
      <Button variant="outline" size="sm" disabled={health.isFetching} onClick={() => health.refetch()}>
        Check again
      </Button>
    </section>
  );
}
