// The workflow JSON is stored compressed (migration 0011, decision 0011): what an import writes and what
// every reader gets back must be the workflow, and rows stored as text before the migration must still
// read back as they were.

import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '#server/catalog/catalog.queries.ts';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { createPglite, openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_FOLDER } from '#server/db/migrate.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const work = mkdtempSync(path.join(tmpdir(), 'fv-wf-storage-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('stored workflow JSON', () => {
  it('an import stores each workflow compressed, and reads give back the file it came from', async () => {
    const { database } = await createTestApp();
    await importCatalogPath({ database, target: LIBRARY });
    const stored = rowsOf<{ id: string; first: number; bytes: number }>(
      await database.db.execute(
        sql`select id, get_byte(workflow_json, 0) as first, octet_length(workflow_json) as bytes
            from automations where workflow_json is not null order by id`,
      ),
    );
    expect(stored.length).toBeGreaterThanOrEqual(4);
    // The brotli tag (1), not the text's `{`.
    expect(stored.map((r) => Number(r.first))).toEqual(stored.map(() => 1));

    const [row] = await database.db
      .select({ id: automations.id, json: automations.workflowJson })
      .from(automations)
      .where(eq(automations.filePath, 'slack-digest.json'));
    const file = JSON.parse(readFileSync(path.join(LIBRARY, 'slack-digest.json'), 'utf8'));
    expect(JSON.parse(row!.json!)).toEqual(file);
    // Compressed: fewer bytes than the compact text.
    const size = stored.find((r) => r.id === row!.id)!.bytes;
    expect(Number(size)).toBeLessThan(Buffer.byteLength(row!.json!));
  });

  it('a row written before migration 0011 (the text itself) reads back unchanged after it', async () => {
    // The migrations as they were before 0011: a copy of the folder without it.
    const before = path.join(work, 'drizzle-0010');
    cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = path.join(before, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const later = journal.entries.filter((e) => e.tag.localeCompare('0011') >= 0);
    expect(later.map((e) => e.tag)).toContain('0011_workflow-json-compressed');
    for (const e of later) unlinkSync(path.join(before, `${e.tag}.sql`));
    journal.entries = journal.entries.filter((e) => !later.includes(e));
    writeFileSync(journalFile, JSON.stringify(journal));

    const pglite = await createPglite();
    const database = await openDatabase({ kind: 'pglite', pglite });
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const { drizzle } = await import('drizzle-orm/pglite');
    await migrate(drizzle(pglite), { migrationsFolder: before });
    const text = JSON.stringify({
      name: 'Stored as text',
      nodes: [{ type: 'n8n-nodes-base.noOp' }],
      note: 'é \\ "q"',
    });
    await pglite.query(
      `insert into automations (id, source, title, description, summary, author, category, difficulty, tags,
         integrations, trigger_type, node_count, credentials, deployable, how_it_works, setup_steps,
         workflow_json, content_hash, created_at, updated_at)
       values ('old', 'vault', 'Old', '', '', 'A', 'Other', 'Beginner', '[]', '[]', 'manual', 1, '[]', true, '',
         '[]', $1, 'h', now(), now())`,
      [text],
    );
    await migrate(drizzle(pglite), { migrationsFolder: MIGRATIONS_FOLDER });
    const [row] = await database.db
      .select({ json: automations.workflowJson })
      .from(automations)
      .where(eq(automations.id, 'old'));
    expect(row!.json).toBe(text);
    await database.close();
  });

  it('no table compresses the stored workflow again, and staged rows stay in line (migration 0022)', async () => {
    const { database } = await createTestApp();
    const storage = rowsOf<{ table: string; storage: string }>(
      await database.db.execute(
        sql`select c.relname as table, a.attstorage as storage from pg_attribute a
            join pg_class c on c.oid = a.attrelid
            where a.attname = 'workflow_json' and c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
            order by c.relname`,
      ),
    );
    expect(storage).toEqual([
      { table: 'automations', storage: 'e' },
      { table: 'catalog_import_staging', storage: 'e' },
      { table: 'template_versions', storage: 'e' },
    ]);
    const [staging] = rowsOf<{ options: string[] | null }>(
      await database.db.execute(
        sql`select reloptions as options from pg_class where relname = 'catalog_import_staging'`,
      ),
    );
    expect(staging!.options).toContain('toast_tuple_target=8160');
  });
});
