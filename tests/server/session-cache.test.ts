// Signed-in requests are answered from the in-process viewer cache (no database round trip), and every
// revocation takes effect on the very next request (decision 0011).
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createSessionCache, readCookie, verifySignedToken } from '#server/auth/session-cache.ts';
import { createViewerResolver, VIEWER_CACHE_TTL_MS } from '#server/auth/viewer.ts';
import { session } from '#server/db/schema/auth.ts';
import { appAs } from '#tests/support/app-as.ts';
import { approvedCheckout, createBillingTestApp } from '#tests/support/billing.ts';
import {
  cookieFrom,
  jsonHeaders,
  latestMail,
  linkIn,
  type SignedIn,
  signIn,
  signInRequest,
  TEST_PASSWORD,
} from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const SEARCH = '/api/catalog/automations?q=slack';
/** 200 for a member (or admin), 403 for a signed-in non-member, 401 when not signed in. */
const search = async (t: TestApp, who: { headers: Record<string, string> }) =>
  (await t.client.api.catalog.automations.$get({ query: { q: 'slack' } }, { headers: who.headers })).status;
/** Raw, for better-auth's own endpoints (/api/auth/*), which are not in the app's typed routes. */
const post = (t: TestApp, headers: Record<string, string>, path: string, body: unknown = {}) =>
  t.request(path, { method: 'POST', headers: { ...jsonHeaders(t), ...headers }, body: JSON.stringify(body) });

/** A second session of the same user (another browser). */
async function secondSession(t: TestApp, who: SignedIn): Promise<SignedIn> {
  const res = await signInRequest(t, who.email, who.password);
  expect(res.status).toBe(200);
  const cookie = cookieFrom(res);
  return { ...who, cookie, headers: { cookie, origin: t.deps.env.baseUrl } };
}

describe('the viewer cache', () => {
  it('answers a known session from memory until its lifetime ends, then asks the database again', async () => {
    const t = await createTestApp();
    const clock = { now: Date.now() };
    const resolveViewer = createViewerResolver({
      auth: t.deps.auth!,
      db: t.database.db,
      now: () => clock.now,
    });
    const app = createApp({ ...t.deps, resolveViewer });
    const request = (who: SignedIn) =>
      app.request(`http://flowvault.test${SEARCH}`, { headers: who.headers });
    const member = await signIn(t, 'member');
    expect((await request(member)).status).toBe(200);
    // Deleted behind the app's back (no event): the cached viewer still answers, which is what saves
    // the round trip, and why every revocation below must publish one.
    await t.database.db.delete(session).where(eq(session.userId, member.userId));
    expect((await request(member)).status).toBe(200);
    clock.now += VIEWER_CACHE_TTL_MS;
    expect((await request(member)).status).toBe(401);
  });

  it('refuses a tampered cookie: another token with the old signature, or a changed signature', async () => {
    const { t, viewer: member } = await appAs('member');
    expect(await search(t, member)).toBe(200);
    const [name, value] = member.cookie.split('=') as [string, string];
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
    const swapped = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}.${signature}`;
    const resigned = `${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [swapped, resigned, token]) {
      const cookie = `${name}=${encodeURIComponent(forged)}`;
      expect(await search(t, { headers: { cookie } })).toBe(401);
    }
    expect(await search(t, member)).toBe(200);
  });
});

