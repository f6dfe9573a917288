import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider, useAuth } from './auth-context.tsx';

const me = (displayName: string) => ({
  user: { id: 'u1', email: 'm@example.com', role: 'user' },
  profile: { displayName, bio: null, hasPaid: true, paymentDate: '2026-01-01T00:00:00.000Z' },
  subscription: {
    isSubscribed: true,
    subscriptionTier: 'Lifetime Access',
    subscriptionEnd: null,
    subscriptionAutoRenew: false,
    nextBillingDate: null,
    daysRemaining: 0,
  },
});

function Who() {
  const { user, profile } = useAuth();
  return <p>{user ? `Signed in as ${profile?.displayName ?? user.email}` : 'Signed out'}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('another tab of this browser', () => {
  it('re-reads the profile it saved, and signs this tab out with it', async () => {
    let name = 'Ada';
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(me(name)), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    render(
      <AuthProvider>
        <Who />
      </AuthProvider>,
    );
    expect(await screen.findByText('Signed in as Ada')).toBeDefined();
    // The other tab: its own channel object on the same name.
    const otherTab = new BroadcastChannel('flowvault-tabs');
    name = 'Ada Lovelace';
    await act(async () => otherTab.postMessage({ kind: 'profile' }));
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeDefined();
    await act(async () => otherTab.postMessage({ kind: 'signed-out' }));
    expect(await screen.findByText('Signed out')).toBeDefined();
    otherTab.close();
  });
});
