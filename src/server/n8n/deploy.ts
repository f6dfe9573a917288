// Deploy a library workflow into a member's n8n: read what the instance accepts (cached
// openapi.yml), run preflight, create the workflow. Plain functions over an N8nClient.
import { AppError } from '#server/lib/errors.ts';
import type { InstanceCapabilities } from './instance-capabilities.ts';
import type { N8nClient } from './n8n-client.ts';
import { workflowEditorUrl } from './n8n-urls.ts';
import {
  type PreflightChange,
  type PreflightOptions,
  preflightWorkflow,
  type RequiredCredential,
  type WorkflowPayload,
} from './preflight.ts';

export type DeploymentPlan = {
  payload: WorkflowPayload;
  changes: PreflightChange[];
  credentials: RequiredCredential[];
  capabilities: InstanceCapabilities;
  /** Set when the instance's openapi.yml could not be read and the baseline was used. */
  capabilitiesFallbackReason: string | null;
};

/** What will be sent, dropped or changed, and which credentials the member must set up. */
export async function planDeployment(
  client: N8nClient,
  workflow: unknown,
  options: PreflightOptions = {},
): Promise<DeploymentPlan> {
  const { capabilities, fallbackReason } = await client.getCapabilities();
  const result = preflightWorkflow(workflow, capabilities, options);
  if (!result.ok) throw new AppError('VALIDATION_FAILED', { userMessage: result.reason });
  return {
    payload: result.payload,
    changes: result.changes,
    credentials: result.credentials,
    capabilities,
    capabilitiesFallbackReason: fallbackReason,
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
  options: PreflightOptions = {},
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
