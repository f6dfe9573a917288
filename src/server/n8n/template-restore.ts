// Restore after a template update (issue 40 item 4, decision 0025): the live workflow gets the kept
// inactive copy's nodes, connections and settings back. The live workflow keeps its id, name, the
// member's credentials and its webhook ids and paths (the URLs other systems call); its state before the
// restore is kept as another inactive copy. Idempotent like the
// update: the deployment row is claimed (restored_at set, version moved back) before n8n is written.
import { and, eq, isNull } from 'drizzle-orm';
import { type Actor, recordAudit } from '#server/audit/audit.ts';
import { deployments } from '#server/db/schema/n8n.ts';
import { AppError } from '#server/lib/errors.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { TemplateRestoreOutcome } from '#shared/schemas/template-versions.ts';
import { clientForRow, memberDeployment, type N8nDeps, resolveConnection } from './connections.ts';
import { planDeployment } from './deploy.ts';
import { connectionFailedMessage, N8nApiError } from './n8n-errors.ts';
import { workflowEditorUrl } from './n8n-urls.ts';
import type { N8nNodePayload } from './preflight.ts';
import { renewWebhookIds } from './webhook-paths.ts';

type NodeLike = {
  name?: unknown;
  type?: unknown;
  credentials?: unknown;
  webhookId?: unknown;
  parameters?: unknown;
};

const byName = (workflow: { nodes?: unknown }) =>
  new Map(
    (Array.isArray(workflow.nodes) ? (workflow.nodes as NodeLike[]) : []).map((n) => [String(n.name), n]),
  );

const isGone = (error: unknown) => error instanceof N8nApiError && error.status === 404;

const upstream = (error: unknown): never => {
  if (!(error instanceof N8nApiError)) throw error;
  throw new AppError('UPSTREAM_FAILED', { userMessage: connectionFailedMessage(error), cause: error });
};

/**
 * Credentials a preflight cleared ({id: null}) go back as they are bound in n8n: the live workflow's
 * binding first (the member may have changed it since the update), else the one the copy kept.
 */
export function putCredentialsBack(nodes: N8nNodePayload[], ...sources: { nodes?: unknown }[]) {
  const maps = sources.map(byName);
  for (const node of nodes) {
    const found = maps.map((m) => m.get(node.name)?.credentials).find((c) => c && typeof c === 'object');
    if (found) (node as { credentials?: unknown }).credentials = found;
  }
}

/**
 * The copy's webhook nodes answer at the live workflow's ids and paths (the twin by name, else the one
 * live node of that type with a webhook id, when the update renamed it); the rest get fresh ids.
 */
function keepLiveWebhooks(nodes: N8nNodePayload[], live: { nodes?: unknown }) {
  const liveHooks = [...byName(live).values()].filter((n) => typeof n.webhookId === 'string');
  const taken = new Set<NodeLike>();
  const unmatched: N8nNodePayload[] = [];
  const hooks = nodes.filter((n) => typeof n.webhookId === 'string' || n.type === 'n8n-nodes-base.webhook');
  const twinOf = new Map<N8nNodePayload, NodeLike>();
  for (const node of hooks) {
    const twin = liveHooks.find((l) => l.name === node.name && l.type === node.type);
    if (twin) {
      twinOf.set(node, twin);
      taken.add(twin);
    }
  }
  for (const node of hooks) {
    if (twinOf.has(node)) continue;
    const sameType = liveHooks.filter((l) => l.type === node.type && !taken.has(l));
    const copies = hooks.filter((h) => h.type === node.type && !twinOf.has(h));
    if (sameType.length === 1 && copies.length === 1) {
      twinOf.set(node, sameType[0]!);
      taken.add(sameType[0]!);
    } else unmatched.push(node);
  }
  for (const [node, twin] of twinOf) {
    node.webhookId = twin.webhookId as string;
    const path = (twin.parameters as { path?: unknown } | undefined)?.path;
    if (typeof path === 'string') node.parameters = { ...(node.parameters ?? {}), path };
  }
  // The copy still holds these ids: fresh ones, so the two never clash if both are turned on.
  renewWebhookIds(unmatched, []);
}

/**
 * What Restore writes (pure): the copy's nodes, connections and settings under the live workflow's
 * name, with the live workflow's credentials and webhook ids and paths (the copy's where it has none).
 */
