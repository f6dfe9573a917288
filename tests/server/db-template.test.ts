import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/catalog/catalog.queries.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { copyTemplate, templateFor, writeDatabaseTemplate } from '#server/db/template.ts';

// `npm run build` writes a migrated embedded database; a new DATA_DIR is copied from it instead of
// running initdb. These tests open real PGlite data dirs on disk.

const work = mkdtempSync(path.join(tmpdir(), 'fv-template-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const env = (dir: string) => ({ DATABASE_URL: undefined, DATA_DIR: path.join(work, dir) });

describe('the embedded database template', () => {
  it('starts a new data dir with every migration applied, and the dir keeps its own data after', async () => {
    const template = path.join(work, 'template');
    const { bytes } = await writeDatabaseTemplate(template);
    expect(bytes).toBeGreaterThan(100_000);

    const first = await connectDatabase(env('a'), { templateDir: template });
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

    // Reopened: the data is there; the template is not copied over an existing database.
    const again = await connectDatabase(env('a'), { templateDir: template });
    const stats = rowsOf<{ total_workflows: number }>(
      await again.db.execute(sql`select total_workflows from workflow_stats`),
    );
    expect(stats.map((s) => s.total_workflows)).toEqual([7]);
    await again.close();

    // The template itself is untouched by the databases made from it.
    const fresh = await connectDatabase(env('b'), { templateDir: template });
    const none = rowsOf<{ n: number }>(
      await fresh.db.execute(sql`select count(*)::int as n from workflow_stats`),
    );
    expect(none[0]!.n).toBe(0);
    await fresh.close();
  });

  it('replaces what a copy killed midway left behind', () => {
    const template = path.join(work, 'copy-source');
    mkdirSync(path.join(template, 'base'), { recursive: true });
    writeFileSync(path.join(template, 'PG_VERSION'), '17');
    writeFileSync(path.join(template, 'base', 'file'), 'data');
    const dataDir = path.join(work, 'copy-target');
    mkdirSync(dataDir);
    // A copy that died before its rename.
    mkdirSync(`${dataDir}.copying`);
    writeFileSync(`${dataDir}.copying/partial`, 'x');
    copyTemplate(template, dataDir);
    expect(readdirSync(dataDir).sort()).toEqual(['PG_VERSION', 'base']);
    expect(existsSync(`${dataDir}.copying`)).toBe(false);
  });

  it('is used only for an empty data dir and only when the template exists', () => {
    const template = path.join(work, 'only-if');
    mkdirSync(template);
    writeFileSync(path.join(template, 'PG_VERSION'), '17');
    mkdirSync(path.join(work, 'empty'));
    expect(templateFor(path.join(work, 'empty'), template)).toBe(template);
    expect(templateFor(path.join(work, 'missing'), template)).toBe(template);
    mkdirSync(path.join(work, 'used'));
    writeFileSync(path.join(work, 'used', 'PG_VERSION'), '17');
    expect(templateFor(path.join(work, 'used'), template)).toBeUndefined();
    expect(templateFor(path.join(work, 'empty'), path.join(work, 'no-such-template'))).toBeUndefined();
    // A folder without a database in it (an interrupted build) is no template.
    mkdirSync(path.join(work, 'half-built'));
    expect(templateFor(path.join(work, 'empty'), path.join(work, 'half-built'))).toBeUndefined();
  });
});
