// The update action (issue 40 item 4, decision 0025): the new version goes into the member's same
// workflow by three-way merge, keeping their credentials, webhook paths and edits. Collisions are
// answered back until the member decides each one. The previous state is kept as an inactive copy.
// Idempotent: the deployment row is claimed (its version moved on) before n8n is written, so a
// double click or a retry finds it up to date instead of making a second copy.
import { and, eq, isNull, or } from 'drizzle-orm';
import { type Actor, recordAudit } from '#server/audit/audit.ts';
import { templateUpdatesFor } from '#server/catalog/versions.ts';
import { deployments } from '#server/db/schema/n8n.ts';
import { templateVersions } from '#server/db/schema/template-versions.ts';
import { AppError } from '#server/lib/errors.ts';
import { type MergeCollision, type MergeResolution, mergeWorkflows } from '#shared/catalog/graph-merge.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { TemplateUpdateOutcome } from '#shared/schemas/template-versions.ts';
import { clientForRow, memberDeployment, type N8nDeps, resolveConnection } from './connections.ts';
import { planDeployment } from './deploy.ts';
import type { N8nClient } from './n8n-client.ts';
import { connectionFailedMessage, N8nApiError } from './n8n-errors.ts';
import { workflowEditorUrl } from './n8n-urls.ts';
import { putCredentialsBack } from './template-restore.ts';

export type TemplateUpdateResult = TemplateUpdateOutcome<MergeCollision>;

async function versionWorkflow(deps: N8nDeps, automationId: string, version: number): Promise<WorkflowJson> {
  const [row] = await deps.db
    .select({ json: templateVersions.workflowJson })
    .from(templateVersions)
    .where(and(eq(templateVersions.automationId, automationId), eq(templateVersions.version, version)));
  if (!row)
    throw new AppError('NOT_FOUND', { userMessage: `Version ${version} of this template is not kept.` });
  return JSON.parse(row.json) as WorkflowJson;
}

/**
 * A template version as a deploy to this instance sends it (preflight's repairs applied: explicit
 * authentication, renamed duplicates, Start replaced…), so those repairs never count as the member's
 * own edits when compared with what their n8n holds.
 */
export async function versionAsDeployed(
  deps: N8nDeps,
  client: N8nClient,
  automationId: string,
  version: number,
): Promise<WorkflowJson> {
  const plan = await planDeployment(client, await versionWorkflow(deps, automationId, version));
  return plan.payload as unknown as WorkflowJson;
}

const upstream = (error: unknown): never => {
  if (!(error instanceof N8nApiError)) throw error;
  throw new AppError('UPSTREAM_FAILED', { userMessage: connectionFailedMessage(error), cause: error });
};

export async function updateDeployment(
  deps: N8nDeps,
  actor: Actor,
  input: { deploymentId: string; resolutions?: MergeResolution[] },
): Promise<TemplateUpdateResult> {
  const userId = actor.userId;
  const row = await memberDeployment(deps, userId, input.deploymentId);
  const update = (await templateUpdatesFor(deps.db, userId)).find((u) => u.deploymentId === row.id);
  if (!update) return { status: 'up-to-date', version: row.templateVersion ?? 1 };

  const client = clientForRow(deps, await resolveConnection(deps, userId, row.connectionId));
  const [base, theirs, mine] = await Promise.all([
    versionAsDeployed(deps, client, row.automationId, update.deployedVersion),
    versionAsDeployed(deps, client, row.automationId, update.latestVersion),
    client.getWorkflow(row.n8nWorkflowId).catch(upstream) as Promise<unknown> as Promise<WorkflowJson>,
  ]);
  const merge = mergeWorkflows({ base, theirs, mine, resolutions: input.resolutions });
  if (merge.collisions.length > 0) {
    // A second click racing the first reads n8n mid-update: once the first has claimed the row, the
    // answer is that it is done, not a collision to decide again.
    const [now] = await deps.db
      .select({ version: deployments.templateVersion })
      .from(deployments)
      .where(eq(deployments.id, row.id));
    if (now && now.version !== row.templateVersion)
      return { status: 'up-to-date', version: now.version ?? 1 };
    return { status: 'collisions', collisions: merge.collisions };
  }

  // The claim: only one request moves this deployment from its version to the new one.
  const claimed = await deps.db
    .update(deployments)
    .set({ templateVersion: update.latestVersion })
    .where(
      and(
        eq(deployments.id, row.id),
        row.templateVersion === null
          ? or(isNull(deployments.templateVersion), eq(deployments.templateVersion, update.deployedVersion))
          : eq(deployments.templateVersion, row.templateVersion),
      ),
    )
    .returning({ id: deployments.id });
  if (claimed.length === 0) return { status: 'up-to-date', version: update.latestVersion };

  let backupId: string | null = null;
  try {
    // The previous state, as an inactive copy (fresh webhook ids, so it never clashes with the live one).
    const name = String((mine as { name?: unknown }).name ?? row.workflowName ?? row.automationTitle);
    const backupPlan = await planDeployment(client, mine, {
      name: `${name} (before update to v${update.latestVersion})`,
      renewWebhookIds: true,
    });
    // With the member's credentials as bound, so a restore from it is the previous state entire.
    putCredentialsBack(backupPlan.payload.nodes, mine);
    const backup = await client.createWorkflow(backupPlan.payload);
    backupId = backup.id;
    // The merged workflow, cleaned for this instance like a deploy, with the member's credentials as they were.
    const plan = await planDeployment(client, merge.workflow, { name });
    putCredentialsBack(plan.payload.nodes, merge.workflow);
    await client.updateWorkflow(row.n8nWorkflowId, plan.payload);
    // What Restore reads (template-restore.ts); a new update replaces the previous copy's record.
    await deps.db
      .update(deployments)
      .set({ backupWorkflowId: backup.id, backupVersion: update.deployedVersion, restoredAt: null })
      .where(eq(deployments.id, row.id));
    await recordAudit(deps, {
      actor,
      action: 'n8n.template-update',
      target: row.id,
      detail: {
        automationId: row.automationId,
        from: update.deployedVersion,
        to: update.latestVersion,
        workflowId: row.n8nWorkflowId,
        backupWorkflowId: backup.id,
        applied: merge.applied,
        keptEdits: merge.keptEdits.length,
      },
    });
    return {
      status: 'updated',
      version: update.latestVersion,
      workflowUrl: workflowEditorUrl(row.instanceUrl, row.n8nWorkflowId),
      backupUrl: workflowEditorUrl(row.instanceUrl, backup.id),
      applied: merge.applied,
      keptEdits: merge.keptEdits.length,
    };
  } catch (error) {
    // Nothing changed in n8n that the member relies on: give the update back, and take the copy made
    // for it away, so a retry leaves one copy, not two.
    if (backupId) await client.deleteWorkflow(backupId).catch(() => {});
    await deps.db
      .update(deployments)
      .set({ templateVersion: row.templateVersion })
      .where(eq(deployments.id, row.id));
    if (error instanceof AppError) throw error;
    return upstream(error);
  }
}
