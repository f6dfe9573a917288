import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { card, renderDashboard, stubDashboardApi } from '#tests/support/web/dashboard-fixtures.tsx';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { AiAgentsSection } from './ai-agents-section.tsx';

const agent = (i: number): AutomationCard =>
  card({
    id: `agent-${i}`,
    title: i === 7 ? 'Telegram helper' : `Agent number ${i}`,
    summary: 'An agent.',
    category: 'AI & Automation',
    difficulty: 'Beginner',
    tags: [],
    integrations: [],
    author: 'Ada',
    rating: null,
    ratingCount: 0,
    runs: 1,
    createdAt: '2024-01-01T00:00:00.000Z',
    hasResources: false,
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
  renderApp({ routes: { '*': <AiAgentsSection /> } });
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

describe('AI Agents section in the dashboard', () => {
  it('shows 8 skeletons, then the tiles and cards with their badges', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubDashboardApi(async () => {
      await gate;
      return {
        items: [
          card({ id: 'a', title: 'Telegram agent', rating: 4, runs: 3, hasVideo: true }),
          card({ id: 'b', title: 'Mail bot', rating: 5, runs: 2, source: '3000' }),
        ],
      };
    });
    renderDashboard('/dashboard?section=ai-agents');
    expect(screen.getByRole('heading', { name: 'AI Agents' })).toBeDefined();
    expect(screen.getAllByTestId('agent-skeleton')).toHaveLength(8);
    await act(async () => release());
    expect(await screen.findByText('Telegram agent')).toBeDefined();
    expect(screen.getByText('Workflows').nextElementSibling?.textContent).toBe('2');
    expect(screen.getByText('Total Runs').nextElementSibling?.textContent).toBe('5');
    expect(screen.getByText('Avg Rating').nextElementSibling?.textContent).toBe('4.5');
    expect(screen.getAllByText('Ready to deploy')).toHaveLength(2);
    expect(screen.getAllByText('Video Tutorial')).toHaveLength(1);
    expect(screen.getAllByText('Community')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'View Details: Mail bot' }).getAttribute('href')).toBe(
      '/automation/b',
    );
  });

  it('empty: No AI Agents Found and Avg Rating 0', async () => {
    stubDashboardApi(() => ({ items: [] }));
    renderDashboard('/dashboard?section=ai-agents');
    expect(await screen.findByText('No AI Agents Found')).toBeDefined();
    expect(screen.getByText('No AI agents are currently available. Please check back later.')).toBeDefined();
    expect(screen.getByText('Avg Rating').nextElementSibling?.textContent).toBe('0');
  });
});
