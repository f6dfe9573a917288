import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import type { DeploymentView, N8nRunView } from '#shared/schemas/n8n.ts';

// The n8n section tests' rows and page: a connected instance, run lists, and the providers.

export function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

export const connection = {
  id: '6b1f0c1e-6b0a-4d5e-9b55-2f3f7a0d9a11',
  name: 'Production',
  instanceUrl: 'https://n8n.example.com',
  apiKeyMasked: '••••9f2c',
  webhookUrl: null,
  isDefault: true,
  status: 'connected',
  lastTestMessage: null,
  lastTestedAt: null,
  workflowCount: 3,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
};
export const emptyRuns = {
  runs: [],
  avgDurationByWorkflow: {},
  totals: {
    totalRuns: 0,
    successfulRuns: 0,
    failedRuns: 0,
    successRate: 0,
    avgTimeMs: 0,
    runningRuns: 0,
    waitingRuns: 0,
    itemsProcessed: null,
  },
  unreachable: [],
};
export const run = (over: Partial<N8nRunView>): N8nRunView => ({
  id: 'c:1',
  workflowId: 'W1',
  automationId: 'a1',
  automationName: 'Daily digest',
  instanceUrl: 'https://n8n.example.com',
  status: 'success',
  n8nStatus: 'success',
  items: null,
  mode: 'trigger',
  startedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  stoppedAt: new Date(Date.now() - 5 * 60_000 + 2000).toISOString(),
  durationMs: 2000,
  ...over,
});

/** A successful deployment to https://n8n.example.com on 1 January 2026, never updated. */
export const deploymentView = (over: Partial<DeploymentView> & { id: string }): DeploymentView => ({
  automationId: 'a1',
  automationTitle: 'Daily digest',
  connectionId: null,
  instanceUrl: 'https://n8n.example.com',
  n8nWorkflowId: `w-${over.id}`,
  workflowName: null,
  workflowUrl: null,
  status: 'deployed',
  error: null,
  deactivatedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  previousState: null,
  ...over,
});
