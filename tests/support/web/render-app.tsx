import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { type StubAnswer, type StubCall, stubApi } from '#tests/support/stub-api.ts';
import { AuthContext, type AuthState, signedOutState } from '#web/features/auth/auth-context.tsx';

// The one way a web test renders: a memory router at `path`, a fresh QueryClient (no retries, so a
// failing request shows at once), the auth state, the toaster, and optionally the network stub.

/** Who is looking: a named viewer, or any auth state (merged over signed-out). */
export type TestAuth = 'visitor' | 'user' | 'member' | 'admin' | Partial<AuthState>;

const VIEWERS: Record<Exclude<TestAuth, object>, Partial<AuthState>> = {
  visitor: {},
  user: { user: { id: 'u1', email: 'user@example.com' }, isSubscribed: false },
  member: { user: { id: 'u1', email: 'm@example.com' }, isSubscribed: true },
  admin: { user: { id: 'a1', email: 'ops@example.com', role: 'admin' } },
};

export function authState(auth: TestAuth = 'visitor'): AuthState {
  return { ...signedOutState, ...(typeof auth === 'string' ? VIEWERS[auth] : auth) };
}

export type RenderAppOptions = {
  /** The URL the app starts at. */
  path?: string;
  auth?: TestAuth;
  /** Replies by "METHOD /path" (tests/support/stub-api.ts); without it `fetch` is left as it is. */
  api?: Record<string, StubAnswer>;
  /** Route pattern → element: the page under test and the pages it links or redirects to. */
  routes: Record<string, ReactNode>;
};

export function renderApp({ path = '/', auth, api, routes }: RenderAppOptions) {
  const calls: StubCall[] = api ? stubApi(api) : [];
  const router = createMemoryRouter(
    Object.entries(routes).map(([pattern, element]) => ({ path: pattern, element })),
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (who: TestAuth | undefined) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={authState(who)}>
        <RouterProvider router={router} />
        <Toaster />
      </AuthContext.Provider>
    </QueryClientProvider>
  );
  const result = render(tree(auth));
  /** The session changes under the open page (a sign-in in another tab, a recheck). */
  const setAuth = (next: TestAuth) => result.rerender(tree(next));
  return { ...result, router, calls, queryClient, setAuth };
}
