import { hc } from 'hono/client';
import { afterEach } from 'vitest';
import { type AppDeps, createApp } from '#server/app.ts';
import { type AuthDeps, createAuth } from '#server/auth/create-auth.ts';
import { createViewerResolver } from '#server/auth/viewer.ts';
import type { DbHandle } from '#server/db/client.ts';
import { parseEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: DbHandle;
  deps: AppDeps;
  /**
   * The app's routes, typed from its chain like the web's client:
   * `t.client.api.catalog.automations.$get({ query }, { headers })`. The same request through the whole app.
   */
  client: TestClient;
  /** A raw request through the whole app, for what the typed client cannot send (hostile bodies, other routes). */
  request(path: string, init?: RequestInit): Promise<Response>;
};

const BASE_URL = 'http://flowvault.test';

/**
 * Hono's testClient (hono/testing) is this `hc` call with the base fixed at http://localhost; the app's
 * cookies and same-origin checks belong to BASE_URL, so the typed client asks at that address.
 */
function typedClient(app: ReturnType<typeof createApp>) {
  return hc<typeof app>(BASE_URL, {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => app.request(input, init),
  });
}
export type TestClient = ReturnType<typeof typedClient>;

const open: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.dispose()));
});

/** The app on a fresh migrated database; the database is thrown away after each test. */
export async function createTestApp(
  overrides: Partial<AppDeps> & {
    envVars?: Record<string, string>;
    rateLimits?: AuthDeps['rateLimits'];
  } = {},
): Promise<TestApp> {
  const { envVars, rateLimits, ...rest } = overrides;
  // A second app on another app's database (two processes, one database) opens no database of its own.
  let database = rest.database;
  if (!database) {
    const testDatabase = await createTestDatabase();
    open.push(testDatabase);
    database = testDatabase.handle;
  }
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL, ...envVars });
  const log = rest.log ?? createLogger(env);
  // The real better-auth on this database, and the viewer resolved from its sessions.
  const auth = rest.auth ?? createAuth({ env, db: database.db, log, rateLimits, bus: rest.bus });
  const deps: AppDeps = {
    env,
    database,
    log,
    version: 'test',
    startedAt: Date.now(),
    auth,
    resolveViewer: createViewerResolver({ auth, db: database.db, bus: rest.bus }),
    // The SSR entry's request-time renderers from source: server tests need no build.
    renderer: () => import('#web/features/site/catalogue/render.tsx'),
    ...rest,
  };
  const app = createApp(deps);
  return {
    app,
    database: deps.database,
    deps,
    client: typedClient(app),
    request: (path, init) => Promise.resolve(app.request(`${BASE_URL}${path}`, init)),
  };
}

/** The status and JSON body of an answer, for assertions on both: `await readJson(t.client.api…$get())`. */
export async function readJson<T = Record<string, unknown>>(
  answer: PromiseLike<{ status: number; json(): Promise<unknown> }>,
): Promise<{ status: number; body: T }> {
  const res = await answer;
  return { status: res.status, body: (await res.json()) as T };
}
