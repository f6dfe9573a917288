import { cleanup, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import type { AuthState } from '#web/features/auth/auth-context.tsx';
import { AFTER_PAYMENT_KEY } from '#web/features/billing/billing-api.ts';
import { PaymentSuccessPage, SETTLED_TOKEN_KEY } from './payment-success.tsx';

/** The network boundary: the capture call (recorded) and the billing config of the test banner. */
function stubCapture(answer: unknown = { success: true, outcome: 'granted' }) {
  const captures: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
      const reply = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/billing/capture') {
        captures.push(init?.body ?? (input as Request).body);
        return reply(answer);
      }
      if (url.pathname === '/api/billing/config')
        return reply({ mode: 'live', testPayments: false, plans: [] });
      throw new Error(`unexpected call ${url.pathname}`);
    }),
  );
  return captures;
}

function renderAt(path: string, auth: TestAuth) {
  return renderApp({
    path,
    auth,
    routes: {
      '/payment-success': <PaymentSuccessPage />,
      '/dashboard': <p>Dashboard</p>,
      '/automation/:id': <p>Template page</p>,
    },
  }).router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('/payment-success', () => {
  it('signed out on return: offers a sign-in that comes back here to finish the payment', async () => {
    const captures = stubCapture();
    renderAt('/payment-success?token=ORDER1', {});
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe('Please log in to complete your payment');
    expect(screen.getByRole('link', { name: 'Sign in to finish' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent('/payment-success?token=ORDER1')}`,
    );
    expect(captures).toEqual([]);
  });

  it('a declined card says so and offers another way to pay, instead of an unchanged PayPal page (issue 43)', async () => {
    const approvalUrl = 'https://www.sandbox.paypal.com/checkoutnow?token=ORDER9';
    const captures = stubCapture({
      success: false,
      outcome: 'declined',
      message: 'PayPal declined this funding source. Please choose another one.',
      approvalUrl,
    });
    renderAt('/payment-success?token=ORDER9', { user: { id: 'u1', email: 'a@b.c' } });
    expect(await screen.findByRole('heading', { name: 'Payment declined' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'PayPal declined the card or account you chose, so no money was taken.',
    );
    expect(screen.getByRole('link', { name: 'Choose another way to pay' }).getAttribute('href')).toBe(
      approvalUrl,
    );
    expect(screen.getByRole('link', { name: 'Start again' }).getAttribute('href')).toBe('/payment');
    expect(captures).toHaveLength(1);
  });

  it('finishes the payment once the session appears (signed in through "Sign in to finish")', async () => {
    const captures = stubCapture();
    const { setAuth } = renderApp({
      path: '/payment-success?token=ORDER3',
      routes: { '/payment-success': <PaymentSuccessPage /> },
    });
    expect(await screen.findByRole('link', { name: 'Sign in to finish' })).toBeDefined();
    setAuth({ user: { id: 'u1', email: 'a@b.c' }, recheck: async () => 'subscribed' });
    expect(
      await screen.findByRole('heading', { name: 'Your Lifetime Access is Active!' }, { timeout: 4000 }),
    ).toBeDefined();
    expect(captures).toHaveLength(1);
  });

  it('captures once: a reload or Back to the page shows the result without a second capture or toast', async () => {
    const captures = stubCapture();
    const successToasts = vi.spyOn(toast, 'success');
    const signedIn: Partial<AuthState> = {
      user: { id: 'u1', email: 'a@b.c' },
      recheck: async () => 'subscribed',
    };
    renderAt('/payment-success?token=ORDER2', signedIn);
    expect(
      await screen.findByRole('heading', { name: 'Your Lifetime Access is Active!' }, { timeout: 4000 }),
    ).toBeDefined();
    expect(captures).toHaveLength(1);
    // The spec's words without the emoji glyph: an icon shows instead (decision 0020).
    expect(successToasts).toHaveBeenCalledWith(
      'Payment Successful!',
      expect.objectContaining({ duration: 5000, icon: expect.anything() }),
    );
    cleanup();
    renderAt('/payment-success?token=ORDER2', signedIn);
    expect(await screen.findByRole('heading', { name: 'Your Lifetime Access is Active!' })).toBeDefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(captures).toHaveLength(1);
    expect(successToasts).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(SETTLED_TOKEN_KEY)).toBe('ORDER2');
  });

  it('bought from a template page: goes back to that template, never to another site', async () => {
    stubCapture();
    const signedIn: Partial<AuthState> = {
      user: { id: 'u1', email: 'a@b.c' },
      recheck: async () => 'subscribed',
    };
    localStorage.setItem(AFTER_PAYMENT_KEY, '/automation/slack-digest');
    renderAt('/payment-success?token=ORDER4', signedIn);
    const back = await screen.findByRole('link', { name: 'Back to the template' }, { timeout: 4000 });
    expect(back.getAttribute('href')).toBe('/automation/slack-digest');
    expect(localStorage.getItem(AFTER_PAYMENT_KEY)).toBeNull();
    cleanup();
    sessionStorage.clear();
    localStorage.setItem(AFTER_PAYMENT_KEY, '//evil.example/phish');
    renderAt('/payment-success?token=ORDER5', signedIn);
    const dashboard = await screen.findByRole('link', { name: 'Go to Dashboard' }, { timeout: 4000 });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
  }, 15_000);
});
