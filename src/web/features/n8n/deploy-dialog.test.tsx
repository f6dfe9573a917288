import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection, renderWith } from '#tests/support/web/n8n-fixtures.tsx';
import { DeployDialog } from './deploy-dialog.tsx';

const payload = { name: 'Daily digest', nodes: [], connections: {}, settings: {} };
const preflight = {
  ok: true,
  connectionId: connection.id,
  instanceUrl: connection.instanceUrl,
  automationId: 'a1',
  automationTitle: 'Daily digest',
  changes: [{ code: 'field-dropped', message: 'pinData is not sent' }],
  credentials: [{ type: 'smtp', name: 'Work SMTP', nodes: ['Mail'] }],
  capabilitiesSource: 'openapi',
  capabilitiesFallbackReason: null,
  payload,
  newWorkflowUrl: 'https://n8n.example.com/workflow/new',
  webhooks: [] as unknown[],
};
const deployment = {
  id: 'd1',
  automationId: 'a1',
  automationTitle: 'Daily digest',
  connectionId: connection.id,
  instanceUrl: connection.instanceUrl,
  n8nWorkflowId: null,
  workflowName: null,
  workflowUrl: null,
  status: 'failed',
  error: 'Failed to create workflow: 400 Bad Request. nope',
  deactivatedAt: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  previousState: null,
};

/** The deployment of a deploy that went through, as W1. */
const deployed = {
  ...deployment,
  status: 'deployed',
  error: null,
  n8nWorkflowId: 'W1',
  workflowName: 'Daily digest',
};

/** The answer of a deploy that went through, as W1; `extra` adds to it or replaces parts. */
function deployedBody(extra: Record<string, unknown> = {}) {
  return {
    ok: true,
    workflowUrl: 'https://n8n.example.com/workflow/W1',
    deployment: deployed,
    preflight,
    ...extra,
  };
}

/** One saved connection and the preflight `report` (the standard one unless given), then `routes`. */
function stubDialog(routes: Parameters<typeof stubApi>[0] = {}, report: unknown = preflight) {
  return stubApi({
    'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
    'POST /api/n8n/preflight': { status: 200, body: report },
    ...routes,
  });
}

