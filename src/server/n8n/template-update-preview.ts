// "What would an update do?" (issue 40 item 3, decision 0025): the workflow is read back from the
// member's n8n and compared, node by node, with the version they deployed (their own edits) and with
// the newest published version (the update's changes); the three-way merge names the collisions.
import { templateUpdatesFor, typeName } from '#server/catalog/versions.ts';
import { AppError } from '#server/lib/errors.ts';
import {
  describeChanges,
  diffGraphs,
  type GraphChange,
  paramLabel,
  toGraph,
} from '#shared/catalog/graph-diff.ts';
import { type MergeCollision, mergeWorkflows } from '#shared/catalog/graph-merge.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { TemplateUpdatePreview } from '#shared/schemas/template-versions.ts';
import { clientForRow, memberDeployment, type N8nDeps, resolveConnection } from './connections.ts';
import { connectionFailedMessage, N8nApiError } from './n8n-errors.ts';
import { workflowEditorUrl } from './n8n-urls.ts';
import { versionAsDeployed } from './template-update.ts';

/** The node a change is about (edges belong to their source node). */
function nodeOf(c: GraphChange): string {
  switch (c.kind) {
    case 'node-renamed':
      return c.to;
    case 'connection-added':
    case 'connection-removed':
      return c.edge.from;
    default:
      return c.node;
  }
}

function collisionText(c: MergeCollision): string {
  switch (c.kind) {
    case 'parameter':
      return `both changed the ${paramLabel(c.path)}: yours ${String(c.mine ?? 'empty')}, the new version ${String(c.theirs ?? 'empty')}`;
    case 'type-version':
      return `both changed the node version: yours ${c.mine}, the new version ${c.theirs}`;
    case 'removed-edited':
      return 'the new version removes this node, which you edited';
    case 'edited-removed':
      return 'you removed this node, which the new version changes';
    case 'rename':
      return `you renamed it; the new version names it ${c.theirs}`;
    case 'name-taken':
      return `the new version adds a node named ${c.wanted}, a name you already use`;
  }
}

/** Groups sentences by node, in the order nodes first appear. */
function byNode(changes: GraphChange[], rename: (node: string) => string = (n) => n) {
  const out = new Map<string, string[]>();
  for (const c of changes) {
    const node = rename(nodeOf(c));
    out.set(node, [...(out.get(node) ?? []), ...describeChanges([c], { typeName })]);
  }
  return out;
}

export async function previewTemplateUpdate(
  deps: N8nDeps,
  userId: string,
  deploymentId: string,
): Promise<TemplateUpdatePreview> {
  const row = await memberDeployment(deps, userId, deploymentId);
  const update = (await templateUpdatesFor(deps.db, userId)).find((u) => u.deploymentId === deploymentId);
  if (!update) throw new AppError('NOT_FOUND', { userMessage: 'This deployment has no update.' });
  const connection = await resolveConnection(deps, userId, row.connectionId);
  const client = clientForRow(deps, connection);
  // The three reads wait on n8n and the database, not on each other (the 200 ms budget, decision 0025).
  const [base, theirs, mine] = await Promise.all([
    versionAsDeployed(deps, client, row.automationId, update.deployedVersion),
    versionAsDeployed(deps, client, row.automationId, update.latestVersion),
    client.getWorkflow(row.n8nWorkflowId).catch((error: unknown) => {
      if (!(error instanceof N8nApiError)) throw error;
      throw new AppError('UPSTREAM_FAILED', { userMessage: connectionFailedMessage(error), cause: error });
    }) as Promise<unknown> as Promise<WorkflowJson>,
  ]);

  const started = performance.now();
  const comparison = compareForUpdate({ base, theirs, mine });
  return {
    deploymentId,
    automationId: row.automationId,
    automationTitle: row.automationTitle,
    deployedVersion: update.deployedVersion,
    latestVersion: update.latestVersion,
    workflowUrl: workflowEditorUrl(row.instanceUrl, row.n8nWorkflowId),
    ...comparison,
    compareMs: Math.round(performance.now() - started),
  };
}

/** The node-by-node comparison (pure): the member's edits, the update's changes, the collisions. */
export function compareForUpdate(input: { base: WorkflowJson; theirs: WorkflowJson; mine: WorkflowJson }) {
  const baseGraph = toGraph(input.base);
  const mineDiff = diffGraphs(baseGraph, toGraph(input.mine));
  const theirsDiff = diffGraphs(baseGraph, toGraph(input.theirs));
  const merge = mergeWorkflows(input);
  // Rows are named as in the member's n8n: the update's changes to a node the member renamed go there.
  const baseToMine = mineDiff.matches;
  const theirsToBase = new Map([...theirsDiff.matches].map(([b, t]) => [t, b]));
  const toMineName = (theirsName: string) => {
    const baseName = theirsToBase.get(theirsName);
    return baseName === undefined ? theirsName : (baseToMine.get(baseName) ?? theirsName);
  };
  const mineRows = byNode(mineDiff.changes);
  const theirsRows = byNode(theirsDiff.changes, toMineName);
  const collisionRows = new Map<string, string[]>();
  for (const c of merge.collisions)
    collisionRows.set(c.node, [...(collisionRows.get(c.node) ?? []), collisionText(c)]);
  const names = [...new Set([...mineRows.keys(), ...theirsRows.keys(), ...collisionRows.keys()])];
  return {
    nodes: names.map((node) => ({
      node,
      mine: mineRows.get(node) ?? [],
      theirs: theirsRows.get(node) ?? [],
      collisions: collisionRows.get(node) ?? [],
    })),
    collisions: merge.collisions.length,
    decisions: merge.collisions.flatMap((c) =>
      c.kind === 'parameter'
        ? [
            {
              node: c.node,
              path: c.path,
              label: paramLabel(c.path),
              mine: String(c.mine ?? 'empty'),
              theirs: String(c.theirs ?? 'empty'),
            },
          ]
        : [],
    ),
  };
}
