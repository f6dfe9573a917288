import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { emptyRuns, renderWith, run } from '#tests/support/web/n8n-fixtures.tsx';
import { RecentRuns } from './n8n-activity.tsx';

afterEach(() => vi.unstubAllGlobals());

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
    stubApi({
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
