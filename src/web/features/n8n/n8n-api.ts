import type {
  CredentialBindingInput,
  DeploymentView,
  EmergencyStopResult,
  N8nConnectionCreate,
  N8nConnectionUpdate,
  N8nConnectionView,
  N8nDeployResult,
  N8nHealthView,
  N8nPreflightResult,
  N8nPreflightView,
  N8nRunsView,
  N8nTestResult,
  PublishOutcomeView,
  QuickAction,
  QuickActionsView,
} from '#shared/schemas/n8n.ts';
import type { SetupValueInput } from '#shared/schemas/setup-fields.ts';
import { ApiError, api, unwrap } from '#web/lib/api.ts';

/** The member's n8n integration (server: src/server/n8n/n8n.routes.ts). */
/** Deployments per page of the history; "Show more" loads the next. */
export const DEPLOYMENTS_PAGE_SIZE = 50;

export const n8nApi = {
  connections: async (): Promise<N8nConnectionView[]> =>
    (await unwrap(await api.n8n.connections.$get())).items as N8nConnectionView[],
  create: async (input: N8nConnectionCreate): Promise<N8nConnectionView> =>
    unwrap(await api.n8n.connections.$post({ json: input })) as Promise<N8nConnectionView>,
  update: async (id: string, input: N8nConnectionUpdate): Promise<N8nConnectionView> =>
    unwrap(
      await api.n8n.connections[':id'].$patch({ param: { id }, json: input }),
    ) as Promise<N8nConnectionView>,
  remove: async (id: string) => unwrap(await api.n8n.connections[':id'].$delete({ param: { id } })),
  testSaved: async (id: string): Promise<{ result: N8nTestResult; connection: N8nConnectionView }> =>
    unwrap(await api.n8n.connections[':id'].test.$post({ param: { id } })) as Promise<{
      result: N8nTestResult;
      connection: N8nConnectionView;
    }>,
  testDraft: async (instanceUrl: string, apiKey: string): Promise<N8nTestResult> =>
    unwrap(await api.n8n.test.$post({ json: { instanceUrl, apiKey } })) as Promise<N8nTestResult>,
  health: async (id: string): Promise<N8nHealthView> =>
    unwrap(await api.n8n.connections[':id'].health.$get({ param: { id } })) as Promise<N8nHealthView>,
  /** An unreachable instance answers ok:false; the dialog shows its message like any error. */
  preflight: async (automationId: string, connectionId?: string): Promise<N8nPreflightView> => {
    const result = (await unwrap(
      await api.n8n.preflight.$post({ json: { automationId, connectionId } }),
    )) as N8nPreflightResult;
    if (!result.ok) throw new ApiError(200, { error: { code: 'UPSTREAM_FAILED', message: result.message } });
    return result;
  },
  deploy: async (
    automationId: string,
    connectionId?: string,
    options: { credentials?: CredentialBindingInput[]; publish?: boolean; setup?: SetupValueInput[] } = {},
  ): Promise<N8nDeployResult> =>
    unwrap(
      await api.n8n.deploy.$post({ json: { automationId, connectionId, ...options } }),
    ) as Promise<N8nDeployResult>,
  /** Publishes a deployment again (after the member fixed what n8n named). */
  publishDeployment: async (id: string): Promise<PublishOutcomeView> =>
    unwrap(await api.n8n.deployments[':id'].publish.$post({ param: { id } })) as Promise<PublishOutcomeView>,
  /** One page of the deployment history, newest first. */
  deployments: async (page: number): Promise<{ items: DeploymentView[]; total: number; pageSize: number }> =>
    (await unwrap(
      await api.n8n.deployments.$get({
        query: { page: String(page), pageSize: String(DEPLOYMENTS_PAGE_SIZE) },
      }),
    )) as unknown as { items: DeploymentView[]; total: number; pageSize: number },
  /** The member's successful, still running copies of one template (newest first). */
  deployedCopies: async (automationId: string): Promise<DeploymentView[]> => {
    const { items } = (await unwrap(
      await api.n8n.deployments.$get({ query: { page: '1', pageSize: '20', automationId } }),
    )) as unknown as { items: DeploymentView[] };
    return items.filter((d) => d.status === 'deployed' && d.deactivatedAt === null);
  },
  emergencyStop: async (): Promise<EmergencyStopResult> =>
    unwrap(await api.n8n['emergency-stop'].$post()) as Promise<EmergencyStopResult>,
  runs: async (limit = 5): Promise<N8nRunsView> =>
    unwrap(await api.n8n.runs.$get({ query: { limit: String(limit) } })) as Promise<N8nRunsView>,
  quickActions: async (): Promise<QuickActionsView> =>
    unwrap(await api.n8n['quick-actions'].$get()) as Promise<QuickActionsView>,
  deployLatest: async (): Promise<N8nDeployResult> =>
    unwrap(await api.n8n['quick-actions']['deploy-latest'].$post()) as Promise<N8nDeployResult>,
  markUsed: async (action: QuickAction) =>
    unwrap(await api.n8n['quick-actions'].used[':action'].$post({ param: { action } })),
};

export const n8nKeys = {
  quickActions: ['n8n', 'quick-actions'] as const,
  connections: ['n8n', 'connections'] as const,
  deployments: ['n8n', 'deployments'] as const,
  runs: (limit: number) => ['n8n', 'runs', limit] as const,
};
