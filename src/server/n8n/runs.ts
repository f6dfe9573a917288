// Recent Runs and the totals: the member's real executions of workflows Flowvault deployed, read
// from each instance (`GET /api/v1/executions`), newest first.
import type { N8nRunsView, N8nRunView } from '#shared/schemas/n8n.ts';
import { successRate } from '#shared/schemas/n8n.ts';
import { clientForRow, listConnections, type N8nDeps } from './connections.ts';
import { deployedWorkflows } from './deployments.ts';
import { connectionFailedMessage } from './n8n-errors.ts';
import type { N8nExecution } from './n8n-schemas.ts';

/** How many executions are read per instance for the totals (n8n's own page limit is 250). */
export const EXECUTIONS_PER_INSTANCE = 250;

function runStatus(status: N8nExecution['status']): N8nRunView['status'] {
  if (status === 'success') return 'success';
  if (status === 'running' || status === 'new' || status === 'waiting') return 'running';
  if (status === 'error' || status === 'crashed') return 'failed';
  return 'other';
}

function durationOf(e: N8nExecution): number | null {
  if (!e.startedAt || !e.stoppedAt) return null;
  const ms = Date.parse(e.stoppedAt) - Date.parse(e.startedAt);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * Every execution (the newest 250 per instance) of the workflows Flowvault deployed for the member,
 * newest first, with the instances that could not be read. A run's id is `{connection id}:{execution id}`.
 */
export async function readDeployedRuns(deps: N8nDeps, userId: string) {
  const [deployed, connections] = await Promise.all([
    deployedWorkflows(deps, userId),
    listConnections(deps, userId),
  ]);
  // instance URL → n8n workflow id → the deployment it came from
  const byInstance = new Map<string, Map<string, (typeof deployed)[number]>>();
  for (const d of deployed) {
    const ids = byInstance.get(d.instanceUrl) ?? new Map();
    if (!ids.has(d.n8nWorkflowId!)) ids.set(d.n8nWorkflowId!, d);
    byInstance.set(d.instanceUrl, ids);
  }
  const all: N8nRunView[] = [];
  const unreachable: N8nRunsView['unreachable'] = [];
  await Promise.all(
    [...byInstance].map(async ([instanceUrl, ids]) => {
      const connection = connections.find((c) => c.instanceUrl === instanceUrl);
      if (!connection) return;
      try {
        const client = clientForRow(deps, connection);
        const page = await client.listExecutions({ limit: EXECUTIONS_PER_INSTANCE });
        for (const e of page.data) {
          const deployment = ids.get(e.workflowId);
          if (!deployment) continue;
          all.push({
            id: `${connection.id}:${e.id}`,
            workflowId: e.workflowId,
            automationId: deployment.automationId,
            automationName: deployment.workflowName ?? deployment.automationTitle,
            instanceUrl,
            status: runStatus(e.status),
            n8nStatus: e.status,
            // Filled below for the runs shown, from each execution's run data (null when n8n has none).
            items: null,
            mode: e.mode,
            startedAt: e.startedAt,
            stoppedAt: e.stoppedAt,
            durationMs: durationOf(e),
          });
        }
      } catch (error) {
        unreachable.push({ instanceUrl, message: connectionFailedMessage(error) });
      }
    }),
  );
  all.sort(
    (a, b) => Date.parse(b.startedAt ?? '') - Date.parse(a.startedAt ?? '') || b.id.localeCompare(a.id),
  );
  return { all, unreachable, connections };
}

export async function recentRuns(deps: N8nDeps, userId: string, limit = 5): Promise<N8nRunsView> {
  const { all, unreachable, connections } = await readDeployedRuns(deps, userId);
  // The list is read without run data (250 executions stay small); the few runs shown are read one by
  // one with their data for real item counts. A failure there just leaves the counts unreported.
  const shown = all.slice(0, limit);
  await Promise.all(
    shown.map(async (run) => {
      const connection = connections.find((c) => c.instanceUrl === run.instanceUrl);
      if (!connection) return;
      const executionId = run.id.slice(run.id.indexOf(':') + 1);
      run.items = await clientForRow(deps, connection)
        .getExecutionItems(executionId)
        .catch(() => null);
    }),
  );
  const successful = all.filter((r) => r.status === 'success').length;
  const failed = all.filter((r) => r.status === 'failed').length;
  const durations = all.map((r) => r.durationMs).filter((d): d is number => d !== null);
  const perWorkflow = new Map<string, number[]>();
  for (const r of all) {
    if (r.status !== 'success' || r.durationMs === null) continue;
    const key = `${r.instanceUrl} ${r.workflowId}`;
    perWorkflow.set(key, [...(perWorkflow.get(key) ?? []), r.durationMs]);
  }
  const avgDurationByWorkflow: Record<string, number> = {};
  for (const [key, list] of perWorkflow) {
    avgDurationByWorkflow[key] = Math.round(list.reduce((s, d) => s + d, 0) / list.length);
  }
  return {
    runs: shown,
    avgDurationByWorkflow,
    totals: {
      totalRuns: all.length,
      successfulRuns: successful,
      failedRuns: failed,
      successRate: successRate(successful, all.length),
      avgTimeMs: durations.length ? Math.round(durations.reduce((s, d) => s + d, 0) / durations.length) : 0,
      runningRuns: all.filter((r) => r.n8nStatus === 'running' || r.n8nStatus === 'new').length,
      waitingRuns: all.filter((r) => r.n8nStatus === 'waiting').length,
      itemsProcessed: shown.some((r) => r.items)
        ? shown.reduce((sum, r) => sum + (r.items?.processed ?? 0), 0)
        : null,
    },
    unreachable,
  };
}
