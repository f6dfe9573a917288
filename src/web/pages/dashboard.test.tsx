import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection } from '#tests/support/web/n8n-fixtures.tsx';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import type { AuthState } from '#web/features/auth/auth-context.tsx';
import { DashboardPage } from './dashboard.tsx';

function renderAt(path: string, auth: TestAuth) {
  return renderApp({
    path,
    auth,
    routes: { '/dashboard': <DashboardPage />, '/payment': <p>Payment page</p> },
  }).router;
}

const refunded: Partial<AuthState> = {
  user: { id: 'u1', email: 'former@example.com' },
  isSubscribed: false,
  profile: {
    displayName: 'Former',
    bio: '',
    hasPaid: false,
    subscriptionStatus: 'refunded',
    paymentDate: null,
    updatedAt: '2026-03-01T12:00:00.000Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('/dashboard?section=settings without lifetime access (issue 43)', () => {
  it('keeps profile, n8n key removal, export and delete reachable for a refunded user', async () => {
    const calls = stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'DELETE /api/n8n/connections/6b1f0c1e-6b0a-4d5e-9b55-2f3f7a0d9a11': { status: 200, body: { ok: true } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const router = renderAt('/dashboard?section=settings', refunded);
    expect(screen.getByRole('heading', { name: 'Account settings' })).toBeDefined();
    expect(screen.getByRole('note').textContent).toContain('Your payment was refunded');
    expect(screen.getByRole('link', { name: 'Get lifetime access' }).getAttribute('href')).toBe('/payment');
    const tabs = within(screen.getByRole('tablist', { name: 'Settings' }))
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(tabs).toEqual(['Profile', 'N8N Integration', 'Privacy & Data']);

    fireEvent.click(screen.getByRole('tab', { name: 'N8N Integration' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Production' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key.startsWith('DELETE /api/n8n/connections/'))).toBe(true),
    );
    // Nothing it cannot use: no connecting, testing or editing without access.
    expect(screen.queryByRole('button', { name: 'Test Production' })).toBeNull();
    expect(screen.queryByLabelText('Instance URL')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Privacy & Data' }));
    expect(screen.getByRole('button', { name: 'Export Data' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Import Data' })).toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('still sends a user without access from the library sections to /payment', async () => {
    vi.useFakeTimers();
    try {
      const router = renderAt('/dashboard?section=search', {
        ...refunded,
        recheck: async () => 'not-subscribed',
      });
      await vi.runAllTimersAsync();
      expect(router.state.location.pathname).toBe('/payment');
    } finally {
      vi.useRealTimers();
    }
  });
});
