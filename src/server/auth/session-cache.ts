import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SubscriptionProfile } from '#shared/subscription.ts';

// The viewer behind a session cookie, kept in this process so a signed-in request costs no database
// round trip. The key is the signed cookie text (viewer.ts checks its signature before storing it), so
// the `token` parameters below name that text. Entries live at most `ttlMs` (a safety net); revocations drop them at once through the
// 'viewer.changed' event (decision 0011).

export type CachedViewer = {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  /** The subscription fields, so membership is judged at each request (an expiry may pass). */
  profile: SubscriptionProfile | null;
  /** When the session itself ends (ms since epoch). */
  sessionExpiresAt: number;
};

type Entry = CachedViewer & { cachedAt: number };

export type SessionCache = {
  get(token: string, now: number): CachedViewer | undefined;
  /** Changes whenever entries are dropped: a lookup that started before a drop must not be stored. */
  readonly epoch: number;
  set(token: string, viewer: CachedViewer, epochAtStart: number, now: number): void;
  dropUser(userId: string): void;
  readonly size: number;
};

export function createSessionCache(options: { ttlMs: number; maxEntries: number }): SessionCache {
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();
  let epoch = 0;

  const remove = (token: string) => {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.userId);
  };

  return {
    get(token, now) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= options.ttlMs || now >= entry.sessionExpiresAt) {
        remove(token);
        return undefined;
      }
      return entry;
    },
    get epoch() {
      return epoch;
    },
    set(token, viewer, epochAtStart, now) {
      if (epochAtStart !== epoch) return;
      remove(token);
      // Oldest first: a Map iterates in insertion order.
      while (entries.size >= options.maxEntries) remove(entries.keys().next().value as string);
      entries.set(token, { ...viewer, cachedAt: now });
      let tokens = tokensOf.get(viewer.userId);
      if (!tokens) {
        tokens = new Set();
        tokensOf.set(viewer.userId, tokens);
      }
      tokens.add(token);
    },
    dropUser(userId) {
      epoch++;
      for (const token of tokensOf.get(userId) ?? []) entries.delete(token);
      tokensOf.delete(userId);
    },
    get size() {
      return entries.size;
    },
  };
}

/** The value of cookie `name` in a Cookie header, URL-decoded; null when absent or malformed. */
export function readCookie(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * The session token of a better-auth signed cookie value (`token.base64(HMAC-SHA256(secret, token))`,
 * as better-call signs it), or null when the signature does not match.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  // Compared as text, exactly as signed: lenient base64 decoding must not accept other spellings.
  const signature = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}
