import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeploymentView } from '#shared/schemas/n8n.ts';
import { deploymentView } from '#tests/support/web/n8n-fixtures.tsx';
import { DeploymentHistory } from './n8n-activity.tsx';

const ALL: DeploymentView[] = Array.from({ length: 60 }, (_, i) =>
  deploymentView({
    id: `d${i}`,
    automationId: `a${i}`,
    automationTitle: `Automation ${i + 1}`,
    n8nWorkflowId: `w${i}`,
  }),
);

afterEach(() => vi.unstubAllGlobals());

describe('deployment history', () => {
  it('pages past the first 50 deployments with Show more', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | Request) => {
        const url = new URL(typeof input === 'string' ? input : input.url);
        const page = Number(url.searchParams.get('page'));
        const pageSize = Number(url.searchParams.get('pageSize'));
        const body = {
          items: ALL.slice((page - 1) * pageSize, page * pageSize),
          total: ALL.length,
          page,
          pageSize,
        };
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DeploymentHistory />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Automation 50')).toBeDefined();
    expect(screen.queryByText('Automation 51')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Automation 60')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
