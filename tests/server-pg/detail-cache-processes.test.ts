// Two real server processes on one PostgreSQL, each with its own detail cache (decision 0011): an edit,
// unpublishing or a member's view made through one shows on the other's next reads, as soon as the
// notification is delivered (a few ms; the wait is bounded at 5 s), never from a stale cache.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { cookieFrom, linkIn, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const BASE = 'http://flowvault.test';
const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const DETAIL = '/api/catalog/automations/telegram-agent';
let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.dispose();
  database = undefined;
});

const send = (server: ServerProcess, url: string, body: unknown, cookie: string, method = 'POST') =>
  server.request(url, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, cookie },
    body: JSON.stringify(body),
  });

it('an edit, unpublishing and a view made on one process show on the other', {
  timeout: 180_000,
}, async () => {
  database = await createTestDatabase();
  const db = database.handle.db;
  await importCatalogPath({ database: database.handle, target: LIBRARY });
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
  };
  const a = await startServer(env);
  servers.push(a);
  const b = await startServer(env);
  servers.push(b);

  /** Signs up and verifies on A (the link read from the outbox), becomes admin or member, signs in. */
  async function account(kind: 'member' | 'admin'): Promise<string> {
    const email = `${kind}@example.com`;
    expect((await send(a, '/api/auth/sign-up/email', { email, password: TEST_PASSWORD }, '')).status).toBe(
      200,
    );
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
    return cookieFrom(await send(a, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD }, ''));
  }
  const admin = await account('admin');
  const member = await account('member');

  const read = async (server: ServerProcess) => {
    const res = await server.request(DETAIL, { headers: { cookie: member } });
    if (res.status !== 200) return { status: res.status, title: '', views: -1 };
    const body = (await res.json()) as { title: string; usage: { views: number } };
    return { status: 200, title: body.title, views: body.usage.views };
  };
  // Both processes have the answer cached.
  const first = await read(a);
  expect(first).toMatchObject({ status: 200, views: 0 });
  expect(await read(b)).toEqual(first);
  expect(await read(b)).toEqual(first);

  const viewed = await send(
    a,
    '/api/library/events',
    { automationId: 'telegram-agent', kind: 'view' },
    member,
  );
  expect(viewed.status).toBe(201);
  expect((await read(a)).views).toBe(1);
  await expect.poll(async () => (await read(b)).views, { timeout: 5_000, interval: 20 }).toBe(1);

  const item = '/api/admin/catalog/items/telegram-agent';
  expect((await send(a, item, { title: 'Renamed agent' }, admin, 'PATCH')).status).toBe(200);
  expect((await read(a)).title).toBe('Renamed agent');
  await expect
    .poll(async () => (await read(b)).title, { timeout: 5_000, interval: 20 })
    .toBe('Renamed agent');

  expect((await send(a, `${item}/published`, { published: false }, admin, 'PUT')).status).toBe(200);
  expect((await read(a)).status).toBe(404);
  await expect.poll(async () => (await read(b)).status, { timeout: 5_000, interval: 20 }).toBe(404);
});
