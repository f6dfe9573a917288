import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { profiles } from '#server/db/schema/auth.ts';
import type { Viewer } from '#server/lib/context.ts';
import { type EventBus, processBus, publishThroughDatabase } from '#server/realtime/event-bus.ts';
import { isSubscribed } from '#shared/subscription.ts';
import type { Auth } from './create-auth.ts';
import { type CachedViewer, createSessionCache, readCookie, verifySignedToken } from './session-cache.ts';

export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? '').split(',').some((r) => r.trim() === 'admin');
}

/** How long a resolved viewer is reused without asking the database, unless revoked sooner. */
export const VIEWER_CACHE_TTL_MS = 60_000;
const VIEWER_CACHE_MAX = 20_000;

/**
 * Resolves the signed-in viewer from the session cookie. The cookie's signature is checked here; a
 * verified cookie seen in the last minute is answered from memory, otherwise better-auth's database
 * session and the profile are read. 'viewer.changed' events (from any process) drop a user's entries.
 */
export function createViewerResolver(deps: {
  auth: Auth;
  db: Database;
  bus?: EventBus;
  ttlMs?: number;
  now?: () => number;
}) {
  const cache = createSessionCache({
    ttlMs: deps.ttlMs ?? VIEWER_CACHE_TTL_MS,
    maxEntries: VIEWER_CACHE_MAX,
  });
  (deps.bus ?? processBus).subscribe('viewer.changed', ({ userId }) => cache.dropUser(userId));
  const now = deps.now ?? Date.now;
  let cookie: Promise<{ name: string; secret: string }> | undefined;
  const cookieConfig = () =>
    (cookie ??= deps.auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
    })));

  return async function resolveViewer(headers: Headers): Promise<Viewer | null> {
    const header = headers.get('cookie');
    if (!header?.includes('session_token')) return null;
    const { name, secret } = await cookieConfig();
    const signed = readCookie(header, name);
    if (!signed) return null;
    // Keyed by the signed cookie text: an entry exists only for text whose signature was checked, so
    // a hit needs no second HMAC; anything else is verified before any lookup.
    const hit = cache.get(signed, now());
    if (hit) return toViewer(hit, now());
    if (!verifySignedToken(signed, secret)) return null;

    const epoch = cache.epoch;
    const result = await deps.auth.api.getSession({ headers, query: { disableRefresh: true } });
    if (!result) return null;
    const [profile] = await deps.db.select().from(profiles).where(eq(profiles.userId, result.user.id));
    const viewer: CachedViewer = {
      userId: result.user.id,
      email: result.user.email,
      role: isAdminRole((result.user as { role?: string }).role) ? 'admin' : 'user',
      profile: profile ?? null,
      sessionExpiresAt: new Date(result.session.expiresAt).getTime(),
    };
    cache.set(signed, viewer, epoch, now());
    return toViewer(viewer, now());
  };
}

function toViewer(cached: CachedViewer, now: number): Viewer {
  const { userId, email, role, profile } = cached;
  return { userId, email, role, isMember: isSubscribed(profile, now) };
}

/**
 * Tells every process that a user's sessions or member state changed, so none answers from a cached
 * viewer again. This process drops its entries before it returns; others when the notification lands.
 * Call it after the change is committed.
 */
export function publishViewerChanged(deps: { db: Database; bus?: EventBus }, userId: string): Promise<void> {
  return publishThroughDatabase(deps.db, deps.bus ?? processBus, 'viewer.changed', { userId });
}