describe('revocations take effect on the next request', () => {
  it('sign-out: the old cookie no longer works', async () => {
    const { t, viewer: member } = await appAs('member');
    expect(await search(t, member)).toBe(200);
    expect((await post(t, member.headers, '/api/auth/sign-out')).status).toBe(200);
    expect(await search(t, member)).toBe(401);
  });

  it('sign-out everywhere ends the other sessions too', async () => {
    const { t, viewer: member } = await appAs('member');
    const other = await secondSession(t, member);
    expect([await search(t, member), await search(t, other)]).toEqual([200, 200]);
    const signOut = t.client.api.account['sign-out'].$post(
      { json: { scope: 'global' } },
      { headers: member.headers },
    );
    expect((await signOut).status).toBe(200);
    expect([await search(t, member), await search(t, other)]).toEqual([401, 401]);
  });

  it('changing the password with "sign out other sessions" ends the other session', async () => {
    const { t, viewer: member } = await appAs('member');
    const other = await secondSession(t, member);
    expect(await search(t, other)).toBe(200);
    const res = await post(t, member.headers, '/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another long password',
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(await search(t, other)).toBe(401);
  });

  it('a password reset ends every session', async () => {
    const { t, viewer: member } = await appAs('member');
    expect(await search(t, member)).toBe(200);
    await post(t, {}, '/api/auth/request-password-reset', { email: member.email, redirectTo: '/auth' });
    const mail = await latestMail(t, member.email, 'reset');
    const token = new URL(linkIn(mail.text, `${t.deps.env.baseUrl}/auth?mode=reset`)).searchParams.get(
      'token',
    );
    const reset = await post(t, {}, '/api/auth/reset-password', { newPassword: 'a new password', token });
    expect(reset.status).toBe(200);
    expect(await search(t, member)).toBe(401);
  });

  it('deleting the account ends its session', async () => {
    const { t, viewer: member } = await appAs('member');
    expect(await search(t, member)).toBe(200);
    expect((await post(t, member.headers, '/api/auth/delete-user', { password: TEST_PASSWORD })).status).toBe(
      200,
    );
    expect(await search(t, member)).toBe(401);
  });

  it('operator actions: ban, end sessions, revoke and grant access, demote', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const banned = await signIn(t, 'member');
    const ended = await signIn(t, 'member');
    const revoked = await signIn(t, 'member');
    const granted = await signIn(t, 'user');
    const demoted = await signIn(t, 'admin');
    const warm = [banned, ended, revoked, granted, demoted];
    expect(await Promise.all(warm.map((who) => search(t, who)))).toEqual([200, 200, 200, 403, 200]);
    const reason = 'Operator test';
    const users = t.client.api.admin.users[':id'];
    const as = { headers: admin.headers };
    const who = (target: SignedIn) => ({ param: { id: target.userId } });
    await users.ban.$post({ ...who(banned), json: { banned: true, reason } }, as);
    await users['end-sessions'].$post(who(ended), as);
    await users.access.$post({ ...who(revoked), json: { action: 'revoke', reason } }, as);
    await users.access.$post({ ...who(granted), json: { action: 'grant', reason } }, as);
    const demote = await users.role.$put({ ...who(demoted), json: { role: 'user' } }, as);
    expect(demote.status).toBe(200);
    expect(await Promise.all(warm.map((who) => search(t, who)))).toEqual([401, 401, 403, 200, 403]);
  });

  it('a captured payment grants access and a refund takes it away', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const admin = await signIn(t, 'admin');
    const buyer = await signIn(t, 'user');
    expect(await search(t, buyer)).toBe(403);
    const { payment: pending } = await approvedCheckout(t, sandbox, buyer);
    const payment = t.client.api.admin.payments[':id'];
    const as = { headers: admin.headers };
    expect((await payment.process.$post({ param: { id: pending!.id } }, as)).status).toBe(200);
    expect(await search(t, buyer)).toBe(200);
    const refund = await payment.refund.$post(
      { param: { id: pending!.id }, json: { reason: 'Asked within 30 days' } },
      as,
    );
    expect(refund.status).toBe(200);
    expect(await search(t, buyer)).toBe(403);
  });
});

describe('session cache internals', () => {
  const viewer = (userId: string) => ({
    userId,
    email: `${userId}@example.com`,
    role: 'user' as const,
    profile: null,
    sessionExpiresAt: Date.now() + 3_600_000,
  });

  it('does not store a lookup that started before a revocation', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 10 });
    const now = Date.now();
    const startedAt = cache.epoch;
    cache.dropUser('u1'); // the revocation lands while the database lookup is in flight
    cache.set('t1', viewer('u1'), startedAt, now);
    expect(cache.get('t1', now)).toBeUndefined();
    cache.set('t1', viewer('u1'), cache.epoch, now);
    expect(cache.get('t1', now)?.userId).toBe('u1');
  });

  it('keeps at most maxEntries, the oldest dropped first, and never past the session end', () => {
    const cache = createSessionCache({ ttlMs: 60_000, maxEntries: 2 });
    const now = Date.now();
    for (const t of ['a', 'b', 'c']) cache.set(t, viewer(t), cache.epoch, now);
    expect([cache.get('a', now), cache.get('c', now)?.userId]).toEqual([undefined, 'c']);
    const ending = { ...viewer('d'), sessionExpiresAt: now + 10 };
    cache.set('d', ending, cache.epoch, now);
    expect(cache.get('d', now + 10)).toBeUndefined();
  });

  it('checks the signature the way better-call signs the cookie', () => {
    const signature = createHmac('sha256', 'secret').update('token123').digest('base64');
    expect(verifySignedToken(`token123.${signature}`, 'secret')).toBe('token123');
    expect(verifySignedToken(`token123.${signature}`, 'other secret')).toBeNull();
    expect(verifySignedToken(`token124.${signature}`, 'secret')).toBeNull();
    expect(verifySignedToken(`token123.${signature.replace('=', '')}`, 'secret')).toBeNull();
    expect(verifySignedToken('token123', 'secret')).toBeNull();
    expect(
      readCookie(`a=1; better-auth.session_token=${encodeURIComponent('x.y=')}`, 'better-auth.session_token'),
    ).toBe('x.y=');
    expect(readCookie('a=%E0%A4%A', 'a')).toBeNull();
  });
});
