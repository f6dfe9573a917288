import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createPglite, type DbHandle, openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { adminQuery, databaseUrl, RUN_PREFIX } from './pg-urls.ts';

export const usingPostgres = process.env.FLOWVAULT_TEST_DB === 'pg';

let shared: DbHandle | undefined;

export type TestDatabase = {
  handle: DbHandle;
  /** Throws the data away after the test. */
  dispose(): Promise<void>;
};

/**
 * A migrated, empty database for one test app. On PGlite one instance per test worker is
 * emptied before each use (creating one takes seconds; emptying it takes milliseconds); on the
 * PostgreSQL leg each test app gets a new database made from the run's migrated template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (usingPostgres) {
    const runId = inject('pgRunId');
    const name = `${RUN_PREFIX}${runId}_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database "${name}" template "${RUN_PREFIX}${runId}_tpl"`);
    const handle = await openDatabase({ kind: 'pg', url: databaseUrl(name), poolSize: 5 });
    return {
      handle,
      async dispose() {
        await handle.close();
        await adminQuery(`drop database if exists "${name}" with (force)`);
      },
    };
  }
  if (!shared || shared.pglite!.closed) {
    shared = await openDatabase({ kind: 'pglite', pglite: await createPglite() });
    await migrateDatabase(shared);
  } else {
    const { rows } = await shared.pglite!.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    if (rows.length > 0) {
      await shared.pglite!.exec(
        `truncate ${rows.map((r) => `"${r.tablename}"`).join(', ')} restart identity cascade`,
      );
    }
  }
  return { handle: shared, dispose: async () => {} };
}
