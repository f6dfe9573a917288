import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { PaymentPage } from './payment.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/payment', () => {
  it('sends an operator who signs in on to the console, not to a purchase', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ mode: 'local', testPayments: true, plans: [] }))),
    );
    const { router } = renderApp({
      path: '/payment',
      auth: 'admin',
      routes: { '/payment': <PaymentPage />, '/admin/catalog': <p>Operator console</p> },
    });
    expect(await screen.findByText('Operator console')).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/catalog');
  });
});
