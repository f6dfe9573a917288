import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { AiAgentsSection } from './ai-agents-section.tsx';

const agent = (i: number): AutomationCard => ({
  id: `agent-${i}`,
  title: i === 7 ? 'Telegram helper' : `Agent number ${i}`,
  summary: 'An agent.',
  category: 'AI & Automation',
  difficulty: 'Beginner',
  tags: [],
  integrations: [],
  author: 'Ada',
  source: 'vault',
  rating: null,
  ratingCount: 0,
  runs: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
  hasVideo: false,
  thumbnailUrl: null,
  hasTemplate: true,
  hasResources: false,
  deployable: true,
  nodeCount: 3,
});

const ALL = Array.from({ length: 30 }, (_, i) => agent(i + 1));

/** The network boundary, paged and searched like the server (page, pageSize, q). */
function stubAgents() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      calls.push(url);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 24);
      const found = ALL.filter((a) => a.title.toLowerCase().includes(q));
      const body = {
        items: found.slice((page - 1) * size, page * size),
        total: found.length,
        stats: { count: ALL.length, totalRuns: ALL.length, avgRating: 0 },
      };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderSection() {
  const router = createMemoryRouter([{ path: '*', element: <AiAgentsSection /> }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AI Agents section', () => {
  it('shows the real count, pages with Show more, and searches', async () => {
    const calls = stubAgents();
    renderSection();
    expect(await screen.findByText('Showing 24 of 30')).toBeDefined();
    expect(screen.getByText('Workflows').nextElementSibling?.textContent).toBe('30');
    expect(screen.getAllByRole('link', { name: /^View Details/ })).toHaveLength(24);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 30 of 30')).toBeDefined();
    expect(screen.getAllByRole('link', { name: /^View Details/ })).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(calls.map((u) => u.searchParams.get('page'))).toEqual(['1', '2']);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search AI agents' }), {
      target: { value: 'telegram' },
    });
    expect(await screen.findByText('Showing 1 of 1')).toBeDefined();
    expect(screen.getByRole('link', { name: 'View Details: Telegram helper' })).toBeDefined();
    expect(calls.at(-1)?.searchParams.get('q')).toBe('telegram');
    // The tiles still describe every agent.
    expect(screen.getByText('Workflows').nextElementSibling?.textContent).toBe('30');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search AI agents' }), {
      target: { value: 'nothing like it' },
    });
    expect(await screen.findByText('No AI agents match "nothing like it"')).toBeDefined();
  });
});
