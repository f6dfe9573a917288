// Deploy a library workflow into a member's n8n: read what the instance accepts (cached
// openapi.yml), its version (which node table applies) and, on n8n 2.x with the credential:list
// scope, the member's credentials (the picker); run preflight, create the workflow, and publish it
// when asked. Plain functions over an N8nClient.
import { AppError } from '#server/lib/errors.ts';
import { type NodeIssue, tableReleaseFor } from '#server/n8n-releases/node-availability.ts';
import type { SetupFieldView, SetupValueInput } from '#shared/schemas/setup-fields.ts';
import type { InstanceCapabilities } from './instance-capabilities.ts';
import type { N8nClient } from './n8n-client.ts';
import { N8nApiError } from './n8n-errors.ts';
import { workflowEditorUrl } from './n8n-urls.ts';
import {
  type CredentialBinding,
  type PreflightChange,
  type PreflightOptions,
  preflightWorkflow,
  type RequiredCredential,
  type WorkflowPayload,
} from './preflight.ts';
import { detectSetupFields, fillSetupFields, SetupValuesError } from './setup-fields.ts';

export type CredentialChoice = { id: string; name: string };
/** The member's credentials per type, or why Flowvault cannot list them (then n8n binds by name). */
export type CredentialListing =
  | { status: 'listed'; byType: Record<string, CredentialChoice[]> }
  | { status: 'no-scope' | 'unsupported' | 'failed'; message: string };

export type DeploymentPlan = {
  payload: WorkflowPayload;
  changes: PreflightChange[];
  credentials: RequiredCredential[];
  capabilities: InstanceCapabilities;
  /** Set when the instance's openapi.yml could not be read and the baseline was used. */
  capabilitiesFallbackReason: string | null;
  /** The version the instance reveals (null when it does not), and the node table release used. */
  instanceVersion: string | null;
  release: string;
  nodeIssues: NodeIssue[];
  credentialListing: CredentialListing;
  /** What the template leaves for the member to fill (set-up wizard, decision 0026), before any answer. */
  setupFields: SetupFieldView[];
};

export const BIND_BY_NAME =
  'n8n binds each credential by name: one of yours called exactly as listed, of the right type, is used; otherwise you pick it in n8n after deploying.';

/** The member's credentials of the types this workflow needs (n8n 2.x, scope credential:list). */
async function listCredentials(
  client: N8nClient,
  capabilities: InstanceCapabilities,
): Promise<CredentialListing> {
  if (!capabilities.credentialList)
    return {
      status: 'unsupported',
      message: `Your n8n does not list credentials to its API (n8n 2.x does). ${BIND_BY_NAME}`,
    };
  try {
    const byType: Record<string, CredentialChoice[]> = {};
    for (const c of await client.listCredentials()) {
      byType[c.type] = [...(byType[c.type] ?? []), { id: c.id, name: c.name }];
    }
    return { status: 'listed', byType };
  } catch (error) {
    if (!(error instanceof N8nApiError)) throw error;
    if (error.kind === 'http' && (error.status === 403 || error.status === 401))
      return {
        status: 'no-scope',
        message: `Your API key may not list credentials (it lacks the credential:list scope), so Flowvault cannot offer them here. ${BIND_BY_NAME}`,
      };
    return {
      status: 'failed',
      message: `Your credentials could not be listed (${error.message}). ${BIND_BY_NAME}`,
    };
  }
}

/** What will be sent, dropped or changed, and which credentials the member must set up. */
export async function planDeployment(
  client: N8nClient,
  workflow: unknown,
  options: PreflightOptions & { setupValues?: SetupValueInput[] } = {},
): Promise<DeploymentPlan> {
  const [{ capabilities, fallbackReason }, instanceVersion] = await Promise.all([
    client.getCapabilities(),
    client.getVersion().catch(() => null),
  ]);
  const release = tableReleaseFor(instanceVersion, capabilities.publish);
  const credentialListing = await listCredentials(client, capabilities);
  // Only ids that are the member's credentials of that type are sent (with their real names).
  const credentialBindings: CredentialBinding[] = [];
  for (const b of options.credentialBindings ?? []) {
    if (!b.id || credentialListing.status !== 'listed') continue;
    const found = credentialListing.byType[b.type]?.find((c) => c.id === b.id);
    if (found) credentialBindings.push({ ...b, boundName: found.name });
  }
  const result = preflightWorkflow(workflow, capabilities, { ...options, release, credentialBindings });
  if (!result.ok) throw new AppError('VALIDATION_FAILED', { userMessage: result.reason });
  // The set-up wizard's fields, and the member's answers written in (checked by format first).
  const setupFields = detectSetupFields(result.payload.nodes);
  if (options.setupValues?.length) {
    const filled = fillSetupFields(result.payload.nodes, setupFields, options.setupValues);
    if (!filled.ok) throw new SetupValuesError(filled.errors);
  }
  return {
    setupFields,
    payload: result.payload,
    changes: result.changes,
    credentials: result.credentials,
    capabilities,
    capabilitiesFallbackReason: fallbackReason,
    instanceVersion,
    release,
    nodeIssues: result.nodeIssues,
    credentialListing,
  };
}

export type DeploymentResult = DeploymentPlan & { workflowId: string; workflowUrl: string; name: string };

/**
 * Creates the workflow in the member's n8n. Throws `AppError` when the file is not a workflow, and
 * `N8nApiError` when n8n refuses it (show `createWorkflowFailedMessage`, then the browser fallback
 * with `plan.payload`).
 */
export async function deployWorkflow(
  client: N8nClient,
  workflow: unknown,
  options: PreflightOptions & { setupValues?: SetupValueInput[] } = {},
): Promise<DeploymentResult> {
  const plan = await planDeployment(client, workflow, options);
  const created = await client.createWorkflow(plan.payload);
  return {
    ...plan,
    workflowId: created.id,
    name: created.name,
    workflowUrl: workflowEditorUrl(client.instanceUrl, created.id),
  };
}
