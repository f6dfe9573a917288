import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FILTER_TAGS } from '#shared/catalog/constants.ts';
import { card, renderDashboard, stubDashboardApi } from '#tests/support/web/dashboard-fixtures.tsx';

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
    stubDashboardApi(async () => {
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
    const searches = stubDashboardApi(() => ({ items: [card()] }));
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
    stubDashboardApi(() => ({ items: many }));
    renderDashboard('/dashboard?section=search');
    await screen.findByText('Workflow 0');
    const more = await screen.findByRole('button', { name: 'Show more (24 of 30)' });
    expect(screen.queryByText('Workflow 24')).toBeNull();
    fireEvent.click(more);
    expect(await screen.findByText('Workflow 29')).toBeDefined();
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
  });

  it('typing searches on each keystroke and records the query in the URL after a pause', async () => {
    const searches = stubDashboardApi((url) => ({
      items: url.searchParams.get('q') === 'lead' ? [card()] : [],
    }));
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
    stubDashboardApi(() => ({ items: [card()] }));
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
    stubDashboardApi(() => ({ items: [card({ integrations })] }));
    renderDashboard('/dashboard?section=search');
    const article = (await screen.findByText('Lead router')).closest('article')!;
    const apps = within(within(article).getByRole('list', { name: 'Apps used' }));
    expect(
      apps.getAllByRole('img').map((i) => [i.getAttribute('aria-label'), i.getAttribute('data-icon')]),
    ).toEqual([
      ['Google Sheets', 'brand:googlesheets'],
      ['OpenAI', 'brand:logos-openai-icon'],
      ['Slack', 'brand:logos-slack-icon'],
      ['Gmail', 'brand:gmail'],
      ['Telegram', 'brand:telegram'],
    ]);
    expect(apps.getAllByRole('listitem').at(-1)!.textContent).toBe('+2and Notion, Airtable');
  });
});
