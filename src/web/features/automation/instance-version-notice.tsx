import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { NODE_TABLE_N8N_VERSION, nodesNewerThanInstance } from '#shared/catalog/node-versions.ts';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { n8nApi } from '#web/features/n8n/n8n-api.ts';

// Version facts on the detail page (issue 24): the n8n version of the member's default instance as
// the instance reveals it (or "unknown"), and a warning when the template needs newer node versions.
// For a deployable template the server's preflight for that instance also names the nodes its release
// lacks, turns off by default or needs installed (issue 39; the node table stays on the server).

export function InstanceVersionNotice({
  nodes,
  automationId = null,
  blockers = null,
}: {
  nodes: { name?: unknown; type?: unknown; typeVersion?: unknown }[];
  automationId?: string | null;
  /** What keeps it from publishing on n8n 2.x that set-up cannot fix (server, node table): shown when no instance is connected. */
  blockers?: AutomationDetail['publishBlockers'];
}) {
  const connections = useQuery({ queryKey: ['n8n', 'connections'], queryFn: n8nApi.connections });
  const connection = connections.data?.find((c) => c.isDefault) ?? connections.data?.[0];
  const health = useQuery({
    queryKey: ['n8n', 'health', connection?.id],
    queryFn: () => n8nApi.health(connection!.id),
    enabled: !!connection,
    staleTime: 5 * 60_000,
  });
  const preflight = useQuery({
    queryKey: ['n8n', 'preflight', automationId, connection?.id],
    queryFn: () => n8nApi.preflight(automationId!, connection!.id),
    enabled: !!connection && !!automationId,
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (!connection || !health.data) {
    if (!blockers?.issues.length) return null;
    return (
      <div
        role="note"
        data-testid="publish-blockers"
        className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
      >
        <p className="flex items-center gap-2 font-medium">
          <TriangleAlert aria-hidden="true" className="h-4 w-4" />
          Before you deploy: n8n {blockers.release.split('.').slice(0, 2).join('.')} will not publish this
          template as it is
        </p>
        <ul className="mt-1 list-disc pl-5">
          {blockers.issues.map((issue) => (
            <li key={`${issue.code}:${issue.type}:${issue.nodes.join()}`}>{issue.message}</li>
          ))}
        </ul>
      </div>
    );
  }
  const version = health.data.n8nVersion;
  const newer = nodesNewerThanInstance(nodes, version);
  const issues = preflight.data?.nodeIssues ?? [];
  return (
    <div className="text-sm" data-testid="instance-version">
      <p className="text-slate-600 dark:text-slate-400">
        Your n8n ({connection.name}): {version ?? 'version unknown'}
      </p>
      {newer && newer.length > 0 && (
        <div
          role="note"
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="h-4 w-4" />
            This template needs node versions newer than your n8n {version} has
          </p>
          <ul className="mt-1 list-disc pl-5">
            {newer.map((n) => (
              <li key={n.name}>
                {n.name}: version {n.typeVersion} (n8n {NODE_TABLE_N8N_VERSION} has up to {n.highest})
              </li>
            ))}
          </ul>
        </div>
      )}
      {issues.length > 0 && (
        <div
          role="note"
          className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
        >
          <p className="flex items-center gap-2 font-medium">
            <TriangleAlert aria-hidden="true" className="h-4 w-4" />
            Nodes your n8n {version ?? ''} cannot run yet
          </p>
          <ul className="mt-1 list-disc pl-5">
            {issues.map((issue) => (
              <li key={`${issue.code}:${issue.type}`}>{issue.message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
