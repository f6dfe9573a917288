import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_TAGS } from '#shared/catalog/constants.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { AuthContext, type AuthState, signedOutState } from '#web/features/auth/auth-context.tsx';
import { DashboardShell } from './dashboard-shell.tsx';

const card = (over: Partial<AutomationCard> = {}): AutomationCard => ({
  id: 'lead-router',
  title: 'Lead router',
  summary: 'Routes new CRM leads to the right sales rep.',
  category: 'Business Process',
  difficulty: 'Intermediate',
  tags: ['crm', 'sales', 'leads', 'routing', 'hubspot'],
  integrations: ['HubSpot'],
  author: 'Grace Hopper',
  source: 'vault',
  rating: 4.25,
  ratingCount: 4,
  runs: 12,
  createdAt: '2023-01-15T00:00:00.000Z',
  hasVideo: false,
  thumbnailUrl: null,
  hasTemplate: true,
  hasResources: true,
  deployable: true,
  nodeCount: 6,
  ...over,
});

type SearchReply = { items: AutomationCard[] };

/** The network boundary: answers the dashboard's API calls and records the search queries. */
function stubApi(search: (url: URL) => SearchReply | Promise<SearchReply>) {
  const searches: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      const reply = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/catalog/automations') {
        searches.push(url);
        const { items } = await search(url);
        // Paged like the server: page and pageSize from the query.
        const page = Number(url.searchParams.get('page') ?? 1);
        const pageSize = Number(url.searchParams.get('pageSize') ?? 24);
        return reply({
          items: items.slice((page - 1) * pageSize, page * pageSize),
          total: items.length,
          page,
          pageSize,
          categoryCounts: {},
          chipCounts: {},
        });
      }
      if (url.pathname === '/api/library/collections') return reply({ items: [], total: 0 });
      if (url.pathname === '/api/catalog/ai-agents') {
        const items = (await search(url)).items;
        const rated = items.filter((i) => i.rating !== null);
        const avg = rated.length ? rated.reduce((s, i) => s + (i.rating ?? 0), 0) / rated.length : 0;
        return reply({
          items,
          total: items.length,
          stats: { count: items.length, totalRuns: items.reduce((s, i) => s + i.runs, 0), avgRating: avg },
        });
      }
      if (url.pathname === '/api/library/overview')
        return reply({
          email: 'member@example.com',
          userId: 'u1',
          totalRuns: 3,
          automationsCopied: 5,
          saved: 0,
          rated: 0,
          daysRemaining: 'Lifetime',
          last7Days: {},
          recentActivity: [],
        });
      throw new Error(`unexpected call ${url.pathname}`);
    }),
  );
  return searches;
}

