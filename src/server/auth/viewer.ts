import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { profiles } from '#server/db/schema/auth.ts';
import type { Viewer } from '#server/lib/context.ts';
import { isSubscribed } from '#shared/subscription.ts';
import type { Auth } from './create-auth.ts';

export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? '').split(',').some((r) => r.trim() === 'admin');
}

/** Resolves the signed-in viewer from the session cookie (better-auth's database session). */
export function createViewerResolver(deps: { auth: Auth; db: Database }) {
  return async function resolveViewer(headers: Headers): Promise<Viewer | null> {
    const cookie = headers.get('cookie');
    if (!cookie?.includes('session_token')) return null;
    const result = await deps.auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (!result) return null;
    const [profile] = await deps.db.select().from(profiles).where(eq(profiles.userId, result.user.id));
    return {
      userId: result.user.id,
      email: result.user.email,
      role: isAdminRole((result.user as { role?: string }).role) ? 'admin' : 'user',
      isMember: isSubscribed(profile ?? null),
    };
  };
}
