import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { N8nRunView } from '#shared/schemas/n8n.ts';
import { DataProcessingSection, pipelineEta } from './data-processing-section.tsx';
import { DeployCollectionButton } from './deploy-collection.tsx';
import { RecentRuns } from './n8n-activity.tsx';
import { QuickActionsSection } from './quick-actions-section.tsx';

type Reply = { status: number; body: unknown } | (() => Promise<{ status: number; body: unknown }>);

function stubFetch(replies: Record<string, Reply>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (input instanceof Request ? input.method : (init?.method ?? 'GET')).toUpperCase();
      const key = `${method} ${url.pathname}`;
      calls.push(key);
      const found = replies[key];
      if (!found) throw new Error(`unexpected call ${key}`);
      const reply = typeof found === 'function' ? await found() : found;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderWith(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

const connection = {
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
const emptyRuns = {
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
const run = (over: Partial<N8nRunView>): N8nRunView => ({
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

afterEach(() => vi.unstubAllGlobals());

describe('Quick Actions', () => {
  it('shows the spec shortcut labels unbound, real last-used times, the empty runs texts and totals', async () => {
    stubFetch({
      'GET /api/n8n/quick-actions': {
        status: 200,
        body: {
          lastUsed: {
            'deploy-latest': new Date(Date.now() - 5 * 60_000).toISOString(),
            'duplicate-top-5': null,
            'emergency-stop': null,
            'health-check': null,
          },
          latest: { id: 'a1', title: 'Daily digest' },
          top: [{ id: 'a1', title: 'Daily digest' }],
        },
      },
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'GET /api/n8n/runs': { status: 200, body: emptyRuns },
    });
    renderWith(<QuickActionsSection />);
    for (const label of ['Cmd+D', 'Cmd+R', 'Cmd+X', 'Cmd+H']) expect(screen.getByText(label)).toBeDefined();
    expect(await screen.findByText('Last used 5 min ago')).toBeDefined();
    expect(screen.getAllByText('Never used')).toHaveLength(3);
    expect(screen.getByText(/shown but not bound/)).toBeDefined();
    expect(await screen.findByText('No recent automation runs')).toBeDefined();
    expect(screen.getByText('Start using automations to see your activity here')).toBeDefined();
    expect(screen.getByText('Total Runs')).toBeDefined();
    expect(screen.getByText('0%')).toBeDefined();
  });

  it('Duplicate Top 5 shows live progress and stops before the next deployment', async () => {
    let release: () => void = () => {};
    const calls = stubFetch({
      'GET /api/n8n/quick-actions': {
        status: 200,
        body: {
          lastUsed: {
            'deploy-latest': null,
            'duplicate-top-5': null,
            'emergency-stop': null,
            'health-check': null,
          },
          latest: null,
          top: [
            { id: 'a1', title: 'First workflow' },
            { id: 'a2', title: 'Second workflow' },
          ],
        },
      },
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'GET /api/n8n/runs': { status: 200, body: emptyRuns },
      'POST /api/n8n/deploy': () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              status: 200,
              body: {
                ok: true,
                workflowUrl: 'https://n8n.example.com/workflow/W1',
                deployment: { automationTitle: 'First workflow' },
                preflight: {
                  webhooks: [
                    {
                      node: 'Webhook',
                      method: 'POST',
                      productionUrl: 'https://n8n.example.com/webhook/orders-1a2b3c4d',
                      testUrl: 'https://n8n.example.com/webhook-test/orders-1a2b3c4d',
                    },
                  ],
                },
              },
            });
        }),
      'POST /api/n8n/quick-actions/duplicate-top-5/used': { status: 200, body: { ok: true } },
    });
    renderWith(<QuickActionsSection />);
    await screen.findByText('2 most popular workflows');
    fireEvent.click(screen.getByRole('button', { name: /Duplicate Top 5/ }));
    expect(await screen.findByText('Deploying…')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    release();
    expect(await screen.findByText('Not deployed (stopped)')).toBeDefined();
    expect(screen.getByText('Deployed')).toBeDefined();
    expect(calls.filter((c) => c === 'POST /api/n8n/deploy')).toHaveLength(1);
    // The deployed copy's own webhook URLs are listed with it.
    fireEvent.click(screen.getByText('Webhook URLs (1)'));
    const hooks = screen.getByRole('region', { name: 'Webhook URLs of First workflow' });
    expect(hooks.textContent).toContain('https://n8n.example.com/webhook/orders-1a2b3c4d');
  });
});

describe('Recent Runs', () => {
  it("'View All' lists up to 50 runs and 'Show fewer' goes back to 5", async () => {
    const runs = Array.from({ length: 7 }, (_, i) => run({ id: `c:${i}`, automationName: `Workflow ${i}` }));
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
        const limit = Number(url.searchParams.get('limit'));
        calls.push(`${url.pathname}?limit=${limit}`);
        const body = {
          ...emptyRuns,
          runs: runs.slice(0, limit),
          totals: {
            ...emptyRuns.totals,
            totalRuns: runs.length,
            successfulRuns: runs.length,
            successRate: 100,
          },
        };
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderWith(<RecentRuns limit={5} />);
    expect(await screen.findByText('Workflow 4')).toBeDefined();
    expect(screen.queryByText('Workflow 5')).toBeNull();
    const viewAll = screen.getByRole('button', { name: 'View All' });
    expect(viewAll.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(viewAll);
    expect(await screen.findByText('Workflow 6')).toBeDefined();
    expect(calls).toEqual(['/api/n8n/runs?limit=5', '/api/n8n/runs?limit=50']);
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.queryByText('Workflow 6')).toBeNull();
  });

  it('offers no View All when every run is already shown', async () => {
    stubFetch({
      'GET /api/n8n/runs': {
        status: 200,
        body: { ...emptyRuns, runs: [run({ id: 'c:1' })], totals: { ...emptyRuns.totals, totalRuns: 1 } },
      },
    });
    renderWith(<RecentRuns limit={5} />);
    expect(await screen.findByText('Daily digest')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'View All' })).toBeNull();
  });
});

describe('Data Processing', () => {
  it('shows executions as pipelines with status, progress, ETA and honest unreported figures', async () => {
    stubFetch({
      'GET /api/n8n/runs': {
        status: 200,
        body: {
          ...emptyRuns,
          runs: [
            run({ id: 'c:1', items: { processed: 3, total: 5 } }),
            run({ id: 'c:2', status: 'failed', n8nStatus: 'error', automationName: 'Broken sync' }),
          ],
          totals: { ...emptyRuns.totals, totalRuns: 2, successfulRuns: 1, failedRuns: 1, successRate: 50 },
        },
      },
    });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByText('Daily digest')).toBeDefined();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(1);
    expect(screen.getByText('50%')).toBeDefined();
    expect(screen.getAllByText('5 min ago')).toHaveLength(2);
    expect(screen.getByText('Processed 3 / 5')).toBeDefined();
    expect(screen.getAllByText('Not reported by your n8n instance')).toHaveLength(1);
    expect(screen.getByText('0 waiting')).toBeDefined();
  });

  it('shows the empty state texts', async () => {
    stubFetch({ 'GET /api/n8n/runs': { status: 200, body: emptyRuns } });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByText('No data processing activity')).toBeDefined();
    expect(screen.getByText('Run some automations to see processing data here')).toBeDefined();
  });

  it('says how to connect n8n when no instance is connected', async () => {
    stubFetch({
      'GET /api/n8n/runs': { status: 200, body: emptyRuns },
      'GET /api/n8n/connections': { status: 200, body: { items: [] } },
    });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByRole('link', { name: 'Open N8N Integration settings' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain(
      'N8N instance URL and API key are required. Please configure them in Settings.',
    );
  });

  it('ETA: Completed, Failed, Scheduled, or measured from the workflow’s past durations', () => {
    const now = Date.parse('2026-01-01T10:01:00.000Z');
    const avg = { 'https://n8n.example.com W1': 3 * 60_000 };
    expect(pipelineEta(run({}), avg, now)).toBe('Completed');
    expect(pipelineEta(run({ status: 'failed', n8nStatus: 'error' }), avg, now)).toBe('Failed');
    expect(pipelineEta(run({ status: 'running', n8nStatus: 'waiting' }), avg, now)).toBe('Scheduled');
    expect(pipelineEta(run({ status: 'other', n8nStatus: 'unknown' }), avg, now)).toBe('Scheduled');
    const running = run({ status: 'running', n8nStatus: 'running', startedAt: '2026-01-01T10:00:00.000Z' });
    expect(pipelineEta(running, avg, now)).toBe('About 2m left');
    expect(pipelineEta(running, {}, now)).toBe('No past runs to estimate from');
  });
});

describe('Deploy collection', () => {
  it('deploys each deployable saved automation with a live list and skips template-only ones', async () => {
    const card = (id: string, title: string, deployable: boolean) => ({
      automationId: id,
      name: '',
      notes: '',
      createdAt: '2026-03-01T12:00:00.000Z',
      card: { id, title, deployable },
    });
    const calls = stubFetch({
      'GET /api/library/collections': {
        status: 200,
        body: { items: [card('a1', 'Daily digest', true), card('a2', 'Template only', false)], total: 2 },
      },
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/deploy': {
        status: 200,
        body: { ok: true, workflowUrl: 'https://n8n.example.com/workflow/W1', deployment: {}, preflight: {} },
      },
    });
    renderWith(<DeployCollectionButton />);
    expect(await screen.findByText('1 template-only item will be skipped')).toBeDefined();
    const button = screen.getByRole('button', { name: /Deploy collection to n8n/ });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Deployed')).toBeDefined();
    expect(screen.getByText('1 / 1 done')).toBeDefined();
    expect(calls.filter((c) => c === 'POST /api/n8n/deploy')).toHaveLength(1);
  });
});
