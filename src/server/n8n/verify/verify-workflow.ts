// One template on a real n8n (decision 0018): deploy it through the product's own deploy path,
// activate it when its trigger needs no credentials, start it when that is safe, then delete it.
// Plain functions over an N8nClient; nothing here knows whether n8n was started by the CLI or is an
// operator's own connection.

import type { VerificationStep } from '#server/db/schema/n8n.ts';
import { AppError } from '#server/lib/errors.ts';
import { nodeAvailability } from '#server/n8n-releases/node-availability.ts';
import { publishBlockers } from '#server/n8n-releases/publish-blockers.ts';
import { type DeploymentPlan, deployWorkflow, planDeployment } from '../deploy.ts';
import type { N8nClient } from '../n8n-client.ts';
import { createWorkflowFailedMessage, N8nApiError } from '../n8n-errors.ts';
import type { CredentialBinding, N8nNodePayload } from '../preflight.ts';
import {
  attachUnknownType,
  type PublishRefusal,
  parsePublishRefusal,
  publishRefusalLines,
} from '../publish-refusal.ts';
import type { GuardedFetch } from '../ssrf-guard.ts';
import type { CredentialPool } from './throwaway-credentials.ts';
import { throwawaySetupValues } from './throwaway-setup-values.ts';

export type TriggerKind = 'schedule' | 'webhook' | 'manual' | 'form' | 'chat' | 'credentials' | 'none';

/** Triggers n8n can activate without any credential, by kind. */
const FREE_TRIGGERS: Record<string, TriggerKind> = {
  'n8n-nodes-base.scheduleTrigger': 'schedule',
  'n8n-nodes-base.cron': 'schedule',
  'n8n-nodes-base.interval': 'schedule',
  'n8n-nodes-base.webhook': 'webhook',
  'n8n-nodes-base.formTrigger': 'form',
  '@n8n/n8n-nodes-langchain.chatTrigger': 'chat',
  'n8n-nodes-base.manualTrigger': 'manual',
  'n8n-nodes-base.start': 'manual',
  // Started by other workflows or by errors: nothing to activate on their own.
  'n8n-nodes-base.executeWorkflowTrigger': 'manual',
  'n8n-nodes-base.errorTrigger': 'manual',
};
/**
 * Node types that reach other hosts, run commands or touch files on the n8n machine: a verification
 * never starts a workflow holding one (side effects; the corpus has an Execute Command that ran python).
 */
const OUTBOUND_TYPES = new Set([
  'n8n-nodes-base.httpRequest',
  'n8n-nodes-base.httpRequestTool',
  'n8n-nodes-base.executeCommand',
  'n8n-nodes-base.ssh',
  'n8n-nodes-base.ftp',
  'n8n-nodes-base.readWriteFile',
  'n8n-nodes-base.readBinaryFile',
  'n8n-nodes-base.readBinaryFiles',
  'n8n-nodes-base.writeBinaryFile',
]);

const isTrigger = (node: N8nNodePayload) =>
  node.type in FREE_TRIGGERS || /trigger$/i.test(node.type) || node.type.endsWith('.webhook');

/** The trigger that decides activation: 'credentials' when any enabled trigger needs one. */
export function triggerKindOf(nodes: N8nNodePayload[]): TriggerKind {
  const triggers = nodes.filter((n) => n.disabled !== true && isTrigger(n));
  if (triggers.length === 0) return 'none';
  const kinds = triggers.map((n) =>
    n.credentials ? 'credentials' : (FREE_TRIGGERS[n.type] ?? 'credentials'),
  );
  if (kinds.includes('credentials')) return 'credentials';
  for (const kind of ['webhook', 'form', 'chat', 'schedule'] as const) if (kinds.includes(kind)) return kind;
  return 'manual';
}

