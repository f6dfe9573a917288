import { vi } from 'vitest';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { renderApp } from '#tests/support/web/render-app.tsx';
import type { AuthState } from '#web/features/auth/auth-context.tsx';
import { DashboardShell } from '#web/features/dashboard/dashboard-shell.tsx';

// The dashboard tests' card, network boundary and page (search-section, dashboard-shell and
// ai-agents-section tests).

export const card = (over: Partial<AutomationCard> = {}): AutomationCard => ({
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
export function stubDashboardApi(search: (url: URL) => SearchReply | Promise<SearchReply>) {
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

export function renderDashboard(path: string, auth: Partial<AuthState> = {}) {
  return renderApp({
    path,
    auth: { user: { id: 'u1', email: 'member@example.com' }, isSubscribed: true, ...auth },
    routes: { '/dashboard': <DashboardShell />, '/automation/:id': <p>Detail page</p> },
  }).router;
}
