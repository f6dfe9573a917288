import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const workflow = (name: string) => ({
  name,
  nodes: [
    { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0] },
    { name: 'Post', type: 'n8n-nodes-base.slack', position: [200, 0] },
  ],
  connections: {},
});

/** `count` workflow files in two folders; file number `bad` holds broken JSON. */
function library(count: number, bad: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-batches-'));
  for (const folder of ['a', 'b']) mkdirSync(path.join(dir, folder));
  for (let i = 0; i < count; i++) {
    const name = `${String(i).padStart(4, '0')}_Flow.json`;
    const file = path.join(dir, i % 2 ? 'b' : 'a', name);
    writeFileSync(file, i === bad ? '{"name": "broken", "nodes": [' : JSON.stringify(workflow(`Flow ${i}`)));
  }
  return dir;
}

describe('a large import is read, derived and written in batches', () => {
  it('writes each batch before the next, counts right, and skips a bad file in the middle', async () => {
    const { database } = await createTestApp();
    const target = library(230, 117);
    const batches: { handled: number; written: number; stored: number }[] = [];
    const progress: number[] = [];
    const report = await importCatalogPath({
      database,
      target,
      batchSize: 50,
      onProgress: (done, total) => {
        expect(total).toBe(230);
        progress.push(done);
      },
      onBatch: async ({ handled, written }) => {
        const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(automations);
        batches.push({ handled, written, stored: row!.n });
      },
    });

    // Five batches of 50 files in path order (a/ then b/; the last has 30); the one holding the bad file
    // (the 173rd) writes 49 rows, and the database holds exactly what the batches so far wrote.
    expect(batches).toEqual([
      { handled: 50, written: 50, stored: 50 },
      { handled: 100, written: 50, stored: 100 },
      { handled: 150, written: 50, stored: 150 },
      { handled: 200, written: 49, stored: 199 },
      { handled: 230, written: 30, stored: 229 },
    ]);
    expect(progress).toEqual(Array.from({ length: 230 }, (_, i) => i + 1));
    expect(report).toMatchObject({ filesHandled: 230, imported: 229, updated: 0, unchanged: 0, total: 229 });
    expect(report.skipped).toEqual([
      { path: 'b/0117_Flow.json', reason: expect.stringMatching(/^invalid JSON/) },
    ]);
    const titles = await database.db.select({ title: automations.title }).from(automations);
    expect(titles).toHaveLength(229);
    expect(titles.map((t) => t.title)).toEqual(
      expect.arrayContaining(['Flow 0', 'Flow 116', 'Flow 118', 'Flow 229']),
    );

    // Again: every file unchanged, nothing written, the bad one reported again.
    const again = await importCatalogPath({ database, target, batchSize: 50 });
    expect(again).toMatchObject({ imported: 0, updated: 0, unchanged: 229, total: 229 });
    expect(again.skipped.map((s) => s.path)).toEqual(['b/0117_Flow.json']);
  });
});