export type VerificationOutcome = {
  accepted: boolean;
  /** Activated (n8n 1.x) or published (2.x); null: not tried. */
  activated: boolean | null;
  ran: boolean | null;
  /** Throwaway credentials of every needed type were bound (null: none needed, or no pool). */
  credentialsBound: boolean | null;
  /** Publishing was refused, and only for credentials (null: not refused). */
  refusedOnlyForCredentials: boolean | null;
  /** The template uses only nodes built into n8n (no community nodes). */
  builtInOnly: boolean;
  failedStep: VerificationStep | null;
  failure: string | null;
  trigger: TriggerKind | null;
  /** Why publishing was refused, grouped for the run's summary (`refusalReasonsOf`); not stored. */
  refusalReasons: string[];
  /**
   * Publishing refused with credentials, tried again with every field the set-up wizard asks for
   * filled with a format-valid throwaway answer: published then? null: not tried (it published, was
   * not tried, or the wizard asks for nothing).
   */
  publishedAfterSetup: boolean | null;
  /** How many wizard fields that second try filled. */
  setupFieldsFilled: number;
  /** Why it is still refused after that try (or the first refusal when not tried); not stored. */
  finalRefusalReasons: string[];
  /**
   * Of `finalRefusalReasons`, those a member is not told before deploying (preflight's node notices,
   * credential list and wizard do not cover them); not stored.
   */
  notShownBeforeDeploy: string[];
};

export type VerifyDeps = {
  client: N8nClient;
  /** The same guarded fetch the client uses, for the test webhook call. */
  fetch: GuardedFetch;
  /** Starts a manual-trigger workflow and returns the execution id (only where a login exists). */
  runManually?: (workflowId: string) => Promise<string | null>;
  sleep?: (ms: number) => Promise<void>;
  /** How long to wait for an execution to finish. */
  runTimeoutMs?: number;
  /**
   * Throwaway credentials (n8n 2.x): bound before publishing so that the publish check covers
   * everything but the secrets, and credentialed triggers are published too.
   */
  credentials?: CredentialPool;
};

const BUILT_IN = /^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\./;

export const SETTINGS_REASON = 'settings the template leaves empty';
/** Still refused for settings once every wizard field was filled: settings the wizard does not ask for. */
export const SETTINGS_NOT_ASKED = 'settings the wizard does not ask for';

/**
 * The refusal reasons a member is not told before deploying: a removed, turned-off or community node
 * and an author's sub-workflow must be among the detail page's publish blockers, a credential among
 * the credentials preflight lists; settings the wizard does not ask for and anything else are not shown.
 */
export function reasonsNotShown(
  reasons: string[],
  shown: { nodeIssueCodes: string[]; credentials: number },
): string[] {
  const has = (code: string) => shown.nodeIssueCodes.includes(code);
  return reasons.filter((reason) => {
    if (reason.startsWith('node turned off by default')) return !has('node-excluded');
    if (reason.startsWith('node not in this n8n')) return !has('node-removed');
    if (reason === 'community node not installed') return !has('community-node');
    if (reason === 'calls a sub-workflow of the author’s n8n') return !has('sub-workflow');
    if (reason === 'credential not bound') return shown.credentials === 0;
    return true;
  });
}
const CREDENTIAL_KINDS = new Set(['credential-missing', 'credential-not-configured']);

/**
 * The reasons of one publish refusal, in the words of the run's summary (one entry per kind): what a
 * member would have to do. A missing node type is told apart by the node table: turned off by
 * default, removed from this n8n line, or a community node.
 */
export function refusalReasonsOf(
  refusal: PublishRefusal,
  nodes: N8nNodePayload[],
  release: string,
): string[] {
  const reasons = new Set<string>();
  const typeOf = new Map(nodes.map((n) => [n.name, n]));
  for (const entry of refusal.nodes) {
    for (const reason of entry.reasons) {
      if (reason.kind === 'parameters') reasons.add(SETTINGS_REASON);
      else if (CREDENTIAL_KINDS.has(reason.kind)) reasons.add('credential not bound');
      else if (reason.kind === 'sub-workflow-unpublished')
        reasons.add('calls a sub-workflow of the author’s n8n');
      else if (reason.kind === 'shared-trigger-id') reasons.add('triggers share a node id');
      else if (reason.kind === 'node-type-missing') {
        const node = typeOf.get(entry.node);
        const status = node ? nodeAvailability(node.type, node.typeVersion, release).status : 'removed';
        reasons.add(
          status === 'excluded'
            ? `node turned off by default (${node?.type.split('.').pop()})`
            : status === 'community'
              ? 'community node not installed'
              : `node not in this n8n (${node?.type.split('.').pop() ?? 'unknown'})`,
        );
      } else reasons.add(`other: ${reason.text.slice(0, 120)}`);
    }
  }
  // "Unrecognized node type" naming a type no node of the payload has (an AI tool variant of it):
  // told apart by the node table all the same.
  if (refusal.nodes.length === 0 && refusal.unknownType) {
    const status = nodeAvailability(refusal.unknownType, undefined, release).status;
    reasons.add(
      status === 'community'
        ? 'community node not installed'
        : `node not in this n8n (${refusal.unknownType.split('.').pop()})`,
    );
  } else if (refusal.nodes.length === 0)
    reasons.add(`other: ${(refusal.general ?? refusal.message).slice(0, 120)}`);
  return [...reasons].sort();
}

