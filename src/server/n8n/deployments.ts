// Preflight, deploy, history and Emergency Stop over a member's saved connections. Every deployment
// attempt is recorded with its outcome; a successful one is also a 'deploy' automation event.
import { and, count, desc, eq } from 'drizzle-orm';
import { selectAutomation } from '#server/catalog/catalog.queries.ts';
import { selectVerification } from '#server/catalog/verification-store.ts';
import { currentTemplateVersion, deployedBy } from '#server/catalog/versions.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { deployments } from '#server/db/schema/n8n.ts';
import { AppError } from '#server/lib/errors.ts';
import { publishEverywhere } from '#server/realtime/event-bus.ts';
import type {
  CredentialBindingInput,
  DeploymentView,
  EmergencyStopResult,
  N8nDeployResult,
  N8nPreflightResult,
  N8nPreflightView,
  PublishOutcomeView,
  RequiredCredentialView,
} from '#shared/schemas/n8n.ts';
import type { SetupValueInput } from '#shared/schemas/setup-fields.ts';
import {
  type ConnectionRow,
  clientForRow,
  memberDeployment,
  type N8nDeps,
  resolveConnection,
} from './connections.ts';
import { type DeploymentPlan, planDeployment } from './deploy.ts';
import type { N8nClient } from './n8n-client.ts';
import { connectionFailedMessage, createWorkflowFailedMessage, N8nApiError } from './n8n-errors.ts';
import { newWorkflowUrl, workflowEditorUrl } from './n8n-urls.ts';
import { attachUnknownType, parsePublishRefusal, settingsToFill } from './publish-refusal.ts';
import { SetupValuesError } from './setup-fields.ts';
import { webhookUrls } from './webhook-paths.ts';

type DeploymentRow = typeof deployments.$inferSelect;

export function toDeploymentView(row: DeploymentRow): DeploymentView {
  return {
    id: row.id,
    automationId: row.automationId,
    automationTitle: row.automationTitle,
    connectionId: row.connectionId,
    instanceUrl: row.instanceUrl,
    n8nWorkflowId: row.n8nWorkflowId,
    workflowName: row.workflowName,
    workflowUrl: row.n8nWorkflowId ? workflowEditorUrl(row.instanceUrl, row.n8nWorkflowId) : null,
    status: row.status,
    error: row.error,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    previousState:
      row.backupWorkflowId && row.backupVersion !== null
        ? {
            workflowId: row.backupWorkflowId,
            workflowUrl: workflowEditorUrl(row.instanceUrl, row.backupWorkflowId),
            version: row.backupVersion,
            restoredAt: row.restoredAt?.toISOString() ?? null,
          }
        : null,
  };
}

const NO_JSON =
  "This automation doesn't have a downloadable JSON workflow yet. Use the template URL instead.";

const NOT_DEPLOYABLE =
  'This automation cannot be deployed as it is: its wiring is incomplete or it has nothing for n8n to run.';

async function loadAutomation(deps: N8nDeps, automationId: string) {
  const row = await selectAutomation(deps.db, automationId);
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  if (!row.workflowJson) throw new AppError('VALIDATION_FAILED', { userMessage: NO_JSON });
  // The library's own verdict (spec rule, incomplete wiring unless the operator overrode it; decision 0012).
  if (!row.deployable) throw new AppError('VALIDATION_FAILED', { userMessage: NOT_DEPLOYABLE });
  let workflow: unknown;
  try {
    workflow = JSON.parse(row.workflowJson);
  } catch (error) {
    throw new AppError('VALIDATION_FAILED', { userMessage: NO_JSON, cause: error });
  }
  return { id: row.id, title: row.title, workflow };
}

/** Each needed credential with the member's credentials of its type, preselected when one fits. */
function credentialViews(plan: DeploymentPlan): RequiredCredentialView[] {
  const listing = plan.credentialListing;
  if (listing.status !== 'listed') return plan.credentials;
  return plan.credentials.map((c) => {
    const choices = listing.byType[c.type] ?? [];
    const preselected = choices.length === 1 ? choices[0] : choices.find((k) => k.name === c.name);
    return { ...c, choices, preselectedId: preselected?.id ?? null };
  });
}

