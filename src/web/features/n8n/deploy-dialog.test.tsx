import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { DeployDialog } from './deploy-dialog.tsx';
import { connection, renderWith } from './n8n-fixtures.tsx';

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
};

function renderDialog() {
  renderWith(<DeployDialog automationId="a1" automationTitle="Daily digest" open onClose={() => {}} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('Deploy to n8n dialog', () => {
  it('shows the preflight report and the credentials checklist, then the link on success', async () => {
    stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/preflight': { status: 200, body: preflight },
      'POST /api/n8n/deploy': {
        status: 200,
        body: {
          ok: true,
          workflowUrl: 'https://n8n.example.com/workflow/W1',
          deployment: {
            ...deployment,
            status: 'deployed',
            error: null,
            n8nWorkflowId: 'W1',
            workflowName: 'Daily digest',
          },
          preflight,
        },
      },
    });
    renderDialog();
    expect(await screen.findByText('pinData is not sent')).toBeInstanceOf(HTMLElement);
    expect(screen.getByRole('checkbox', { name: /Work SMTP/ })).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Deploy to Production' }));
    expect((await screen.findAllByText('Workflow Deployed Successfully')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Open Daily digest in n8n/ }).getAttribute('href')).toBe(
      'https://n8n.example.com/workflow/W1',
    );
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
    stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/preflight': { status: 200, body: preflight },
      'POST /api/n8n/deploy': {
        status: 200,
        body: {
          ok: true,
          workflowUrl: 'https://n8n.example.com/workflow/W1',
          deployment: {
            ...deployment,
            status: 'deployed',
            error: null,
            n8nWorkflowId: 'W1',
            workflowName: 'Daily digest',
          },
          preflight: { ...preflight, webhooks },
        },
      },
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
    stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/preflight': { status: 200, body: preflight },
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
    stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/preflight': {
        status: 200,
        body: {
          ok: false,
          message: 'Could not reach your n8n instance',
          connectionId: connection.id,
          instanceUrl: connection.instanceUrl,
        },
      },
    });
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
});