/** n8n's publish refusal, node by node in a member's words, and whether it is only about credentials. */
function publishFailure(error: unknown, nodes: N8nNodePayload[], release: string) {
  if (!(error instanceof N8nApiError && error.kind === 'http'))
    return {
      text: messageOf(error),
      onlyCredentials: false,
      reasons: [`other: ${messageOf(error).slice(0, 120)}`],
    };
  const refusal = attachUnknownType(parsePublishRefusal(error.body), nodes);
  const onlyCredentials =
    refusal.nodes.length > 0 &&
    refusal.nodes.every((n) => n.reasons.every((r) => CREDENTIAL_KINDS.has(r.kind)));
  const lines = publishRefusalLines(refusal);
  return {
    text: refusal.nodes.length ? lines.join('\n') : `${error.status} ${refusal.message}`,
    onlyCredentials,
    reasons: refusalReasonsOf(refusal, nodes, release),
  };
}

const messageOf = (error: unknown) =>
  error instanceof AppError
    ? error.userMessage
    : error instanceof N8nApiError
      ? error.kind === 'http'
        ? `${error.status} ${error.statusText}. ${error.body}`.trim()
        : error.message
      : String(error);

const FINISHED = new Set(['success', 'error', 'crashed', 'canceled']);

async function awaitExecution(
  deps: VerifyDeps,
  workflowId: string,
  executionId: string | null,
): Promise<{ ran: boolean; failure: string | null }> {
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const deadline = Date.now() + (deps.runTimeoutMs ?? 15_000);
  let lastStatus = 'none';
  while (Date.now() < deadline) {
    const id =
      executionId ?? (await deps.client.listExecutions({ workflowId, limit: 1 })).data[0]?.id ?? null;
    if (id) {
      const outcome = await deps.client.getExecutionOutcome(id);
      lastStatus = outcome.status;
      if (outcome.status === 'success') return { ran: true, failure: null };
      if (FINISHED.has(outcome.status))
        return { ran: false, failure: outcome.error ?? `The execution ended with status ${outcome.status}` };
    }
    await sleep(250);
  }
  return {
    ran: false,
    failure:
      lastStatus === 'none'
        ? 'n8n recorded no execution'
        : `The execution had not finished after ${Math.round((deps.runTimeoutMs ?? 15_000) / 1000)} s (${lastStatus})`,
  };
}

/** Calls the production webhook of the first enabled webhook node; n8n answers once it has started. */
async function callWebhook(deps: VerifyDeps, nodes: N8nNodePayload[]): Promise<string | null> {
  const hook = nodes.find((n) => n.type === 'n8n-nodes-base.webhook' && n.disabled !== true);
  if (!hook) return 'No webhook node to call';
  const params = hook.parameters as { path?: unknown; httpMethod?: unknown };
  let path = typeof params.path === 'string' && params.path ? params.path : String(hook.webhookId ?? '');
  // A path with parameters (`user/:id`) is served under the webhook id, as n8n registers it.
  if (path.includes(':')) path = `${hook.webhookId}/${path.replace(/:[^/]+/g, 'verify')}`;
  const method = typeof params.httpMethod === 'string' ? params.httpMethod.toUpperCase() : 'GET';
  const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  const verb = (allowed as readonly string[]).includes(method) ? (method as (typeof allowed)[number]) : 'GET';
  const sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const call = () =>
    deps.fetch(`${deps.client.instanceUrl}/webhook/${path.replace(/^\/+/, '')}`, {
      method: verb,
      headers: verb === 'GET' ? {} : { 'Content-Type': 'application/json' },
      body: verb === 'GET' ? undefined : JSON.stringify({ flowvaultVerification: true }),
    });
  // A 404 means n8n has no such webhook registered; anything else means the call reached the workflow.
  // n8n 2.40.7 registers a published workflow's webhooks a moment after /publish answers ("The
  // workflow must be active for a production URL…" right after publishing): retry for up to 5 s.
  let response = await call();
  for (let attempt = 0; response.status === 404 && attempt < 20; attempt++) {
    await sleep(250);
    response = await call();
  }
  if (response.status === 404) return `The webhook call was refused: ${response.body.slice(0, 300)}`;
  return null;
}

