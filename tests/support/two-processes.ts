// Two real server processes (main.ts) on one PostgreSQL database, for the tests of tests/server-pg that
// prove a change made through process A reaches process B (session, detail and templates-host caches).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import type { DbHandle } from '#server/db/client.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { type ServerProcess, startServer } from './server-processes.ts';
import { cookieFrom, linkIn, TEST_PASSWORD } from './sessions.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import { makeWebRoot } from './web-root.ts';

export const BASE = 'http://flowvault.test';

let database: TestDatabase | undefined;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.dispose();
  database = undefined;
});

export type Who = { userId: string; email: string; cookie: string };

/** A JSON request with the app's Origin and, when given, a session cookie; no body when `body` is undefined. */
export function send(server: ServerProcess, url: string, body: unknown, cookie = '', method = 'POST') {
  return server.request(url, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, ...(cookie ? { cookie } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * A fresh database (`prepare` seeds it before the processes start) and two processes on it sharing the
 * auth secret, as processes behind one balancer do (under NODE_ENV=test a generated secret stays in each
 * process's memory, so cookies would differ). Both are stopped and the database dropped after the test.
 */
export async function startTwoServers(prepare?: (handle: DbHandle) => Promise<unknown>) {
  database = await createTestDatabase();
  const handle = database.handle;
  const db = handle.db;
  await prepare?.(handle);
  const url = (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
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

  return { db, a, b, account };
}
