import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeploymentView } from '#shared/schemas/n8n.ts';
import type { TemplateUpdateView, TemplateVersionView } from '#shared/schemas/template-versions.ts';
import { stubApi } from '#tests/support/stub-api.ts';
import { deploymentView } from '#tests/support/web/n8n-fixtures.tsx';
import { DeploymentHistory } from './n8n-activity.tsx';
import {
  AutomationUpdateNotice,
  PreviousStateNotice,
  TemplateUpdatesCard,
  VersionHistory,
} from './template-updates.tsx';

const deployment = (id: string, title: string): DeploymentView =>
  deploymentView({ id, automationId: id === 'd1' ? 'ai-digest' : 'other', automationTitle: title });

const v2: TemplateVersionView = {
  version: 2,
  status: 'published',
  note: 'Cheaper and faster model.',
  changelog: ['OpenAI model gpt-3.5-turbo → gpt-4o-mini', 'removes the Wait node'],
  publishedAt: '2026-02-01T00:00:00.000Z',
  createdAt: '2026-02-01T00:00:00.000Z',
};
const v1: TemplateVersionView = {
  ...v2,
  version: 1,
  note: null,
  changelog: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

const update: TemplateUpdateView = {
  deploymentId: 'd1',
  automationId: 'ai-digest',
  automationTitle: 'AI digest to Slack',
  instanceUrl: 'https://n8n.example.com',
  n8nWorkflowId: 'w-d1',
  deployedVersion: 1,
  latestVersion: 2,
  versions: [v2],
};

function renderWithRouter(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Update available', () => {
  it('marks only the deployment whose template has a newer version, on the list and the overview', async () => {
    stubApi({
      'GET /api/n8n/deployments': {
        status: 200,
        body: {
          items: [deployment('d1', 'AI digest to Slack'), deployment('d2', 'Other')],
          total: 2,
          page: 1,
          pageSize: 50,
        },
      },
      'GET /api/n8n/template-updates': { status: 200, body: { items: [update] } },
    });
    renderWithRouter(
      <>
        <TemplateUpdatesCard />
        <DeploymentHistory />
      </>,
    );
    const badge = await screen.findByRole('link', { name: 'Update available · v2' });
    expect(badge.getAttribute('href')).toBe('/automation/ai-digest#versions');
    expect(screen.getAllByRole('link', { name: /Update available/ })).toHaveLength(1);
    const card = screen.getByRole('region', { name: 'Update available for 1 deployed template' });
    expect(within(card).getByText('v1 → v2')).toBeDefined();
    expect(within(card).getByText('Cheaper and faster model.')).toBeDefined();
    expect(within(card).getByText('OpenAI model gpt-3.5-turbo → gpt-4o-mini')).toBeDefined();
  });

  it('shows the detail page notice and the version history; nothing when up to date', async () => {
    const calls = stubApi({
      'POST /api/n8n/deployments/d1/update': {
        status: 200,
        body: { status: 'updated', version: 2, workflowUrl: 'x', backupUrl: 'y', applied: 2, keptEdits: 1 },
      },
      'GET /api/n8n/template-updates': { status: 200, body: { items: [update] } },
      'GET /api/catalog/automations/ai-digest/versions': { status: 200, body: { items: [v2, v1] } },
      'GET /api/catalog/automations/other/versions': { status: 200, body: { items: [v1] } },
      'GET /api/n8n/deployments/d1/update-preview': {
        status: 200,
        body: {
          ...update,
          workflowUrl: 'https://n8n.example.com/workflow/w-d1',
          nodes: [
            { node: 'Slack', mine: ['Slack channel C0123 → C_MEMBER'], theirs: [], collisions: [] },
            {
              node: 'OpenAI',
              mine: ['OpenAI model gpt-3.5-turbo → gpt-4o'],
              theirs: ['OpenAI model gpt-3.5-turbo → gpt-4o-mini'],
              collisions: ['both changed the model: yours gpt-4o, the new version gpt-4o-mini'],
            },
          ],
          collisions: 1,
          decisions: [
            { node: 'OpenAI', path: 'modelId', label: 'model', mine: 'gpt-4o', theirs: 'gpt-4o-mini' },
          ],
          compareMs: 3,
        },
      },
    });
    renderWithRouter(
      <>
        <AutomationUpdateNotice automationId="ai-digest" />
        <AutomationUpdateNotice automationId="other" />
        <VersionHistory automationId="ai-digest" />
        <VersionHistory automationId="other" />
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Update available: version 2' })).toBeDefined();
    expect(screen.getAllByRole('heading', { name: /Update available/ })).toHaveLength(1);
    const history = await screen.findByRole('region', { name: 'Version history' });
    expect(within(history).getByText('removes the Wait node')).toBeDefined();
    expect(within(history).getByText('First version in the library.')).toBeDefined();
    expect(screen.getAllByRole('region', { name: 'Version history' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Compare with my n8n' }));
    const rows = await screen.findByRole('list', { name: 'Changes node by node' });
    const openAi = within(rows).getByText('OpenAI').closest('li')!;
    expect(
      within(openAi).getByText('both changed the model: yours gpt-4o, the new version gpt-4o-mini'),
    ).toBeDefined();
    expect(within(rows).getByText('Slack channel C0123 → C_MEMBER')).toBeDefined();
    expect(screen.getByText(/^1 collision:/)).toBeDefined();

    // Mine is kept unless the member picks the new value; the choice goes with the update.
    expect(screen.getByRole('radio', { name: 'Keep mine: gpt-4o' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: "Take the new version's: gpt-4o-mini" }));
    fireEvent.click(screen.getByRole('button', { name: 'Update my workflow to version 2' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'POST /api/n8n/deployments/d1/update')).toBe(true),
    );
    expect(calls.find((c) => c.key === 'POST /api/n8n/deployments/d1/update')!.body).toEqual({
      resolutions: [{ node: 'OpenAI', path: 'modelId', take: 'theirs' }],
    });
  });

  it('restores the state kept before an update, after asking, from the history and the detail page', async () => {
    const updated: DeploymentView = {
      ...deployment('d1', 'AI digest to Slack'),
      previousState: {
        workflowId: 'w-copy',
        workflowUrl: 'https://n8n.example.com/workflow/w-copy',
        version: 1,
        restoredAt: null,
      },
    };
    const restored: DeploymentView = {
      ...updated,
      id: 'd2',
      previousState: { ...updated.previousState!, restoredAt: '2026-02-02T00:00:00.000Z' },
    };
    const calls = stubApi({
      'GET /api/n8n/deployments': {
        status: 200,
        body: { items: [updated, restored], total: 2, page: 1, pageSize: 50 },
      },
      'GET /api/n8n/template-updates': { status: 200, body: { items: [] } },
      'POST /api/n8n/deployments/d1/restore': {
        status: 200,
        body: { status: 'restored', version: 1, workflowUrl: 'https://n8n.example.com/workflow/w-d1' },
      },
    });
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    renderWithRouter(
      <>
        <DeploymentHistory />
        <PreviousStateNotice automationId="ai-digest" />
      </>,
    );
    // One restorable deployment, shown in the history and on the detail page; the restored one has none.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Restore version 1' })).toHaveLength(2));
    const notice = screen.getByRole('region', { name: 'Before the update' });
    expect(
      within(notice)
        .getByRole('link', { name: /Open the copy/ })
        .getAttribute('href'),
    ).toBe('https://n8n.example.com/workflow/w-copy');
    // Declined: nothing sent.
    fireEvent.click(within(notice).getByRole('button', { name: 'Restore version 1' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.key === 'POST /api/n8n/deployments/d1/restore')).toBe(false);
    confirm.mockReturnValue(true);
    fireEvent.click(within(notice).getByRole('button', { name: 'Restore version 1' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.key === 'POST /api/n8n/deployments/d1/restore')).toHaveLength(1),
    );
  });
});