/**
 * Deletes a workflow the verification made. n8n 2.x deletes only unpublished workflows (409 "Unpublish
 * it before deleting"), and unpublishing finishes in the background (409 "still being unpublished"
 * for a moment): unpublish first, then retry the delete for up to 10 s.
 */
export async function removeWorkflow(
  client: N8nClient,
  id: string,
  published: boolean,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  if (published) await client.unpublishWorkflow(id).catch(() => undefined);
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await client.deleteWorkflow(id);
      return;
    } catch (error) {
      if (!(error instanceof N8nApiError && error.status === 409)) return;
      await sleep(250);
    }
  }
}

/**
 * The second try: the same deploy with the set-up wizard's fields answered (throwaway values that
 * pass each field's format check, as a member's answers must), then publish, then delete.
 * `reasons` is null when the try itself failed before n8n could refuse the publish.
 */
async function publishAfterSetup(
  deps: VerifyDeps,
  workflow: unknown,
  options: {
    name: string;
    renewWebhookIds: boolean;
    credentialBindings: CredentialBinding[];
    fields: DeploymentPlan['setupFields'];
  },
): Promise<{ published: boolean | null; filled: number; reasons: string[] | null }> {
  const { values } = throwawaySetupValues(options.fields);
  if (values.length === 0) return { published: null, filled: 0, reasons: null };
  let created: Awaited<ReturnType<typeof deployWorkflow>>;
  try {
    created = await deployWorkflow(deps.client, workflow, { ...options, setupValues: values });
  } catch (error) {
    if (error instanceof N8nApiError || error instanceof AppError)
      return {
        published: false,
        filled: values.length,
        reasons: [`other: ${messageOf(error).slice(0, 120)}`],
      };
    throw error;
  }
  let published = false;
  try {
    await deps.client.publishWorkflow(created.workflowId);
    published = true;
    return { published, filled: values.length, reasons: [] };
  } catch (error) {
    const failure = publishFailure(error, created.payload.nodes, created.release);
    return { published, filled: values.length, reasons: failure.reasons };
  } finally {
    await removeWorkflow(deps.client, created.workflowId, published, deps.sleep);
  }
}

