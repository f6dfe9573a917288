import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import { SubscriptionGate } from './subscription-gate.tsx';

function renderGate(auth: TestAuth) {
  return renderApp({
    path: '/dashboard',
    auth,
    routes: {
      '/dashboard': (
        <SubscriptionGate>
          <p>Member area</p>
        </SubscriptionGate>
      ),
      '/auth': <p>Auth page</p>,
      '/payment': <p>Payment page</p>,
    },
  }).router;
}

const user = { id: 'u1', email: 'member@example.com' };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the subscription gate on /dashboard', () => {
  it('shows a spinner while loading', () => {
    renderGate({ loading: true });
    expect(screen.getByRole('status').textContent).toContain('Loading dashboard...');
  });

  it('sends a signed-out visitor to /auth', async () => {
    const router = renderGate({ user: null });
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('lets a subscribed member in', () => {
    renderGate({ user, isSubscribed: true });
    expect(screen.getByText('Member area')).toBeDefined();
  });

  it('re-checks, then sends a non-member to /payment after 1 s', async () => {
    const recheck = vi.fn(async () => 'not-subscribed' as const);
    const router = renderGate({ user, isSubscribed: false, recheck });
    await act(async () => {});
    expect(recheck).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('Checking your lifetime access...');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('waits 2 s instead when the re-check itself fails', async () => {
    const recheck = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const router = renderGate({ user, isSubscribed: false, recheck });
    await act(async () => {});
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('gives the re-check 8 s, then counts it as failed (2 s more)', async () => {
    const recheck = vi.fn(() => new Promise<'subscribed'>(() => {}));
    const router = renderGate({ user, isSubscribed: false, recheck });
    await act(async () => {});
    await act(() => vi.advanceTimersByTimeAsync(8_000 + 1_999));
    expect(router.state.location.pathname).toBe('/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('stays when the re-check finds the payment', async () => {
    const recheck = vi.fn(async () => 'subscribed' as const);
    const router = renderGate({ user, isSubscribed: false, recheck });
    await act(async () => {});
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
