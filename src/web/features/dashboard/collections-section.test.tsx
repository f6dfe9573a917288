import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollectionItem } from '#shared/schemas/library.ts';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import { CollectionsSection } from './collections-section.tsx';

const item: CollectionItem = {
  automationId: 'lead-router',
  name: '',
  notes: '',
  createdAt: '2026-01-01T00:00:00.000Z',
  card: {
    id: 'lead-router',
    title: 'Lead router',
    summary: 'Routes new CRM leads to the right sales rep.',
    category: 'Business Process',
    difficulty: 'Intermediate',
    tags: ['crm'],
    integrations: [],
    author: 'Grace Hopper',
    source: 'vault',
    rating: null,
    ratingCount: 0,
    runs: 0,
    createdAt: '2023-01-15T00:00:00.000Z',
    hasVideo: false,
    thumbnailUrl: null,
    hasTemplate: false,
    hasResources: false,
    deployable: true,
    nodeCount: 5,
  },
};

/** The network boundary: a tiny in-memory collection behind the library API paths. */
function stubApi(initial: CollectionItem[]) {
  let items = [...initial];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path: url.pathname, body });
      const reply = (b: unknown) =>
        new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/library/collections') return reply({ items, total: items.length });
      if (url.pathname === '/api/library/collections/archive') {
        return new Response(new Uint8Array([80, 75, 5, 6]), {
          status: 200,
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="flowvault-collection-2026-11-22.zip"',
          },
        });
      }
      if (url.pathname === '/api/library/collections/lead-router' && method === 'DELETE') {
        items = items.filter((i) => i.automationId !== 'lead-router');
        return reply({ removed: true });
      }
      if (url.pathname === '/api/library/collections/lead-router' && method === 'PATCH') {
        items = items.map((i) => ({ ...i, ...body }));
        return reply(items[0]);
      }
      throw new Error(`unexpected ${method} ${url.pathname}`);
    }),
  );
  return calls;
}

function renderSection(auth: TestAuth = { user: { id: 'u1', email: 'm@example.com' } }) {
  renderApp({
    path: '/dashboard',
    auth,
    routes: { '/dashboard': <CollectionsSection />, '/automation/:id': <p>Detail</p> },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('collections section', () => {
  it('signed out: Sign In Required', () => {
    stubApi([]);
    renderSection({ user: null });
    expect(screen.getByText('Sign In Required')).toBeDefined();
    expect(screen.getByText('Please sign in to view your saved automations')).toBeDefined();
  });

  it('empty: the heart hint and Browse Automations', async () => {
    stubApi([]);
    renderSection();
    expect(screen.getByText('Loading your collections...')).toBeDefined();
    expect(await screen.findByText('No collections yet')).toBeDefined();
    expect(
      screen.getByText('Start collecting automations by clicking the heart icon on any automation card'),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Browse Automations' }).getAttribute('href')).toContain(
      '/dashboard',
    );
  });

  it('searches title, description, category and tags; edits notes; removes', async () => {
    const calls = stubApi([item]);
    renderSection();
    expect(await screen.findByText('Lead router')).toBeDefined();
    expect(screen.getByText('1 total saved')).toBeDefined();
    const search = screen.getByPlaceholderText('Search your collections...');
    fireEvent.change(search, { target: { value: 'BUSINESS' } });
    expect(screen.getByText('Lead router')).toBeDefined();
    fireEvent.change(search, { target: { value: 'crm' } });
    expect(screen.getByText('Lead router')).toBeDefined();
    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(screen.getByText('No automations match your search criteria')).toBeDefined();
    fireEvent.change(search, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Edit name and notes for Lead router' }));
    fireEvent.change(screen.getByLabelText('Notes'), { target: { value: 'Try on staging' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Try on staging')).toBeDefined();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ name: '', notes: 'Try on staging' });

    const card = screen.getByText('Lead router').closest('article')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Lead router' }));
    expect(await screen.findByText('No collections yet')).toBeDefined();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it("searches the member's own names and notes too", async () => {
    stubApi([{ ...item, name: 'Sales inbox', notes: 'Ask Maria about the staging key' }]);
    renderSection();
    expect(await screen.findByText('Lead router')).toBeDefined();
    const search = screen.getByPlaceholderText('Search your collections...');
    fireEvent.change(search, { target: { value: 'sales INBOX' } });
    expect(screen.queryByText('No automations match your search criteria')).toBeNull();
    fireEvent.change(search, { target: { value: 'maria' } });
    expect(screen.queryByText('No automations match your search criteria')).toBeNull();
    fireEvent.change(search, { target: { value: 'zebra' } });
    expect(screen.getByText('No automations match your search criteria')).toBeDefined();
  });

  it('Download all fetches the collection ZIP and starts the download', async () => {
    const calls = stubApi([item]);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:zip', revokeObjectURL: () => {} }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Download all' }));
    expect(await screen.findByText('Download started')).toBeDefined();
    expect(clicked).toEqual(['flowvault-collection-2026-11-22.zip']);
    expect(calls.some((c) => c.path === '/api/library/collections/archive')).toBe(true);
    click.mockRestore();
  });

  it('no Download all while nothing is saved', async () => {
    stubApi([]);
    renderSection();
    await screen.findByText('No collections yet');
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
  });
});