function preflightView(
  connection: ConnectionRow,
  automation: { id: string; title: string },
  plan: DeploymentPlan,
): N8nPreflightView {
  const listing = plan.credentialListing;
  return {
    connectionId: connection.id,
    instanceUrl: connection.instanceUrl,
    automationId: automation.id,
    automationTitle: automation.title,
    changes: plan.changes,
    credentials: credentialViews(plan),
    capabilitiesSource: plan.capabilities.source,
    capabilitiesFallbackReason: plan.capabilitiesFallbackReason,
    payload: plan.payload as unknown as Record<string, unknown>,
    newWorkflowUrl: newWorkflowUrl(connection.instanceUrl),
    webhooks: webhookUrls(plan.payload.nodes, connection.instanceUrl),
    instanceVersion: plan.instanceVersion,
    nodeTableRelease: plan.release,
    publishes: plan.capabilities.publish,
    nodeIssues: plan.nodeIssues,
    credentialListing: {
      status: listing.status,
      message: listing.status === 'listed' ? null : listing.message,
    },
    setupFields: plan.setupFields,
  };
}

/**
 * Publishes (n8n 2.x) or activates (older) a created workflow. A refusal is an outcome with what each
 * node lacks, parsed from n8n's answer, and the link to fix it in n8n — never a generic error.
 */
export async function publishCreated(
  client: N8nClient,
  workflowId: string,
  nodes: { name: string; type: string; disabled?: unknown }[],
): Promise<PublishOutcomeView> {
  const workflowUrl = workflowEditorUrl(client.instanceUrl, workflowId);
  try {
    await client.publishWorkflow(workflowId);
    return { status: 'published' };
  } catch (error) {
    if (!(error instanceof N8nApiError)) throw error;
    if (error.kind === 'http' && error.status === 400) {
      const refusal = attachUnknownType(parsePublishRefusal(error.body), nodes);
      return { status: 'refused', ...refusal, workflowUrl };
    }
    const message =
      error.kind === 'http'
        ? `n8n answered ${error.status} ${error.statusText}. ${error.body}`.trim()
        : error.message;
    return { status: 'failed', message, workflowUrl };
  }
}

/**
 * Empty settings n8n refused to publish without, as a real n8n of the member's major line reported
 * when the library was verified (issue 39): the member sees which node needs which setting before
 * deploying, instead of after n8n refuses.
 */
async function knownSettingsToFill(deps: N8nDeps, automationId: string, plan: DeploymentPlan) {
  const verification = await selectVerification(deps.db, automationId);
  const line = plan.instanceVersion?.split('.')[0] ?? (plan.capabilities.publish ? '2' : '1');
  const sameLine = [verification, ...(verification?.otherVersions ?? [])].find(
    (v) => v && v.n8nVersion.split('.')[0] === line,
  );
  if (sameLine?.failedStep !== 'activate' || !sameLine.failure) return {};
  const settings = settingsToFill(sameLine.failure);
  return settings.length ? { settingsToFill: settings, settingsCheckedOn: sameLine.n8nVersion } : {};
}

/** What will be sent, dropped or changed, and which credentials to set up, for one instance. */
export async function preflightAutomation(
  deps: N8nDeps,
  userId: string,
  input: { automationId: string; connectionId?: string },
): Promise<N8nPreflightResult> {
  const connection = await resolveConnection(deps, userId, input.connectionId);
  const automation = await loadAutomation(deps, input.automationId);
  const client = clientForRow(deps, connection);
  try {
    const plan = await planDeployment(client, automation.workflow, {
      name: automation.title,
      renewWebhookIds: true,
    });
    return {
      ok: true,
      ...preflightView(connection, automation, plan),
      ...(await knownSettingsToFill(deps, automation.id, plan)),
    };
  } catch (error) {
    // An unreachable or refused instance is an outcome, like a failed deploy (never a 500).
    if (!(error instanceof N8nApiError) && !(error instanceof AppError)) throw error;
    const message = error instanceof AppError ? error.userMessage : error.message;
    deps.log.warn({ automationId: automation.id, kind: (error as N8nApiError).kind }, 'n8n preflight failed');
    return { ok: false, message, connectionId: connection.id, instanceUrl: connection.instanceUrl };
  }
}

