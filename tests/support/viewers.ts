import type { Viewer } from '#server/lib/context.ts';

// Who is asking, for functional tests of member features that are not about authentication
// (search rules, paging…): the identity is injected instead of signing in through better-auth,
// whose deliberate password hashing would add seconds per test. Authorisation itself is proven
// with real sessions (tests/support/sessions.ts) in tests/server/auth-roles.test.ts.

export type ViewerKind = 'member' | 'user' | 'admin' | null;

export function viewerOf(kind: ViewerKind): Viewer | null {
  if (kind === null) return null;
  return {
    userId: `${kind}-1`,
    email: `${kind}@flowvault.test`,
    role: kind === 'admin' ? 'admin' : 'user',
    isMember: kind === 'member',
  };
}

/** A `resolveViewer` for createTestApp: every request is made by this kind of viewer. */
export function viewerFor(kind: ViewerKind) {
  const viewer = viewerOf(kind);
  return async (_headers: Headers) => viewer;
}

/** A `resolveViewer` that reads the kind from an `x-test-viewer` header (several viewers per app). */
export function viewerFromHeader(fallback: ViewerKind = null) {
  return async (headers: Headers) => {
    const kind = headers.get('x-test-viewer');
    return viewerOf(kind === 'member' || kind === 'user' || kind === 'admin' ? kind : fallback);
  };
}
