import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { CATEGORIES, FILTER_TAGS } from '#shared/catalog/constants.ts';
import { extractCorpusForFile } from '#tests/support/corpus-app.ts';
import { corpusGate } from '#tests/support/n8n-corpus.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFor } from '#tests/support/viewers.ts';

// The real corpus (../shared/corpus beside the repository). Extracted to a temp folder per run;
// its files are never committed.
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const TARBALL = path.resolve(REPO_ROOT, '../shared/corpus/n8n-workflows-zie619.tar.gz');
const gate = corpusGate(TARBALL);
const corpus = extractCorpusForFile(gate, 'fv-corpus-');

describe.runIf(gate.present)(`the 2,055-file reference corpus${gate.title}`, () => {
  it('imports every readable file, skips the bad ones with reasons, and re-imports as a no-op', async () => {
    const { database, client } = await createTestApp({ resolveViewer: viewerFor('member') });
    const target = corpus.workflows;
    const report = await importCatalogPath({ database, target, source: 'zie619' });

    expect(report.filesHandled).toBe(2_055);
    expect(report.imported + report.skipped.length).toBe(2_055);
    expect(report).toMatchObject({
      imported: 2_045,
      updated: 0,
      unchanged: 0,
      templateOnly: 0,
      total: 2_045,
    });
    const reasons = report.skipped.map((s) => s.reason.replace(/"[^"]+"/, '"…"'));
    expect(reasons.sort()).toEqual(
      [...Array(9).fill('double-encoded keys (for example "…")'), 'not an n8n workflow (no "…" list)'].sort(),
    );
    // 246 nodes, 72 of them sticky notes: 174 executable nodes, within the limit (real n8n accepts it).
    const [big] = await database.db
      .select({ nodeCount: automations.nodeCount })
      .from(automations)
      .where(eq(automations.filePath, 'Webhook/1897_Webhook_Filter_Sync_Webhook.json'));
    expect(big?.nodeCount).toBe(174);
    // The 8 files whose connections name missing nodes are flagged and not deployable.
    const incomplete = report.flagged.filter((f) => f.flags.some((l) => l.startsWith('incomplete wiring')));
    expect(incomplete).toHaveLength(8);

    const again = await importCatalogPath({ database, target, source: 'zie619' });
    expect(again).toMatchObject({
      filesHandled: 2_055,
      imported: 0,
      updated: 0,
      unchanged: 2_045,
      total: 2_045,
    });
    expect(again.skipped).toHaveLength(10);

    // Every category and every filter chip has members in the real data.
    const cards = client.api.catalog.automations;
    const res = await cards.$get({ query: { pageSize: '1' } });
    const body = (await res.json()) as {
      total: number;
      categoryCounts: Record<string, number>;
      chipCounts: Record<string, number>;
    };
    // 2,045 workflows as 1,739 cards: 581 of them share their structure in 275 variant groups (one card each).
    expect(body.total).toBe(1_739);
    for (const c of CATEGORIES) expect(body.categoryCounts[c], c).toBeGreaterThan(0);
    for (const t of FILTER_TAGS) expect(body.chipCounts[t], t).toBeGreaterThan(0);
    // Queries that break the peer's FTS5 server answer normally here.
    for (const q of ['e-mail', 'c++', 'slack:bot', '"', '%', '_']) {
      expect((await cards.$get({ query: { q } })).status, q).toBe(200);
    }
  });
});