/**
 * Creates the workflow in the member's n8n and records the attempt. A refusal by n8n is an outcome
 * (ok: false with 'Failed to create workflow: …' and the browser fallback), not an exception.
 */
export async function deployAutomation(
  deps: N8nDeps,
  userId: string,
  input: {
    automationId: string;
    connectionId?: string;
    credentials?: CredentialBindingInput[];
    publish?: boolean;
    /** The set-up wizard's answers (decision 0026). */
    setup?: SetupValueInput[];
  },
): Promise<N8nDeployResult> {
  const connection = await resolveConnection(deps, userId, input.connectionId);
  const automation = await loadAutomation(deps, input.automationId);
  const client = clientForRow(deps, connection);
  const record = (values: Partial<typeof deployments.$inferInsert> & { status: 'deployed' | 'failed' }) =>
    deps.db
      .insert(deployments)
      .values({
        userId,
        automationId: automation.id,
        automationTitle: automation.title,
        connectionId: connection.id,
        instanceUrl: connection.instanceUrl,
        ...values,
      })
      .returning()
      .then(([row]) => toDeploymentView(row!));

  let plan: DeploymentPlan | null = null;
  try {
    plan = await planDeployment(client, automation.workflow, {
      name: automation.title,
      renewWebhookIds: true,
      credentialBindings: input.credentials,
      setupValues: input.setup,
    });
    const created = await client.createWorkflow(plan.payload);
    const publish = input.publish ? await publishCreated(client, created.id, plan.payload.nodes) : null;
    const deployment = await record({
      status: 'deployed',
      n8nWorkflowId: created.id,
      workflowName: created.name,
      // What was sent, so a newer version can be offered as an update (decision 0025).
      templateVersion: await currentTemplateVersion(deps.db, automation.id),
    });
    await deps.db.insert(automationEvents).values({ userId, automationId: automation.id, kind: 'deploy' });
    await publishEverywhere(deps.database, deps.bus, 'catalog.activity', { automationId: automation.id });
    return {
      ok: true,
      deployment,
      workflowUrl: workflowEditorUrl(connection.instanceUrl, created.id),
      preflight: preflightView(connection, automation, plan),
      publish,
    };
  } catch (error) {
    // Answers in the wrong format: the member corrects them; nothing was sent, nothing to record.
    if (error instanceof SetupValuesError) throw error;
    if (!(error instanceof N8nApiError) && !(error instanceof AppError)) throw error;
    const message =
      error instanceof N8nApiError && error.operation === 'create-workflow'
        ? createWorkflowFailedMessage(error)
        : error instanceof AppError
          ? error.userMessage
          : error.message;
    deps.log.warn({ automationId: automation.id, kind: (error as N8nApiError).kind }, 'n8n deploy failed');
    const deployment = await record({ status: 'failed', error: message });
    return {
      ok: false,
      deployment,
      message,
      fallback: plan
        ? {
            payload: plan.payload as unknown as Record<string, unknown>,
            newWorkflowUrl: newWorkflowUrl(connection.instanceUrl),
          }
        : null,
    };
  }
}

