import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PLAN_PRICE_LABEL } from '#shared/plans.ts';
import { AuthContext, signedOutState } from '#web/features/auth/auth-context.tsx';
import { TopBar } from './top-bar.tsx';

function renderTopBar(
  user: { id: string; email: string; role?: 'user' | 'admin' } | null,
  isSubscribed = false,
) {
  const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], { initialEntries: ['/blog'] });
  return render(
    <AuthContext.Provider value={{ ...signedOutState, user, isSubscribed }}>
      <RouterProvider router={router} />
    </AuthContext.Provider>,
  );
}

describe('TopBar', () => {
  it('shows the five links, pointing anchors at the landing page', () => {
    renderTopBar(null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Features', '/#features'],
      ['Workflows', '/#workflows'],
      ['Pricing', '/#pricing'],
      ['Blog', '/blog'],
      // Docs is the documentation page, not the FAQ (issue 43).
      ['Docs', '/docs'],
    ]);
  });

  it('offers Sign In → /auth and Get Access → the sign-up form when signed out', () => {
    renderTopBar(null);
    const desktopSignIn = screen.getAllByRole('link', { name: 'Sign In', hidden: true });
    expect(desktopSignIn.every((l) => l.getAttribute('href') === '/auth')).toBe(true);
    expect(screen.getByRole('link', { name: 'Get Access' }).getAttribute('href')).toBe('/auth?mode=register');
    expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    const mobile = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(within(mobile).getByRole('link', { name: 'Sign In', hidden: true }).getAttribute('href')).toBe(
      '/auth',
    );
  });

  it('offers Upgrade → /payment when signed in, and "Upgrade (<price>)" in the small-screen menu', () => {
    renderTopBar({ id: 'u1', email: 'a@b.c' });
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/payment');
    expect(screen.queryByRole('link', { name: 'Get Access' })).toBeNull();
    const mobile = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(
      within(mobile)
        .getByRole('link', { name: `Upgrade (${PLAN_PRICE_LABEL})`, hidden: true })
        .getAttribute('href'),
    ).toBe('/payment');
  });

  it('never offers Upgrade to a paying member or an operator: Dashboard → /dashboard instead', () => {
    for (const [user, paid] of [
      [{ id: 'u1', email: 'a@b.c' }, true],
      [{ id: 'u2', email: 'op@b.c', role: 'admin' as const }, false],
    ] as const) {
      const { unmount } = renderTopBar(user, paid);
      expect(screen.queryAllByRole('link', { name: /Upgrade/, hidden: true })).toEqual([]);
      const dashboards = screen.getAllByRole('link', { name: 'Dashboard', hidden: true });
      expect(dashboards.map((l) => l.getAttribute('href'))).toEqual(['/dashboard', '/dashboard']);
      unmount();
    }
  });
});
