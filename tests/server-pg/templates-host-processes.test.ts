// Two real server processes on one PostgreSQL: a member's templates host (decision 0026) made through
// one answers on the other, and a rotation, a refund (access revoked), a ban, turning it off and deleting
// the account, each done through process A, end the token on process B at the very next request.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { profiles, user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { TemplatesHostStatusSchema } from '#shared/schemas/templates-host.ts';
import { type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { cookieFrom, linkIn, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const BASE = 'http://flowvault.test';
const N8N = 'http://127.0.0.1:5678';
let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.dispose();
  database = undefined;
});

const send = (server: ServerProcess, p: string, body: unknown, cookie = '', method = 'POST') =>
  server.request(p, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) },
    ...(method === 'DELETE' ? {} : { body: JSON.stringify(body) }),
  });
/** What n8n's editor does first: the health check, cross-origin with its version header. */
const health = async (server: ServerProcess, hostPath: string) =>
  (await server.request(`${hostPath}health`, { headers: { origin: N8N, 'n8n-version': '2.40.7' } })).status;

it('rotation and every revocation made on one process end the token on the other at once', {
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
  async function account(kind: 'member' | 'admin') {
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
    else
      await db
        .update(profiles)
        .set({ hasPaid: true, subscriptionStatus: 'active', subscriptionPeriod: 'lifetime' })
        .where(eq(profiles.userId, row!.id));
    const res = await send(a, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    return { userId: row!.id, cookie: cookieFrom(res) };
  }
  const hostOf = async (res: Response) => {
    expect(res.status, await res.clone().text()).toBe(200);
    return new URL(TemplatesHostStatusSchema.parse(await res.json()).hostUrl!).pathname;
  };
  const turnOn = async (cookie: string) =>
    hostOf(await send(a, '/api/templates-host', { allowedOrigin: N8N }, cookie));

  const admin = await account('admin');
  const reason = 'Two-process test';
  const users = '/api/admin/users';

  const member = await account('member');
  const first = await turnOn(member.cookie);
  expect([await health(a, first), await health(b, first)]).toEqual([200, 200]);
  const second = await hostOf(await send(a, '/api/templates-host/rotate', {}, member.cookie));
  expect([await health(b, first), await health(b, second)]).toEqual([404, 200]);
  expect((await send(a, '/api/templates-host', {}, member.cookie, 'DELETE')).status).toBe(200);
  expect(await health(b, second)).toBe(404);

  const refunded = await account('member');
  const refundedHost = await turnOn(refunded.cookie);
  expect(await health(b, refundedHost)).toBe(200);
  const revoke = await send(
    a,
    `${users}/${refunded.userId}/access`,
    { action: 'revoke', reason },
    admin.cookie,
  );
  expect(revoke.status, await revoke.clone().text()).toBe(200);
  expect(await health(b, refundedHost)).toBe(404);

  const banned = await account('member');
  const bannedHost = await turnOn(banned.cookie);
  expect(await health(b, bannedHost)).toBe(200);
  expect(
    (await send(a, `${users}/${banned.userId}/ban`, { banned: true, reason }, admin.cookie)).status,
  ).toBe(200);
  expect(await health(b, bannedHost)).toBe(404);

  const deleted = await account('member');
  const deletedHost = await turnOn(deleted.cookie);
  expect(await health(b, deletedHost)).toBe(200);
  expect((await send(a, '/api/auth/delete-user', { password: TEST_PASSWORD }, deleted.cookie)).status).toBe(
    200,
  );
  expect(await health(b, deletedHost)).toBe(404);
});