function renderDialog() {
  renderWith(<DeployDialog automationId="a1" automationTitle="Daily digest" open onClose={() => {}} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('Deploy to n8n dialog', () => {
  it('shows the preflight report and the credentials checklist, then the link on success', async () => {
    stubDialog({ 'POST /api/n8n/deploy': { status: 200, body: deployedBody() } });
    renderDialog();
    expect(await screen.findByText('pinData is not sent')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('checkbox', { name: /Work SMTP/ })).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Deploy to Production' }));
    expect((await screen.findAllByText('Workflow Deployed Successfully')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Open Daily digest in n8n/ }).getAttribute('href')).toBe(
      'https://n8n.example.com/workflow/W1',
    );
  });

  it('warns before a second copy of a template already running there, and offers to open it (issue 43)', async () => {
    const earlier = { ...deployed, workflowUrl: 'https://n8n.example.com/workflow/W1' };
    const calls = stubDialog({
      'GET /api/n8n/deployments': {
        status: 200,
        body: { items: [earlier], total: 1, page: 1, pageSize: 20 },
      },
      'POST /api/n8n/deploy': {
        status: 200,
        body: deployedBody({
          workflowUrl: 'https://n8n.example.com/workflow/W2',
          deployment: { ...earlier, id: 'd2', n8nWorkflowId: 'W2' },
        }),
      },
    });
    renderDialog();
    const warning = await screen.findByText(
      /You already deployed this template to https:\/\/n8n\.example\.com/,
    );
    expect(warning.textContent).toContain('as “Daily digest”');
    expect(screen.getByRole('link', { name: /Open the existing one/ }).getAttribute('href')).toBe(
      'https://n8n.example.com/workflow/W1',
    );
    // No plain Deploy button while the choice is open.
    expect(screen.queryByRole('button', { name: 'Deploy to Production' })).toBeNull();
    expect(calls.find((c) => c.key === 'GET /api/n8n/deployments')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Deploy another copy' }));
    expect((await screen.findAllByText('Workflow Deployed Successfully')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.key === 'POST /api/n8n/deploy')).toHaveLength(1);
  });

  it("shows the deployed copy's production and test webhook URLs", async () => {
    const webhooks = [
      {
        node: 'Orders hook',
        method: 'POST',
        productionUrl: 'https://n8n.example.com/webhook/orders-1a2b3c4d',
        testUrl: 'https://n8n.example.com/webhook-test/orders-1a2b3c4d',
      },
    ];
    stubDialog({
      'POST /api/n8n/deploy': { status: 200, body: deployedBody({ preflight: { ...preflight, webhooks } }) },
    });
    renderDialog();
    fireEvent.click(await screen.findByRole('checkbox', { name: /Work SMTP/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Deploy to Production' }));
    const section = await screen.findByRole('region', { name: 'Webhook URLs' });
    expect(section.textContent).toContain('https://n8n.example.com/webhook/orders-1a2b3c4d');
    expect(section.textContent).toContain('https://n8n.example.com/webhook-test/orders-1a2b3c4d');
    expect(screen.getByRole('button', { name: 'Copy the production URL of Orders hook' })).toBeInstanceOf(
      HTMLElement,
    );
  });

  it('falls back to the browser method: JSON copied, new-workflow page opened, steps shown', async () => {
    stubDialog({
      'POST /api/n8n/deploy': {
        status: 200,
        body: {
          ok: false,
          message: 'Failed to create workflow: 400 Bad Request. nope',
          deployment,
          fallback: { payload, newWorkflowUrl: preflight.newWorkflowUrl },
        },
      },
    });
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderDialog();
    fireEvent.click(await screen.findByRole('button', { name: 'Deploy to Production' }));
    expect((await screen.findAllByText('API Deployment Failed')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Falling back to browser method...')).toBeInstanceOf(HTMLElement);
    expect(await screen.findByText('The cleaned workflow JSON is on your clipboard.')).toBeInstanceOf(
      HTMLElement,
    );
    expect(screen.getByText('Failed to create workflow: 400 Bad Request. nope')).toBeInstanceOf(HTMLElement);
    expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual(payload);
    expect(open).toHaveBeenCalledWith(
      'https://n8n.example.com/workflow/new',
      '_blank',
      'noopener,noreferrer',
    );
  });

  it('shows the message of a preflight that could not reach the instance (ok: false)', async () => {
    stubDialog(
      {},
      {
        ok: false,
        message: 'Could not reach your n8n instance',
        connectionId: connection.id,
        instanceUrl: connection.instanceUrl,
      },
    );
    renderDialog();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach your n8n instance');
  });

  it("says 'N8N instance URL and API key are required…' without an instance", async () => {
    stubApi({ 'GET /api/n8n/connections': { status: 200, body: { items: [] } } });
    renderDialog();
    expect(
      await screen.findByText(
        'N8N instance URL and API key are required. Please configure them in Settings.',
      ),
    ).toBeInstanceOf(HTMLElement);
  });

  it('n8n 2.x: picks from the member’s credentials, publishes, and shows what each node lacks when refused', async () => {
    const v2 = {
      ...preflight,
      credentials: [
        {
          type: 'telegramApi',
          name: 'Telegram account',
          nodes: ['Send'],
          choices: [
            { id: 'c1', name: 'Family bot' },
            { id: 'c2', name: 'Work bot' },
          ],
          preselectedId: null,
        },
      ],
      instanceVersion: '2.40.7',
      nodeTableRelease: '2.40.7',
      publishes: true,
      nodeIssues: [
        {
          code: 'node-excluded',
          nodes: ['Run'],
          type: 'n8n-nodes-base.executeCommand',
          message: '“Run”: turned off',
        },
      ],
      credentialListing: { status: 'listed', message: null },
    };
    const calls = stubDialog(
      {
        'GET /api/n8n/deployments': { status: 200, body: { items: [], total: 0, page: 1, pageSize: 20 } },
        'POST /api/n8n/deploy': {
          status: 200,
          body: deployedBody({
            preflight: v2,
            publish: {
              status: 'refused',
              nodes: [
                {
                  node: 'Send',
                  reasons: [{ kind: 'parameters', text: 'these settings must be filled in: chatId' }],
                },
              ],
              general: null,
              message: 'Cannot publish workflow: …',
              workflowUrl: 'https://n8n.example.com/workflow/W1',
            },
          }),
        },
        'POST /api/n8n/deployments/d1/publish': { status: 200, body: { status: 'published' } },
      },
      v2,
    );
    renderDialog();
    expect(await screen.findByText('“Run”: turned off')).toBeInstanceOf(HTMLElement);
    const picker = screen.getByRole('combobox', { name: /Telegram account/ }) as HTMLSelectElement;
    expect(picker.value).toBe('');
    fireEvent.change(picker, { target: { value: 'c2' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Publish it now/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Deploy to Production' }));
    expect(await screen.findByText('n8n did not publish it yet')).toBeInstanceOf(HTMLElement);
    expect(calls.find((c) => c.key === 'POST /api/n8n/deploy')?.body).toMatchObject({
      credentials: [{ type: 'telegramApi', name: 'Telegram account', id: 'c2' }],
      publish: true,
    });
    expect(screen.getByText(/these settings must be filled in: chatId/)).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('link', { name: /Fix it in your n8n/ }).getAttribute('href')).toBe(
      'https://n8n.example.com/workflow/W1',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Publish again' }));
    expect(await screen.findByText('Published: it is live in your n8n.')).toBeInstanceOf(HTMLElement);
  });
});
