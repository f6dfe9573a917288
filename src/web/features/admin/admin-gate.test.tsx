import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import { AdminGate } from './admin-gate.tsx';

function renderGate(auth: TestAuth) {
  return renderApp({
    path: '/admin-recovery',
    auth,
    routes: {
      '/admin-recovery': (
        <AdminGate>
          <p>Operator console</p>
        </AdminGate>
      ),
    },
  }).router;
}

describe('the operator pages gate', () => {
  it.each([
    ['a visitor', {}],
    ['a user', { user: { id: 'u1', email: 'user@example.com', role: 'user' as const } }],
    [
      'a member',
      { user: { id: 'm1', email: 'member@example.com', role: 'user' as const }, isSubscribed: true },
    ],
  ])('shows %s the 404 page', (_who, state) => {
    renderGate(state);
    expect(screen.getByRole('heading', { name: '404' }).textContent).toBe('404');
    expect(screen.queryByText('Operator console')).toBeNull();
  });

  it('lets an admin through', () => {
    renderGate({ user: { id: 'a1', email: 'ops@example.com', role: 'admin' } });
    expect(screen.getByText('Operator console').textContent).toBe('Operator console');
  });
});
