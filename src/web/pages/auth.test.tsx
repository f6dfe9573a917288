import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLAN_PRICE_LABEL } from '#shared/plans.ts';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import { AuthContext, signedOutState } from '#web/features/auth/auth-context.tsx';
import { AuthPage, nextPath } from './auth.tsx';

type Reply = { status: number; body: unknown } | Error;

/** The network boundary: answers fetch calls by path, records them. */
function stubFetch(replies: Record<string, Reply>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: input, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[input];
      if (!reply) throw new Error(`unexpected call ${input}`);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

function renderAuth(path = '/auth', auth: TestAuth = {}) {
  return renderApp({
    path,
    auth,
    routes: {
      '/auth': <AuthPage />,
      '/payment': <p>Payment page</p>,
      '/admin/catalog': <p>Operator console</p>,
      '/payment-success': <p>Finishing the payment</p>,
    },
  }).router;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Types the email and password, then presses `button`. */
function send(button: 'Sign In' | 'Create Account', email: string, password: string) {
  fill('Email', email);
  fill('Password', password);
  fireEvent.click(screen.getByRole('button', { name: button }));
}

/** Follows the 'Create one' link to the registration form. */
async function openRegister() {
  fireEvent.click(screen.getByRole('link', { name: 'Create one' }));
  expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeDefined();
}

/** better-auth's answer to a password under 8 characters. */
const TOO_SHORT: Reply = { status: 400, body: { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/auth', () => {
  it('shows the 3-step progress bar to someone creating an account, and a required, email-typed email field', () => {
    renderAuth('/auth?mode=register');
    const progress = screen.getByRole('navigation', { name: 'Progress' });
    const steps = within(progress)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      'Step 1: Create Account',
      `Step 2: Complete Payment(one-time ${PLAN_PRICE_LABEL})`,
      'Step 3: Access Dashboard',
    ]);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect((screen.getByLabelText('Password') as HTMLInputElement).required).toBe(true);
  });

  it('signing in is not step 1 of buying: no progress bar under "Welcome back" (issue 43)', () => {
    renderAuth();
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Progress' })).toBeNull();
  });

  it('asks for the email before a password reset', async () => {
    renderAuth();
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByText('Email Required')).toBeDefined();
    expect(screen.getByText('Please enter your email address first.')).toBeDefined();
  });

  it('sends the reset mail to /auth?mode=reset', async () => {
    const calls = stubFetch({ '/api/auth/request-password-reset': { status: 200, body: { status: true } } });
    renderAuth();
    fill('Email', 'me@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(await screen.findByText('Password Reset Sent')).toBeDefined();
    expect(calls[0]!.body).toEqual({ email: 'me@example.com', redirectTo: '/auth?mode=reset' });
  });

  it('shows "Login failed" with the spec text for wrong credentials', async () => {
    stubFetch({
      '/api/auth/sign-in/email': {
        status: 401,
        body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      },
    });
    renderAuth();
    send('Sign In', 'me@example.com', 'wrong password');
    expect(await screen.findByText('Login failed')).toBeDefined();
    expect(
      screen.getByText(
        'Invalid email or password. If you just registered, try using the password reset option below.',
      ),
    ).toBeDefined();
  });

  it('goes to /payment after signing in and schedules the subscription check', async () => {
    stubFetch({ '/api/auth/sign-in/email': { status: 200, body: { token: 't' } } });
    const signedIn = vi.fn();
    const router = renderAuth('/auth', { signedIn });
    send('Sign In', 'me@example.com', 'correct password');
    expect(await screen.findByText('Payment page')).toBeDefined();
    expect(signedIn).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('the operator lands on the operator console after signing in, not on /payment', async () => {
    stubFetch({
      '/api/auth/sign-in/email': { status: 200, body: { token: 't', user: { id: 'op', role: 'admin' } } },
    });
    const router = renderAuth('/auth');
    send('Sign In', 'operator@example.com', 'correct password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalog'));
    expect(nextPath(null, 'admin')).toBe('/admin/catalog');
    expect(nextPath('/payment-success?token=A', 'admin')).toBe('/payment-success?token=A');
  });

  it('after signing in, goes back to a same-site ?next= (a payment to finish), never to another site', async () => {
    stubFetch({ '/api/auth/sign-in/email': { status: 200, body: { token: 't' } } });
    const router = renderAuth(`/auth?next=${encodeURIComponent('/payment-success?token=ORDER1')}`);
    send('Sign In', 'me@example.com', 'correct password');
    expect(await screen.findByText('Finishing the payment')).toBeDefined();
    expect(router.state.location.search).toBe('?token=ORDER1');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', null]) {
      expect(nextPath(bad)).toBe('/payment');
    }
  });

  it('registration without a session returns to sign-in mode with "check your email"', async () => {
    stubFetch({ '/api/auth/sign-up/email': { status: 200, body: { token: null, user: {} } } });
    renderAuth();
    await openRegister();
    send('Create Account', 'new@example.com', 'long enough');
    expect(await screen.findByText('Check your email')).toBeDefined();
    // The switch back to sign-in is a router navigation, which may land a tick after the notice.
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeDefined();
    expect(screen.getByText(/We sent a confirmation link to new@example.com/)).toBeDefined();
  });

  it("registering from a template's offer: the verification link and the form switch keep the way back", async () => {
    const calls = stubFetch({ '/api/auth/sign-up/email': { status: 200, body: { token: null, user: {} } } });
    const next = '/payment?next=%2Fautomation%2Fslack-digest';
    renderAuth(`/auth?mode=register&next=${encodeURIComponent(next)}`);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/auth?next=${encodeURIComponent(next)}`,
    );
    send('Create Account', 'me@example.com', 'a long enough password');
    expect(await screen.findByText('Check your email')).toBeDefined();
    expect(calls[0]!.body).toMatchObject({ callbackURL: next });
  });

  it('registering with a foreign next: the verification link goes to the dashboard', async () => {
    const calls = stubFetch({ '/api/auth/sign-up/email': { status: 200, body: { token: null, user: {} } } });
    renderAuth(`/auth?mode=register&next=${encodeURIComponent('//evil.example/x')}`);
    send('Create Account', 'me@example.com', 'a long enough password');
    expect(await screen.findByText('Check your email')).toBeDefined();
    expect(calls[0]!.body).toMatchObject({ callbackURL: '/dashboard' });
  });

  it('keeps the mode in the URL: the switch is a link, so reload and early clicks land on the form', async () => {
    const router = renderAuth('/auth?mode=register');
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeDefined();
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/auth?mode=register');
  });

  it('registration with a session goes to /payment after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ '/api/auth/sign-up/email': { status: 200, body: { token: 'session', user: {} } } });
    const router = renderAuth();
    await openRegister();
    send('Create Account', 'new@example.com', 'long enough');
    await act(() => vi.advanceTimersByTimeAsync(1_400));
    expect(router.state.location.pathname).toBe('/auth');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('shows "Registration failed" with the 8-character text', async () => {
    stubFetch({
      '/api/auth/sign-up/email': TOO_SHORT,
    });
    renderAuth();
    await openRegister();
    send('Create Account', 'new@example.com', 'short');
    expect(await screen.findByText('Registration failed')).toBeDefined();
    expect(screen.getByText('Password should be at least 8 characters long.')).toBeDefined();
  });

  it('a successful retry takes the stale "Registration failed" toast away', async () => {
    const replies: Record<string, Reply> = {
      '/api/auth/sign-up/email': TOO_SHORT,
    };
    stubFetch(replies);
    renderAuth();
    await openRegister();
    send('Create Account', 'new@example.com', 'short');
    expect(await screen.findByText('Registration failed')).toBeDefined();
    replies['/api/auth/sign-up/email'] = { status: 200, body: { token: null, user: {} } };
    fill('Password', 'long enough now');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Check your email')).toBeDefined();
    await vi.waitFor(() => expect(screen.queryByText('Registration failed')).toBeNull(), { timeout: 2000 });
  });

  it('shows the connection text when the network is down', async () => {
    stubFetch({ '/api/auth/sign-in/email': new TypeError('Failed to fetch') });
    renderAuth();
    send('Sign In', 'me@example.com', 'whatever pw');
    expect(
      await screen.findByText('Connection issue. Please check your internet and try again.'),
    ).toBeDefined();
  });

  it('sends an already signed-in user to /payment', async () => {
    const router = renderAuth('/auth', { user: { id: 'u', email: 'a@b.co' } });
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('reset mode: a new-password form that posts the token', async () => {
    const calls = stubFetch({ '/api/auth/reset-password': { status: 200, body: { status: true } } });
    const router = renderAuth('/auth?mode=reset&token=abc123');
    fill('New password', 'a new password');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password Updated')).toBeDefined();
    expect(calls[0]!.body).toEqual({ token: 'abc123', newPassword: 'a new password' });
    expect(router.state.location.search).toBe('');
  });
  it('keeps what was typed before the prerendered page hydrated, through the session check answering', async () => {
    const calls = stubFetch({ '/api/auth/sign-in/email': { status: 200, body: { token: 't' } } });
    const page = (loading: boolean) => (
      <AuthContext.Provider value={{ ...signedOutState, loading }}>
        <RouterProvider
          router={createMemoryRouter(
            [
              { path: '/auth', element: <AuthPage /> },
              { path: '/payment', element: <p>Payment page</p> },
            ],
            { initialEntries: ['/auth'] },
          )}
        />
      </AuthContext.Provider>
    );
    // The prerendered HTML, typed into before the script hydrates it.
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(true));
    document.body.append(container);
    const input = (name: string) => container.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    input('email').value = 'early@example.com';
    input('password').value = 'typed before hydration';
    const root = await act(async () => hydrateRoot(container, page(true)));
    // The session check answers (signed out): the page renders again.
    await act(async () => root.render(page(false)));
    expect(input('email').value).toBe('early@example.com');
    expect(input('password').value).toBe('typed before hydration');
    fireEvent.click(within(container).getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ email: 'early@example.com', password: 'typed before hydration' });
    await act(async () => root.unmount());
    container.remove();
  });
});
