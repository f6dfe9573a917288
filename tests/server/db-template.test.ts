import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/catalog/catalog.queries.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { templateFor, writeDatabaseTemplate } from '#server/db/template.ts';

// `npm run build` packs a migrated embedded database; a new DATA_DIR is unpacked from it instead of
// running initdb. These tests open real PGlite data dirs on disk.

const work = mkdtempSync(path.join(tmpdir(), 'fv-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = (dir: string) => ({ DATABASE_URL: undefined, DATA_DIR: path.join(work, dir) });

describe('the embedded database template', () => {
  it('starts a new data dir with every migration applied, and the dir keeps its own data after', async () => {
    const file = path.join(work, 'template.tar.gz');
    const { bytes } = await writeDatabaseTemplate(file);
    expect(bytes).toBeGreaterThan(100_000);

    const first = await connectDatabase(env('a'), { templateFile: file });
    const applied = rowsOf<{ n: number }>(
      await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    const tables = rowsOf<{ name: string }>(
      await first.db.execute(sql`select tablename as name from pg_tables where schemaname = 'public'`),
    ).map((t) => t.name);
    expect(tables).toEqual(
      expect.arrayContaining(['automations', 'users', 'n8n_connections', 'mail_outbox']),
    );
    // Migrating again finds nothing to do (the template carries the migration journal).
    await migrateDatabase(first);
    const after = rowsOf<{ n: number }>(
      await first.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(after[0]!.n).toBe(applied[0]!.n);
    await first.db.execute(
      sql`insert into workflow_stats (total_workflows, youtube_workflows, reddit_workflows, skool_workflows, other_workflows, per_source) values (7, 0, 0, 0, 7, '{}'::jsonb)`,
    );
    await first.close();

    // Reopened: the data is there; the template is not unpacked over an existing database.
    const again = await connectDatabase(env('a'), { templateFile: file });
    const stats = rowsOf<{ total_workflows: number }>(
      await again.db.execute(sql`select total_workflows from workflow_stats`),
    );
    expect(stats.map((s) => s.total_workflows)).toEqual([7]);
    await again.close();
  });

  it('is used only for an empty data dir and only when the file exists', () => {
    const file = path.join(work, 'only-if.tar.gz');
    writeFileSync(file, 'packed');
    mkdirSync(path.join(work, 'empty'));
    expect(templateFor(path.join(work, 'empty'), file)).toBeInstanceOf(Blob);
    expect(templateFor(path.join(work, 'missing'), file)).toBeInstanceOf(Blob);
    mkdirSync(path.join(work, 'used'));
    writeFileSync(path.join(work, 'used', 'PG_VERSION'), '17');
    expect(templateFor(path.join(work, 'used'), file)).toBeUndefined();
    expect(templateFor(path.join(work, 'empty'), path.join(work, 'no-such-file.tar.gz'))).toBeUndefined();
  });
});