/** The member's deployments, newest first, a page at a time (the history has no end otherwise). */
export async function listDeployments(
  deps: N8nDeps,
  userId: string,
  paging: { page: number; pageSize: number } = { page: 1, pageSize: 100 },
  automationId?: string,
): Promise<{ items: DeploymentView[]; total: number }> {
  const mine = and(
    eq(deployments.userId, userId),
    automationId === undefined ? undefined : eq(deployments.automationId, automationId),
  );
  const [totalRow] = await deps.db.select({ total: count() }).from(deployments).where(mine);
  const rows = await deps.db
    .select()
    .from(deployments)
    .where(mine)
    .orderBy(desc(deployments.createdAt), desc(deployments.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return { items: rows.map(toDeploymentView), total: Number(totalRow?.total ?? 0) };
}

/** Successful deployments not yet stopped, per instance URL. */
export async function deployedWorkflows(
  deps: N8nDeps,
  userId: string,
  options: { activeOnly?: boolean } = {},
) {
  return deps.db
    .select()
    .from(deployments)
    .where(deployedBy(userId, options))
    .orderBy(desc(deployments.createdAt));
}

/** Active workflows pages read at most (250 each) before an emergency stop acts on what it has seen. */
const ACTIVE_PAGES_MAX = 40;

/**
 * Deactivates the workflows Flowvault deployed to the member's default instance that are active now.
 * n8n is asked which workflows are active (one paged list) instead of sending a deactivate call for
 * every deployment ever made (41.6 s at 2,395 deployments).
 */
export async function emergencyStop(deps: N8nDeps, userId: string): Promise<EmergencyStopResult> {
  const connection = await resolveConnection(deps, userId);
  const client = clientForRow(deps, connection);
  const active = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < ACTIVE_PAGES_MAX; page++) {
    const list = await client.listWorkflows({ active: true, limit: 250, cursor }).catch((error: unknown) => {
      // Nothing was stopped: say why, as Test Connection does (it was a 500).
      if (!(error instanceof N8nApiError)) throw error;
      throw new AppError('UPSTREAM_FAILED', {
        userMessage: `Emergency Stop could not reach your n8n: ${connectionFailedMessage(error)}`,
        cause: error,
      });
    });
    for (const workflow of list.data) active.add(workflow.id);
    if (!list.nextCursor) break;
    cursor = list.nextCursor;
  }
  const rows = (await deployedWorkflows(deps, userId)).filter(
    (d) => d.instanceUrl === connection.instanceUrl && active.has(d.n8nWorkflowId!),
  );
  const seen = new Set<string>();
  const result: EmergencyStopResult = { instanceUrl: connection.instanceUrl, deactivated: [], failed: [] };
  for (const row of rows) {
    const workflowId = row.n8nWorkflowId!;
    if (seen.has(workflowId)) continue;
    seen.add(workflowId);
    try {
      // /unpublish on n8n 2.x (where /deactivate is a deprecated alias), /deactivate before.
      await client.unpublishWorkflow(workflowId);
      await deps.db
        .update(deployments)
        .set({ deactivatedAt: new Date() })
        .where(
          and(
            eq(deployments.userId, userId),
            eq(deployments.instanceUrl, connection.instanceUrl),
            eq(deployments.n8nWorkflowId, workflowId),
          ),
        );
      result.deactivated.push({ workflowId, automationTitle: row.automationTitle });
    } catch (error) {
      if (!(error instanceof N8nApiError)) throw error;
      const message =
        error.kind === 'http' ? `${error.status} ${error.statusText}. ${error.body}` : error.message;
      result.failed.push({ workflowId, automationTitle: row.automationTitle, message });
    }
  }
  return result;
}

/** Publishes one of the member's deployments again (after they fixed what n8n named, in n8n). */
export async function publishDeployment(
  deps: N8nDeps,
  userId: string,
  deploymentId: string,
): Promise<PublishOutcomeView> {
  const row = await memberDeployment(deps, userId, deploymentId);
  const connection = await resolveConnection(deps, userId, row.connectionId);
  const client = clientForRow(deps, connection);
  const workflow = await client.getWorkflow(row.n8nWorkflowId).catch((error: unknown) => {
    if (!(error instanceof N8nApiError)) throw error;
    throw new AppError('UPSTREAM_FAILED', { userMessage: connectionFailedMessage(error), cause: error });
  });
  const nodes = (workflow.nodes ?? []).map((n) => ({
    name: String(n.name ?? ''),
    type: String(n.type ?? ''),
  }));
  return publishCreated(client, row.n8nWorkflowId, nodes);
}
