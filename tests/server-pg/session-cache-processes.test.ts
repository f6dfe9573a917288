// Two real server processes on one PostgreSQL: a member's cookie works on both, each caches the viewer,
// and a revocation made through one takes effect at once there and, as soon as the notification is
// delivered, on the other (decision 0011: delivered within a few ms; the wait is bounded at 5 s).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { profiles, user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { cookieFrom, linkIn, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const BASE = 'http://flowvault.test';
const SEARCH = '/api/catalog/automations?q=slack';
let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.dispose();
  database = undefined;
});

type Who = { userId: string; email: string; cookie: string };

const send = (server: ServerProcess, path: string, body: unknown, cookie = '', method = 'POST') =>
  server.request(path, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const search = async (server: ServerProcess, who: Who) =>
  (await server.request(SEARCH, { headers: { cookie: who.cookie } })).status;

// Two server boots and ten revocations: ~40 s on a busy 2-core machine, so more than the default 90 s.
it('a cookie works on both processes and every revocation reaches the other one', {
  timeout: 240_000,
}, async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  const url = (database.handle.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
  const env = {
    DATABASE_URL: url,
    NODE_ENV: 'test',
    BASE_URL: BASE,
    AUTH_RATE_LIMIT_FACTOR: '100',
    // Processes behind one balancer share the configured secret (under NODE_ENV=test a generated one
    // stays in each process's memory, so cookies would differ).
    AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fv-data-')),
    WEB_ROOT: makeWebRoot(),
    LOG_LEVEL: 'warn',
  };
  const a = await startServer(env);
  servers.push(a);
  const b = await startServer(env);
  servers.push(b);

  let n = 0;
  /** Signs up and verifies on A (the link read from the outbox), sets the role or membership, signs in on A. */
  async function account(kind: 'member' | 'user' | 'admin'): Promise<Who> {
    const email = `${kind}-${++n}@example.com`;
    expect((await send(a, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD })).status).toBe(200);
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'verification')))
      .orderBy(desc(mailOutbox.createdAt));
    const link = new URL(linkIn(mail!.text, `${BASE}/api/auth/verify-email`));
    expect((await a.request(`${link.pathname}${link.search}`)).status).toBe(302);
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (kind === 'admin') await db.update(user).set({ role: 'admin' }).where(eq(user.id, row!.id));
    if (kind === 'member') {
      await db
        .update(profiles)
        .set({ hasPaid: true, subscriptionStatus: 'active', subscriptionPeriod: 'lifetime' })
        .where(eq(profiles.userId, row!.id));
    }
    const res = await send(a, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return { userId: row!.id, email, cookie: cookieFrom(res) };
  }

  /** Both processes answer `before` (and so hold the viewer); after `revoke` on A, both answer `after`. */
  async function expectRevoked(who: Who, before: number, after: number, revoke: () => Promise<Response>) {
    expect([await search(a, who), await search(b, who)]).toEqual([before, before]);
    const res = await revoke();
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await search(a, who)).toBe(after);
    await expect.poll(() => search(b, who), { timeout: 5_000, interval: 20 }).toBe(after);
  }

  const admin = await account('admin');
  const reason = 'Two-process test';
  const users = '/api/admin/users';

  const signedOut = await account('member');
  await expectRevoked(signedOut, 200, 401, () => send(a, '/api/auth/sign-out', {}, signedOut.cookie));

  const everywhere = await account('member');
  await expectRevoked(everywhere, 200, 401, () =>
    send(a, '/api/account/sign-out', { scope: 'global' }, everywhere.cookie),
  );

  const banned = await account('member');
  await expectRevoked(banned, 200, 401, () =>
    send(a, `${users}/${banned.userId}/ban`, { banned: true, reason }, admin.cookie),
  );

  const revoked = await account('member');
  await expectRevoked(revoked, 200, 403, () =>
    send(a, `${users}/${revoked.userId}/access`, { action: 'revoke', reason }, admin.cookie),
  );

  const granted = await account('user');
  await expectRevoked(granted, 403, 200, () =>
    send(a, `${users}/${granted.userId}/access`, { action: 'grant', reason }, admin.cookie),
  );

  const deleted = await account('member');
  await expectRevoked(deleted, 200, 401, () =>
    send(a, '/api/auth/delete-user', { password: TEST_PASSWORD }, deleted.cookie),
  );

  const ended = await account('member');
  await expectRevoked(ended, 200, 401, () =>
    send(a, `${users}/${ended.userId}/end-sessions`, {}, admin.cookie),
  );

  const demoted = await account('admin');
  await expectRevoked(demoted, 200, 403, () =>
    send(a, `${users}/${demoted.userId}/role`, { role: 'user' }, admin.cookie, 'PUT'),
  );

  // Changing the password with "sign out other sessions" from one browser ends the other one.
  const changer = await account('member');
  const otherBrowser = await send(a, '/api/auth/sign-in/email', {
    email: changer.email,
    password: TEST_PASSWORD,
  });
  const other = { ...changer, cookie: cookieFrom(otherBrowser) };
  await expectRevoked(other, 200, 401, () =>
    send(
      a,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'another long password', revokeOtherSessions: true },
      changer.cookie,
    ),
  );

  const reset = await account('member');
  await expectRevoked(reset, 200, 401, async () => {
    await send(a, '/api/auth/request-password-reset', { email: reset.email, redirectTo: '/auth' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, reset.email), eq(mailOutbox.kind, 'reset')));
    const token = new URL(linkIn(mail!.text, `${BASE}/auth?mode=reset`)).searchParams.get('token');
    return send(a, '/api/auth/reset-password', { newPassword: 'a new password', token });
  });

  // The same signed cookie made on A is accepted on B, and a tampered one on neither.
  const member = await account('member');
  expect([await search(a, member), await search(b, member)]).toEqual([200, 200]);
  const [name, value] = member.cookie.split('=') as [string, string];
  const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
  const forged = `${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const tampered = { ...member, cookie: `${name}=${encodeURIComponent(forged)}` };
  expect([await search(a, tampered), await search(b, tampered)]).toEqual([401, 401]);
});
