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
  /** A real request through the whole app (middleware, routing, error path). */
  request(path: string, init?: RequestInit): Promise<Response>;
};

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
  const testDatabase = await createTestDatabase();
  open.push(testDatabase);
  const database = testDatabase.handle;
  const { envVars, rateLimits, ...rest } = overrides;
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://flowvault.test', ...envVars });
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
    ...rest,
  };
  const app = createApp(deps);
  return {
    app,
    database,
    deps,
    request: (path, init) => Promise.resolve(app.request(`http://flowvault.test${path}`, init)),
  };
}