/** Accept → activate → run → delete, for one workflow file. Never throws for n8n's refusals. */
export async function verifyWorkflow(
  deps: VerifyDeps,
  input: { workflow: unknown; name: string },
): Promise<VerificationOutcome> {
  const out: VerificationOutcome = {
    accepted: false,
    activated: null,
    ran: null,
    failedStep: null,
    failure: null,
    trigger: null,
    credentialsBound: null,
    refusedOnlyForCredentials: null,
    builtInOnly: true,
    refusalReasons: [],
    publishedAfterSetup: null,
    setupFieldsFilled: 0,
    finalRefusalReasons: [],
    notShownBeforeDeploy: [],
  };
  const fail = (step: VerificationStep, failure: string) => {
    out.failedStep = step;
    out.failure = failure.slice(0, 1_000);
    return out;
  };
  let created: Awaited<ReturnType<typeof deployWorkflow>>;
  let v2 = false;
  const options = { name: input.name, renewWebhookIds: true };
  const credentialBindings: CredentialBinding[] = [];
  try {
    const plan = await planDeployment(deps.client, input.workflow, options);
    v2 = plan.capabilities.publish;
    out.builtInOnly = plan.payload.nodes.every((n) => BUILT_IN.test(n.type));
    // Bound through the product's own picker path: ids the member's credential list holds.
    if (deps.credentials && plan.capabilities.credentialList && plan.credentials.length) {
      for (const needed of plan.credentials) {
        const throwaway = await deps.credentials.ensure(needed.type);
        if (throwaway) credentialBindings.push({ type: needed.type, name: needed.name, id: throwaway.id });
      }
      out.credentialsBound = credentialBindings.length === plan.credentials.length;
    }
    created = await deployWorkflow(deps.client, input.workflow, { ...options, credentialBindings });
  } catch (error) {
    if (error instanceof N8nApiError && error.kind === 'http')
      return fail('accept', createWorkflowFailedMessage(error));
    if (error instanceof N8nApiError || error instanceof AppError) return fail('accept', messageOf(error));
    throw error;
  }
  out.accepted = true;
  const nodes = created.payload.nodes;
  out.trigger = triggerKindOf(nodes);
  let phase: VerificationStep = 'activate';
  try {
    // n8n 2.x with throwaway credentials: credentialed triggers are published too (and fail only
    // where their service cannot be reached with dummy values, which n8n reports).
    const activatable =
      ['schedule', 'webhook', 'form', 'chat'].includes(out.trigger) ||
      (v2 && out.trigger === 'credentials' && out.credentialsBound !== null);
    if (activatable) {
      try {
        await deps.client.publishWorkflow(created.workflowId);
        out.activated = true;
      } catch (error) {
        out.activated = false;
        const failure = publishFailure(error, nodes, created.release);
        out.refusedOnlyForCredentials = failure.onlyCredentials;
        out.refusalReasons = failure.reasons;
        out.finalRefusalReasons = failure.reasons;
        fail('activate', failure.text);
        if (created.setupFields.length) {
          const after = await publishAfterSetup(deps, input.workflow, {
            ...options,
            credentialBindings,
            fields: created.setupFields,
          });
          out.publishedAfterSetup = after.published;
          out.setupFieldsFilled = after.filled;
          if (after.published) out.finalRefusalReasons = [];
          else if (after.reasons) out.finalRefusalReasons = after.reasons;
        }
        // Settings still refused once the wizard had its say (or when it asks for none): it does not ask for them.
        if (!out.publishedAfterSetup)
          out.finalRefusalReasons = out.finalRefusalReasons.map((r) =>
            r === SETTINGS_REASON ? SETTINGS_NOT_ASKED : r,
          );
        out.notShownBeforeDeploy = reasonsNotShown(out.finalRefusalReasons, {
          // What the detail page tells every member (publish-blockers.ts), whatever their instance.
          nodeIssueCodes: publishBlockers(nodes, created.release).issues.map((i) => i.code),
          credentials: created.credentials.length,
        });
        return out;
      }
    }
    const safe = created.credentials.length === 0 && !nodes.some((n) => OUTBOUND_TYPES.has(n.type));
    if (!safe) return out;
    let executionId: string | null = null;
    phase = 'run';
    if (out.trigger === 'webhook' && out.activated) {
      const refused = await callWebhook(deps, nodes).catch((error: unknown) => messageOf(error));
      if (refused) {
        out.ran = false;
        return fail('run', refused);
      }
    } else if (out.trigger === 'manual' && deps.runManually) {
      try {
        executionId = await deps.runManually(created.workflowId);
      } catch (error) {
        // n8n refused to start it (e.g. "The workflow has issues…"): a failed run, not a crash.
        out.ran = false;
        return fail('run', error instanceof Error ? error.message : String(error));
      }
    } else return out;
    const result = await awaitExecution(deps, created.workflowId, executionId);
    out.ran = result.ran;
    if (result.failure) fail('run', result.failure);
    return out;
  } catch (error) {
    if (!(error instanceof N8nApiError)) throw error;
    if (phase === 'run') out.ran = false;
    else out.activated = false;
    return fail(phase, messageOf(error));
  } finally {
    await removeWorkflow(deps.client, created.workflowId, out.activated === true, deps.sleep);
  }
}
