import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, signedOutState } from '#web/features/auth/auth-context.tsx';
import { PaymentPage } from './payment.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/payment', () => {
  it('sends an operator who signs in on to the console, not to a purchase', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ mode: 'local', testPayments: true, plans: [] }))),
    );
    const router = createMemoryRouter(
      [
        { path: '/payment', element: <PaymentPage /> },
        { path: '/admin/catalog', element: <p>Operator console</p> },
      ],
      { initialEntries: ['/payment'] },
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthContext.Provider
          value={{ ...signedOutState, user: { id: 'a1', email: 'op@example.com', role: 'admin' } }}
        >
          <RouterProvider router={router} />
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Operator console')).toBeDefined();
    expect(router.state.location.pathname).toBe('/admin/catalog');
  });
});