export function restoredWorkflow(copy: WorkflowJson, live: WorkflowJson): WorkflowJson {
  const nodes = structuredClone(copy.nodes) as unknown as N8nNodePayload[];
  putCredentialsBack(nodes, live, copy);
  keepLiveWebhooks(nodes, live);
  return {
    name: live.name ?? copy.name,
    nodes: nodes as unknown as WorkflowJson['nodes'],
    connections: copy.connections ?? {},
    settings: copy.settings ?? {},
  };
}

export async function restoreDeployment(
  deps: N8nDeps,
  actor: Actor,
  deploymentId: string,
): Promise<TemplateRestoreOutcome> {
  const row = await memberDeployment(deps, actor.userId, deploymentId);
  if (!row.backupWorkflowId || row.backupVersion === null)
    throw new AppError('NOT_FOUND', {
      userMessage: 'No previous state is kept for this deployment: it was never updated from Flowvault.',
    });
  if (row.restoredAt)
    return { status: 'already-restored', version: row.templateVersion ?? row.backupVersion };

  const client = clientForRow(deps, await resolveConnection(deps, actor.userId, row.connectionId));
  const copy = (await client.getWorkflow(row.backupWorkflowId).catch((error: unknown) => {
    if (isGone(error))
      throw new AppError('CONFLICT', {
        userMessage: `The copy kept before the update (workflow ${row.backupWorkflowId}) is no longer in your n8n, so there is nothing to restore from. Your workflow was not changed.`,
      });
    return upstream(error);
  })) as unknown as WorkflowJson;
  const live = (await client.getWorkflow(row.n8nWorkflowId).catch((error: unknown) => {
    if (isGone(error))
      throw new AppError('CONFLICT', {
        userMessage: `Your workflow ${row.n8nWorkflowId} is no longer in your n8n. The previous state is still in the copy (workflow ${row.backupWorkflowId}).`,
      });
    return upstream(error);
  })) as unknown as WorkflowJson;

  // The claim: one request restores; a double click or a retry finds it restored.
  const claimed = await deps.db
    .update(deployments)
    .set({ restoredAt: new Date(), templateVersion: row.backupVersion })
    .where(
      and(
        eq(deployments.id, row.id),
        eq(deployments.backupWorkflowId, row.backupWorkflowId),
        isNull(deployments.restoredAt),
      ),
    )
    .returning({ id: deployments.id });
  if (claimed.length === 0) return { status: 'already-restored', version: row.backupVersion };

  let keptId: string | null = null;
  try {
    const name = String((live as { name?: unknown }).name ?? row.workflowName ?? row.automationTitle);
    // The live workflow as it is now (with any edits made in n8n since the update), kept as an inactive
    // copy first, as the update keeps the state before it: a restore loses nothing either.
    const keptPlan = await planDeployment(client, live, {
      name: `${name} (before restore to v${row.backupVersion})`,
      renewWebhookIds: true,
    });
    putCredentialsBack(keptPlan.payload.nodes, live);
    keptId = (await client.createWorkflow(keptPlan.payload)).id;
    const restored = restoredWorkflow(copy, live);
    // Cleaned for this instance like a deploy, which clears credential ids: they go back after.
    const plan = await planDeployment(client, restored, { name });
    putCredentialsBack(plan.payload.nodes, restored);
    await client.updateWorkflow(row.n8nWorkflowId, plan.payload);
    await recordAudit(deps, {
      actor,
      action: 'n8n.template-restore',
      target: row.id,
      detail: {
        automationId: row.automationId,
        from: row.templateVersion,
        to: row.backupVersion,
        workflowId: row.n8nWorkflowId,
        backupWorkflowId: row.backupWorkflowId,
        keptWorkflowId: keptId,
      },
    });
    return {
      status: 'restored',
      version: row.backupVersion,
      workflowUrl: workflowEditorUrl(row.instanceUrl, row.n8nWorkflowId),
      keptUrl: workflowEditorUrl(row.instanceUrl, keptId),
    };
  } catch (error) {
    // n8n was not written: take the copy made for it away (a retry makes one) and give the claim back.
    if (keptId) await client.deleteWorkflow(keptId).catch(() => {});
    await deps.db
      .update(deployments)
      .set({ restoredAt: null, templateVersion: row.templateVersion })
      .where(eq(deployments.id, row.id));
    if (error instanceof AppError) throw error;
    return upstream(error);
  }
}
