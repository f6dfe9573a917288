import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection, emptyRuns, renderWith } from '#tests/support/web/n8n-fixtures.tsx';
import { QuickActionsSection } from './quick-actions-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Quick Actions', () => {
  it('shows the spec shortcut labels unbound, real last-used times, the empty runs texts and totals', async () => {
    stubApi({
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
    const calls = stubApi({
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
      'POST /api/n8n/quick-actions/used/duplicate-top-5': { status: 200, body: { ok: true } },
    });
    renderWith(<QuickActionsSection />);
    await screen.findByText('2 most popular workflows');
    fireEvent.click(screen.getByRole('button', { name: /Duplicate Top 5/ }));
    expect(await screen.findByText('Deploying…')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    release();
    expect(await screen.findByText('Not deployed (stopped)')).toBeDefined();
    expect(screen.getByText('Deployed')).toBeDefined();
    expect(calls.filter((c) => c.key === 'POST /api/n8n/deploy')).toHaveLength(1);
    // The deployed copy's own webhook URLs are listed with it.
    fireEvent.click(screen.getByText('Webhook URLs (1)'));
    const hooks = screen.getByRole('region', { name: 'Webhook URLs of First workflow' });
    expect(hooks.textContent).toContain('https://n8n.example.com/webhook/orders-1a2b3c4d');
  });
});
