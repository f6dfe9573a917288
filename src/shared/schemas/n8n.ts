import { z } from 'zod';
import { MAX_SETUP_VALUES, type SetupFieldView, SetupValueSchema } from './setup-fields.ts';

/** Spec part 2 §8: the n8n texts, word for word. */
export const N8N_TEXT = {
  notConfigured: 'N8N instance URL and API key are required. Please configure them in Settings.',
  missingCredentialsTitle: 'Missing Credentials',
  missingCredentialsBody: 'Please enter both Instance URL and API Key',
  connectionFailedTitle: 'Connection Failed',
  connectionErrorTitle: 'Connection Error',
  connectionErrorBody: 'An unexpected error occurred while testing the connection',
  unknownConnectionError: 'Unknown connection error',
  settingsUpdated: 'N8N Settings Updated',
  deployingTitle: 'Deploying to N8N',
  deployingBody: 'Creating workflow in your N8N instance...',
  deployedTitle: 'Workflow Deployed Successfully',
  deployFailedTitle: 'API Deployment Failed',
  deployFailedBody: 'Falling back to browser method...',
  noRunsTitle: 'No recent automation runs',
  noRunsBody: 'Start using automations to see your activity here',
} as const;

export const N8N_CONNECTION_STATUSES = ['disconnected', 'testing', 'connected'] as const;
export type N8nConnectionStatusValue = (typeof N8N_CONNECTION_STATUSES)[number];

const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => v === '' || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    'Enter a full URL, e.g. https://n8n.example.com/webhook/…',
  )
  .transform((v) => (v === '' ? null : v));

export const N8nConnectionCreateSchema = z.strictObject({
  name: z.string().trim().max(80).optional(),
  instanceUrl: z.string().trim().min(1, 'Instance URL is required').max(2000),
  apiKey: z.string().trim().min(1, 'API Key is required').max(4000),
  webhookUrl: optionalUrl.optional(),
  isDefault: z.boolean().optional(),
});
export type N8nConnectionCreate = z.input<typeof N8nConnectionCreateSchema>;

export const N8nConnectionUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(80).optional(),
  instanceUrl: z.string().trim().min(1, 'Instance URL is required').max(2000).optional(),
  apiKey: z.string().trim().min(1, 'API Key is required').max(4000).optional(),
  webhookUrl: optionalUrl.nullable().optional(),
  isDefault: z.literal(true).optional(),
});
export type N8nConnectionUpdate = z.input<typeof N8nConnectionUpdateSchema>;

/** Test Connection on values not saved yet. */
export const N8nDraftTestSchema = z.strictObject({
  instanceUrl: z.string().trim().min(1, 'Instance URL is required').max(2000),
  apiKey: z.string().trim().min(1, 'API Key is required').max(4000),
});

/** The member's pick for one credential the template needs: an id in their n8n, or null ("set up later"). */
export const CredentialBindingSchema = z.strictObject({
  type: z.string().min(1).max(200),
  name: z.string().max(300),
  id: z.string().min(1).max(200).nullable(),
});
export type CredentialBindingInput = z.infer<typeof CredentialBindingSchema>;

export const N8nDeploySchema = z.strictObject({
  automationId: z.string().min(1).max(300),
  /** The member's default instance when omitted. */
  connectionId: z.uuid().optional(),
  /** Credentials chosen in the picker (n8n 2.x with credential:list); others are bound by name. */
  credentials: z.array(CredentialBindingSchema).max(100).optional(),
  /** Publish (activate) the workflow right after creating it. */
  publish: z.boolean().optional(),
  /** The set-up wizard's answers: a value per node and parameter (decision 0026). */
  setup: z.array(SetupValueSchema).max(MAX_SETUP_VALUES).optional(),
});
export type N8nDeployInput = z.infer<typeof N8nDeploySchema>;

export const N8nRunsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).optional().default(5),
});

export type N8nConnectionView = {
  id: string;
  name: string;
  instanceUrl: string;
  /** Last four characters only, e.g. ••••a1b2. */
  apiKeyMasked: string;
  webhookUrl: string | null;
  isDefault: boolean;
  status: N8nConnectionStatusValue;
  lastTestMessage: string | null;
  lastTestedAt: string | null;
  workflowCount: number | null;
  createdAt: string;
  updatedAt: string;
};

export type N8nTestResult =
  | { ok: true; status: 'connected'; workflowCount: number; countComplete: boolean; message: string }
  | { ok: false; status: 'disconnected'; message: string };

export type PreflightChangeView = { code: string; message: string; key?: string; nodes?: string[] };
/** One credential the template needs, and the member's credentials of that type when n8n lists them. */
export type RequiredCredentialView = {
  type: string;
  name: string;
  nodes: string[];
  /** The member's credentials of this type (n8n 2.x, credential:list); absent when not listed. */
  choices?: { id: string; name: string }[];
  /** Preselected: the only one of that type, or the one with the template's name. */
  preselectedId?: string | null;
};
/** Nodes the member's n8n lacks, turns off by default or needs installed (words for the member). */
export type NodeIssueView = { code: string; nodes: string[]; type: string; message: string };
/** How credentials are bound: picked from the member's list, or by name (and why). */
export type CredentialListingView = {
  status: 'listed' | 'no-scope' | 'unsupported' | 'failed';
  message: string | null;
};

/** n8n's answer to publishing: live, or what each node lacks (parsed from n8n's refusal). */
export type PublishOutcomeView =
  | { status: 'published' }
  | {
      status: 'refused';
      nodes: { node: string; reasons: { kind: string; text: string }[] }[];
      general: string | null;
      message: string;
      workflowUrl: string;
    }
  | { status: 'failed'; message: string; workflowUrl: string };

