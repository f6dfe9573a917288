import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthContext, signedOutState } from '#web/features/auth/auth-context.tsx';
import { documentNavigation, NavigationProvider } from '#web/lib/navigation.tsx';
import { PageShell } from './page-shell.tsx';

function renderAt(pathname: string, role: 'user' | 'admin' = 'user') {
  return render(
    <AuthContext.Provider
      value={{ ...signedOutState, user: { id: 'u1', email: 'a@b.c', role }, isSubscribed: true }}
    >
      <NavigationProvider value={documentNavigation(pathname)}>
        <PageShell>
          <header>the page's own header</header>
        </PageShell>
      </NavigationProvider>
    </AuthContext.Provider>,
  );
}

describe('PageShell', () => {
  it("leaves the site's top bar out on the dashboard, whose own header is the page's one header", () => {
    renderAt('/dashboard');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it("leaves the marketing top bar out of the operator console (its own header), not a visitor's 404 there (issue 43)", () => {
    renderAt('/admin/catalog', 'admin');
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    cleanup();
    renderAt('/admin/catalog', 'user');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('keeps the top bar on every other page', () => {
    renderAt('/automation/abc');
    expect(screen.getAllByRole('banner')).toHaveLength(2);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