function renderDashboard(path: string, auth: Partial<AuthState> = {}) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <DashboardShell /> },
      { path: '/automation/:id', element: <p>Detail page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider
        value={{
          ...signedOutState,
          user: { id: 'u1', email: 'member@example.com' },
          isSubscribed: true,
          ...auth,
        }}
      >
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('search section', () => {
  it('shows the spec texts, the four sorts (newest by default) and the 15 chips', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubApi(async () => {
      await gate;
      return { items: [] };
    });
    renderDashboard('/dashboard?section=search');
    expect(screen.getByRole('heading', { name: 'Search Automations' })).toBeDefined();
    expect(screen.getByPlaceholderText('Search automations, workflows, actions...')).toBeDefined();
    expect(
      within(screen.getByRole('form', { name: 'Search automations' })).getByRole('button', {
        name: 'Search',
      }),
    ).toBeDefined();
    const sort = screen.getByLabelText('Sort by') as HTMLSelectElement;
    expect(sort.value).toBe('newest');
    expect([...sort.options].map((o) => o.text)).toEqual([
      'Newest First',
      'Oldest First',
      'Most Popular',
      'A-Z',
    ]);
    const chips = within(screen.getByRole('group', { name: 'Filter by category' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual([...FILTER_TAGS]);
    expect(screen.getByText('Loading automations...')).toBeDefined();
    await act(async () => release());
    expect(await screen.findByText('No automations found')).toBeDefined();
    expect(screen.getByText('Try adjusting your search query or filters')).toBeDefined();
  });

  it('chips are multi-select, sent to the API and kept in the URL', async () => {
    const searches = stubApi(() => ({ items: [card()] }));
    const router = renderDashboard('/dashboard?section=search');
    await screen.findByText('Lead router');
    fireEvent.click(screen.getByRole('button', { name: 'telegram' }));
    fireEvent.click(screen.getByRole('button', { name: 'openai' }));
    expect(screen.getByRole('button', { name: 'telegram' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'openai' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toContain('chips=telegram%2Copenai');
    await vi.waitFor(() => expect(searches.at(-1)?.searchParams.get('chips')).toBe('telegram,openai'));
    fireEvent.click(screen.getByRole('button', { name: 'telegram' }));
    await vi.waitFor(() => expect(searches.at(-1)?.searchParams.get('chips')).toBe('openai'));
    expect(screen.getByRole('button', { name: 'telegram' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows 24 results a page and loads the next page on Show more', async () => {
    const many = Array.from({ length: 30 }, (_, i) => card({ id: `wf-${i}`, title: `Workflow ${i}` }));
    stubApi(() => ({ items: many }));
    renderDashboard('/dashboard?section=search');
    await screen.findByText('Workflow 0');
    const more = await screen.findByRole('button', { name: 'Show more (24 of 30)' });
    expect(screen.queryByText('Workflow 24')).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('Workflow 29')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
  });

  it('typing searches on each keystroke and records the query in the URL after a pause', async () => {
    const searches = stubApi((url) => ({ items: url.searchParams.get('q') === 'lead' ? [card()] : [] }));
    const router = renderDashboard('/dashboard?section=search');
    await screen.findByText('No automations found');
    const box = screen.getByPlaceholderText('Search automations, workflows, actions...');
    for (const value of ['l', 'le', 'lea', 'lead']) fireEvent.change(box, { target: { value } });
    const link = await screen.findByRole('link', { name: 'Lead router' });
    // The query's words are highlighted in the title.
    expect(link.querySelector('mark')?.textContent).toBe('Lead');
    // Every keystroke searched (no debounce on the query)…
    expect(searches.map((u) => u.searchParams.get('q'))).toEqual(
      expect.arrayContaining(['l', 'le', 'lea', 'lead']),
    );
    // …while the URL is written once, after the pause.
    await vi.waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('lead'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('cards show rating to 1 decimal with its count, runs, 3 tags + N, badges, and link to the detail', async () => {
    stubApi(() => ({ items: [card()] }));
    renderDashboard('/dashboard?section=search');
    const article = (await screen.findByText('Lead router')).closest('article')!;
    const c = within(article);
    expect(article.textContent).toContain('4.3');
    expect(article.textContent).toContain('(4');
    expect(c.getByText('12 uses')).toBeDefined(); // copies, downloads and deploys: not runs
    const tags = within(c.getByRole('list', { name: 'Tags' }));
    expect(tags.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'crm',
      'sales',
      'leads',
      '+2',
    ]);
    // The app's brand icon, named for screen readers.
    const apps = within(c.getByRole('list', { name: 'Apps used' }));
    expect(apps.getByRole('img', { name: 'HubSpot' }).getAttribute('data-icon')).toBe('brand:hubspot');
    expect(c.getByText('Template')).toBeDefined();
    expect(c.getByText('Resources')).toBeDefined();
    expect(c.queryByText('Tutorial')).toBeNull();
    expect(c.getByRole('link', { name: 'Lead router' }).getAttribute('href')).toBe('/automation/lead-router');
    expect(
      c.getByRole('button', { name: 'Save Lead router to collections' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });
});

describe('a card’s app icons', () => {
  it('shows the first five apps in order as icons with names, then +N naming the rest', async () => {
    const integrations = ['Google Sheets', 'OpenAI', 'Slack', 'Gmail', 'Telegram', 'Notion', 'Airtable'];
    stubApi(() => ({ items: [card({ integrations })] }));
    renderDashboard('/dashboard?section=search');
    const article = (await screen.findByText('Lead router')).closest('article')!;
    const apps = within(within(article).getByRole('list', { name: 'Apps used' }));
    expect(
      apps.getAllByRole('img').map((i) => [i.getAttribute('aria-label'), i.getAttribute('data-icon')]),
    ).toEqual([
      ['Google Sheets', 'brand:googlesheets'],
      ['OpenAI', 'family:ai-model'],
      ['Slack', 'family:app'],
      ['Gmail', 'brand:gmail'],
      ['Telegram', 'brand:telegram'],
    ]);
    expect(apps.getAllByRole('listitem').at(-1)!.textContent).toBe('+2and Notion, Airtable');
  });
});

describe('dashboard shell', () => {
  it('overview shows the member’s real figures and Lifetime', async () => {
    stubApi(() => ({ items: [] }));
    renderDashboard('/dashboard');
    expect(await screen.findByText('Welcome back, member@example.com')).toBeDefined();
    expect(await screen.findByText('3')).toBeDefined();
    expect(screen.getByText('5')).toBeDefined();
    expect(screen.getByText('Lifetime')).toBeDefined();
  });

  it('an unknown section shows its title and the coming-soon text; the sidebar switches sections in the URL', async () => {
    stubApi(() => ({ items: [] }));
    const router = renderDashboard('/dashboard?section=reports');
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeDefined();
    expect(screen.getByText('This section is coming soon...')).toBeDefined();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Dashboard' })).getByRole('button', {
        name: 'Collections',
      }),
    );
    expect(router.state.location.search).toBe('?section=collections');
    expect(await screen.findByRole('heading', { name: 'My Collections' })).toBeDefined();
    expect(await screen.findByText('No collections yet')).toBeDefined();
    expect(screen.getByText('0 total saved')).toBeDefined();
  });

  it('Ctrl+K opens the quick search; an empty term warns; Escape closes; a suggestion searches', async () => {
    const searches = stubApi(() => ({ items: [] }));
    const router = renderDashboard('/dashboard');
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Quick search' });
    fireEvent.submit(within(dialog).getByLabelText('Search automations').closest('form')!);
    expect(await screen.findByText('Search query required')).toBeDefined();
    expect(screen.getByText('Please enter a search term')).toBeDefined();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.keyDown(document, { key: 'k', metaKey: true });
    fireEvent.change(within(screen.getByRole('dialog')).getByLabelText('Search automations'), {
      target: { value: 'DATA' },
    });
    const suggestions = within(screen.getByRole('dialog'))
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((t) => t && t !== '');
    expect(suggestions).toContain('data-processing');
    expect(suggestions).not.toContain('workflows');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'data-processing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?section=search&q=data-processing');
    await vi.waitFor(() => expect(searches.at(-1)?.searchParams.get('q')).toBe('data-processing'));

    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    fireEvent.click(screen.getByTestId('quick-search-backdrop'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the quick search shows the member search results as the member types, each linking to its page', async () => {
    const searches = stubApi((url) => ({
      items:
        url.searchParams.get('q') === 'gmail telegram'
          ? [
              card({
                id: 'renewals',
                title: 'Contract Renewal Reminders',
                integrations: ['Gmail', 'Telegram'],
              }),
              ...Array.from({ length: 9 }, (_, i) => card({ id: `other-${i}`, title: `Other ${i}` })),
            ]
          : [],
    }));
    const router = renderDashboard('/dashboard');
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Quick search' });
    fireEvent.change(within(dialog).getByLabelText('Search automations'), {
      target: { value: 'gmail telegram' },
    });
    const results = await within(dialog).findByRole('region', { name: 'Results' });
    const first = await within(results).findByRole('link', { name: /Contract Renewal Reminders/ });
    // The server's search, asked for one short page (no second rule in the browser).
    const asked = searches.find((u) => u.searchParams.get('q') === 'gmail telegram')!;
    expect(asked.searchParams.get('pageSize')).toBe('6');
    expect(within(results).getAllByRole('link')).toHaveLength(6);
    expect(within(results).getByText('Gmail · Telegram')).toBeDefined();
    expect(within(results).getByRole('button', { name: 'See all 10 results' })).toBeDefined();

    fireEvent.change(within(dialog).getByLabelText('Search automations'), { target: { value: 'zzzz' } });
    expect(await within(dialog).findByText('No automations found')).toBeDefined();

    fireEvent.change(within(dialog).getByLabelText('Search automations'), {
      target: { value: 'gmail telegram' },
    });
    fireEvent.click(await within(dialog).findByRole('link', { name: /Contract Renewal Reminders/ }));
    expect(router.state.location.pathname).toBe('/automation/renewals');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(first).toBeDefined();
  });
});

describe('AI Agents section', () => {
  it('shows 8 skeletons, then the tiles and cards with their badges', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    stubApi(async () => {
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
    stubApi(() => ({ items: [] }));
    renderDashboard('/dashboard?section=ai-agents');
    expect(await screen.findByText('No AI Agents Found')).toBeDefined();
    expect(screen.getByText('No AI agents are currently available. Please check back later.')).toBeDefined();
    expect(screen.getByText('Avg Rating').nextElementSibling?.textContent).toBe('0');
  });
});

describe('sound toggle', () => {
  it('is off until turned on, and remembered', () => {
    localStorage.removeItem('flowvault.sound');
    stubApi(() => ({ items: [] }));
    renderDashboard('/dashboard?section=reports');
    const toggle = screen.getByRole('button', { name: 'Sound' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('flowvault.sound')).toBe('on');
  });
});

describe('live sync', () => {
  class FakeEventSource {
    static last: FakeEventSource | undefined;
    onopen: ((e: Event) => void) | null = null;
    onerror: ((e: Event) => void) | null = null;
    listeners = new Map<string, (e: MessageEvent) => void>();
    readonly url: string;
    constructor(url: string) {
      this.url = url;
      FakeEventSource.last = this;
    }
    addEventListener(type: string, listener: (e: MessageEvent) => void) {
      this.listeners.set(type, listener);
    }
    close() {}
  }

  it('shows the chip state, refetches the collection on a collection event, warns when the stream drops', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubApi(() => ({ items: [] }));
    const fetchMock = globalThis.fetch as ReturnType<typeof vi.fn>;
    const recheck = vi.fn(async () => 'signed-out' as const);
    renderDashboard('/dashboard?section=collections', { recheck });
    const chip = () => document.querySelector('[data-sync-state]')!.getAttribute('data-sync-state');
    expect(chip()).toBe('connecting');
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/events');
    act(() => source.onopen!(new Event('open')));
    expect(chip()).toBe('connected');
    expect(document.querySelector('[data-sync-state]')!.textContent).toContain('Sync: Live');

    const collectionCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/library/collections')).length;
    await screen.findByText('No collections yet');
    const before = collectionCalls();
    act(() =>
      source.listeners.get('collection')!({
        data: JSON.stringify({ action: 'added', automationId: 'x' }),
      } as MessageEvent),
    );
    await vi.waitFor(() => expect(collectionCalls()).toBeGreaterThan(before));

    // The account changed on another device (deleted, signed out everywhere, a profile save): the
    // page reads the account again, which signs it out when the session is gone.
    expect(recheck).not.toHaveBeenCalled();
    act(() => source.listeners.get('account')!({ data: '{}' } as MessageEvent));
    expect(recheck).toHaveBeenCalledTimes(1);

    act(() => source.onerror!(new Event('error')));
    expect(chip()).toBe('disconnected');
    expect(await screen.findByText('Connection Warning')).toBeDefined();
    expect(screen.getByText('Real-time sync temporarily unavailable.')).toBeDefined();
  });
});
