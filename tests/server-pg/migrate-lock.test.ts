// Two processes booting at once against one PostgreSQL must not race on migrations.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterEach, expect, inject, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from '#server/db/migrate.ts';
import { adminUrl, databaseUrl, RUN_PREFIX } from '#tests/support/pg-urls.ts';

const made: string[] = [];
afterEach(async () => {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of made.splice(0)) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

it('applies every migration exactly once when several processes migrate at the same moment', async () => {
  const name = `${RUN_PREFIX}${inject('pgRunId')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  made.push(name);

  // Separate pools stand in for separate processes: each has its own connections and session lock.
  const handles = await Promise.all(
    [1, 2, 3, 4].map(() => openDatabase({ kind: 'pg', url: databaseUrl(name), poolSize: 2 })),
  );
  try {
    await Promise.all(handles.map((h) => migrateDatabase(h)));
    const { rows } = await handles[0]!.pool!.query(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    const files = readdirSync(MIGRATIONS_FOLDER).filter((f) => f.endsWith('.sql'));
    expect(rows[0].n).toBe(files.length);
    const tables = await handles[0]!.pool!.query(
      "select 1 from pg_tables where schemaname = 'public' and tablename = 'jobs'",
    );
    expect(tables.rowCount).toBe(1);
  } finally {
    await Promise.all(handles.map((h) => h.close()));
  }
});
