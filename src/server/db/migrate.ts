import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import type { DbHandle } from './client.ts';

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

// Any constant works; it only has to be the same in every process of this app.
const MIGRATION_LOCK_KEY = 727_100_001;

/**
 * Applies the committed SQL migrations. On PostgreSQL a session advisory lock serialises
 * processes that boot at the same time, so two of them never race on the same migration.
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.driver === 'pglite') {
    // PGlite's driver is loaded only for the embedded database (see db/client.ts).
    const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    await migratePglite(drizzlePglite(handle.pglite!), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
