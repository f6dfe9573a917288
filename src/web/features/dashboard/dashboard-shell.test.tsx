import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource } from '#tests/support/fake-event-source.ts';
import { card, renderDashboard, stubDashboardApi } from '#tests/support/web/dashboard-fixtures.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('dashboard shell', () => {
  it('overview shows the member’s real figures and Lifetime', async () => {
    stubDashboardApi(() => ({ items: [] }));
    renderDashboard('/dashboard');
    expect(await screen.findByText('Welcome back, member@example.com')).toBeDefined();
    expect(await screen.findByText('3')).toBeDefined();
    expect(screen.getByText('5')).toBeDefined();
    expect(screen.getByText('Lifetime')).toBeDefined();
  });

  it('an unknown section shows its title and the coming-soon text; the sidebar switches sections in the URL', async () => {
    stubDashboardApi(() => ({ items: [] }));
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
    const searches = stubDashboardApi(() => ({ items: [] }));
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
    const searches = stubDashboardApi((url) => ({
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

  it('the quick search: arrows walk the results and back to the box; no empty Suggestions heading (issue 43)', async () => {
    stubDashboardApi((url) => ({
      items:
        url.searchParams.get('q') === 'ledger'
          ? [card({ id: 'l1', title: 'Ledger sync' }), card({ id: 'l2', title: 'Ledger mirror' })]
          : [],
    }));
    renderDashboard('/dashboard');
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Quick search' });
    const box = within(dialog).getByLabelText('Search automations');
    fireEvent.change(box, { target: { value: 'ledger' } });
    const [sync, mirror] = await within(dialog).findAllByTestId('quick-result');
    // 'ledger' matches no suggestion tag: no heading over an empty list.
    expect(within(dialog).queryByText('Suggestions')).toBeNull();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(sync);
    fireEvent.keyDown(sync!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(mirror);
    fireEvent.keyDown(mirror!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(mirror);
    fireEvent.keyDown(mirror!, { key: 'ArrowUp' });
    fireEvent.keyDown(sync!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: 'data' } });
    expect(within(dialog).getByText('Suggestions')).toBeDefined();
  });
});

describe('sound toggle', () => {
  it('is off until turned on, and remembered', () => {
    localStorage.removeItem('flowvault.sound');
    stubDashboardApi(() => ({ items: [] }));
    renderDashboard('/dashboard?section=reports');
    const toggle = screen.getByRole('button', { name: 'Sound' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('flowvault.sound')).toBe('on');
  });
});

describe('live sync', () => {
  it('shows the chip state, refetches the collection on a collection event, warns when the stream drops', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    stubDashboardApi(() => ({ items: [] }));
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
    source.emit('collection', { action: 'added', automationId: 'x' });
    await vi.waitFor(() => expect(collectionCalls()).toBeGreaterThan(before));

    // The account changed on another device (deleted, signed out everywhere, a profile save): the
    // page reads the account again, which signs it out when the session is gone.
    expect(recheck).not.toHaveBeenCalled();
    source.emit('account', {});
    expect(recheck).toHaveBeenCalledTimes(1);

    act(() => source.onerror!(new Event('error')));
    expect(chip()).toBe('disconnected');
    expect(await screen.findByText('Connection Warning')).toBeDefined();
    expect(screen.getByText('Real-time sync temporarily unavailable.')).toBeDefined();
  });
});
