import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export { schema };
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with the way to close it. `driver` says which engine is behind it. */
export type DbHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Raw client for LISTEN/NOTIFY and migrations; one of the two is set. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

export type OpenDatabaseOptions =
  | { kind: 'pg'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; pglite?: PGlite };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if (options.kind === 'pg') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // A pool emits 'error' for idle clients the server dropped; without a listener that kills the process.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Database;
    return { db, driver: 'pg', pool, close: async () => (pool.ended ? undefined : pool.end()) };
  }
  const client = yieldBetweenStatements(options.pglite ?? (await createPglite(options.dataDir)));
  // Loaded only for the embedded database: a process on PostgreSQL never pays for PGlite's modules.
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    close: async () => (client.closed ? undefined : client.close()),
  };
}

/**
 * PGlite runs each statement on the event loop, and statements awaited one after another ran in one
 * go: a scheduler tick's lease checks or a job's queries held a request that arrived meanwhile for
 * 10-40 ms. Statements now run one per turn of the event loop (each waits for the one before, then for
 * a setImmediate), so pending I/O runs between them and a request waits for one statement at most
 * (~1-4 ms). Transactions still run as a unit (their statements use PGlite's own inner query).
 */
function yieldBetweenStatements(client: PGlite): PGlite {
  const query = client.query.bind(client);
  let previous: Promise<unknown> = Promise.resolve();
  client.query = ((...args: Parameters<PGlite['query']>) => {
    const result = previous
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(() => query(...args));
    previous = result.catch(() => {});
    return result;
  }) as PGlite['query'];
  return client;
}

/**
 * Creates a PGlite instance with the extensions our migrations use. shared_buffers is 32 MB instead of
 * Postgres's 128 MB: PGlite touches the whole buffer pool inside its WebAssembly memory at start, which
 * cost ~150 MB of RSS, while its files stay in the OS page cache anyway (decision 0002, memory).
 */
export async function createPglite(dataDir?: string): Promise<PGlite> {
  // Imported here, not at the top: a process on PostgreSQL never loads PGlite (~9 MB of RSS).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    postgresqlconf: ['shared_buffers=32MB'],
  });
}

/** Round trip used by /api/health. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