/** Where n8n listens for one Webhook node of a deployed workflow (issue 21 item 14). */
export type N8nWebhookUrl = { node: string; method: string; productionUrl: string; testUrl: string };

export type N8nPreflightView = {
  connectionId: string;
  instanceUrl: string;
  automationId: string;
  automationTitle: string;
  changes: PreflightChangeView[];
  credentials: RequiredCredentialView[];
  capabilitiesSource: 'openapi' | 'baseline';
  capabilitiesFallbackReason: string | null;
  /** The cleaned workflow JSON (what will be sent; also what the browser fallback copies). */
  payload: Record<string, unknown>;
  newWorkflowUrl: string;
  /** The Webhook nodes' production and test URLs with the paths this plan gives them. */
  webhooks: N8nWebhookUrl[];
  /** The n8n version the instance reveals (null when it does not), and the node table release used. */
  instanceVersion: string | null;
  nodeTableRelease: string;
  /** Whether publishing goes through /publish (n8n 2.x) or /activate. */
  publishes: boolean;
  nodeIssues: NodeIssueView[];
  credentialListing: CredentialListingView;
  /**
   * Settings the template leaves empty that n8n requires before it publishes, per node, as a real
   * n8n of the member's line reported when the library was verified (empty when none, or never
   * checked); `checkedOn` names that n8n version.
   */
  settingsToFill?: { node: string; settings: string[] }[];
  settingsCheckedOn?: string | null;
  /** What the template leaves for the member to fill before it runs (set-up wizard, decision 0026). */
  setupFields: SetupFieldView[];
};

/** Preflight answers ok:false (never a 5xx) when the member's n8n cannot be reached or is refused. */
export type N8nPreflightResult =
  | (N8nPreflightView & { ok: true })
  | { ok: false; message: string; connectionId: string; instanceUrl: string };

export type DeploymentView = {
  id: string;
  automationId: string;
  automationTitle: string;
  connectionId: string | null;
  instanceUrl: string;
  n8nWorkflowId: string | null;
  workflowName: string | null;
  workflowUrl: string | null;
  status: 'deployed' | 'failed';
  error: string | null;
  deactivatedAt: string | null;
  createdAt: string;
  /** The inactive copy a template update kept of the state before it (decision 0025); null when none. */
  previousState: {
    workflowId: string;
    workflowUrl: string;
    /** The template version that state was deployed from. */
    version: number;
    /** When the member restored it; null while it can be restored. */
    restoredAt: string | null;
  } | null;
};

export type N8nDeployResult =
  | {
      ok: true;
      deployment: DeploymentView;
      workflowUrl: string;
      preflight: N8nPreflightView;
      /** Null when the member did not ask to publish. */
      publish: PublishOutcomeView | null;
    }
  | {
      ok: false;
      deployment: DeploymentView;
      message: string;
      /** Browser fallback: copy this JSON, open newWorkflowUrl, import. */
      fallback: { payload: Record<string, unknown>; newWorkflowUrl: string } | null;
    };

export type N8nRunView = {
  id: string;
  workflowId: string;
  automationId: string;
  automationName: string;
  instanceUrl: string;
  status: 'success' | 'running' | 'failed' | 'other';
  n8nStatus: string;
  /** Items the execution reports (only when n8n returns run data); null otherwise. */
  items: { processed: number; total: number } | null;
  /** 'trigger' | 'manual' | 'webhook' … as n8n reports the mode. */
  mode: string | null;
  startedAt: string | null;
  stoppedAt: string | null;
  durationMs: number | null;
};

export type N8nRunsView = {
  /** Average successful duration per workflow, keyed `${instanceUrl} ${workflowId}` (pipelines ETA). */
  avgDurationByWorkflow: Record<string, number>;
  runs: N8nRunView[];
  totals: {
    totalRuns: number;
    successfulRuns: number;
    failedRuns: number;
    successRate: number;
    avgTimeMs: number;
    /** Executions running now (running or new). */
    runningRuns: number;
    /** Executions waiting (n8n's 'waiting' status): the Queue card. */
    waitingRuns: number;
    /** Items out of the last node, summed over the runs shown that report it (null when none does). */
    itemsProcessed: number | null;
  };
  /** Instances that could not be read, with why. */
  unreachable: { instanceUrl: string; message: string }[];
};

export type EmergencyStopResult = {
  instanceUrl: string;
  deactivated: { workflowId: string; automationTitle: string }[];
  failed: { workflowId: string; automationTitle: string; message: string }[];
};

export type N8nHealthView = {
  connection: N8nTestResult;
  n8nVersion: string | null;
  capabilities: {
    source: 'openapi' | 'baseline';
    apiVersion: string | null;
    fallbackReason: string | null;
    workflowFields: string[];
    settingsKeys: string[];
  } | null;
};

/** Success Rate = successful ÷ total × 100, or 0 without runs (spec part 2 §9). */
export function successRate(successful: number, total: number): number {
  return total > 0 ? Math.round((successful / total) * 1000) / 10 : 0;
}

export const QUICK_ACTIONS = ['deploy-latest', 'duplicate-top-5', 'emergency-stop', 'health-check'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];
export const QuickActionParamSchema = z.object({ action: z.enum(QUICK_ACTIONS) });

export type QuickActionsView = {
  lastUsed: Record<QuickAction, string | null>;
  /** Deploy Latest's target: the newest deployable library workflow. */
  latest: { id: string; title: string } | null;
  /** Duplicate Top 5's targets: the five most popular deployable workflows. */
  top: { id: string; title: string }[];
};
