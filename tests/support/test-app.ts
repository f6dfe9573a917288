import { afterEach } from 'vitest';
import { type AppDeps, createApp } from '../../src/server/app.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/lib/logger.ts';
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
export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  open.push(testDatabase);
  const database = testDatabase.handle;
  const env = parseEnv({ NODE_ENV: 'test', BASE_URL: 'http://flowvault.test' });
  const deps: AppDeps = {
    env,
    database,
    log: createLogger(env),
    version: 'test',
    startedAt: Date.now(),
    ...overrides,
  };
  const app = createApp(deps);
  return {
    app,
    database,
    deps,
    request: (path, init) => Promise.resolve(app.request(`http://flowvault.test${path}`, init)),
  };
}
