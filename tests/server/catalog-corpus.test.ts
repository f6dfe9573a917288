import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '../../src/server/catalog/import-catalog.ts';
import { CATEGORIES, FILTER_TAGS } from '../../src/shared/catalog/constants.ts';
import { createTestApp } from '../support/test-app.ts';
import { viewerFor } from '../support/viewers.ts';

// The real corpus (../shared/corpus beside the repository). Extracted to a temp folder per run;
// its files are never committed.
const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
const TARBALL = path.resolve(REPO_ROOT, '../shared/corpus/n8n-workflows-zie619.tar.gz');
let dir = '';

beforeAll(() => {
  if (!existsSync(TARBALL)) {
    throw new Error(
      `The reference corpus is missing: expected ${TARBALL} (the shared/ folder beside the repository, see shared/corpus/README.md).`,
    );
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fv-corpus-'));
  execFileSync('tar', ['-xzf', TARBALL, '-C', dir]);
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the 2,055-file reference corpus', () => {
  it('imports every readable file, skips the bad ones with reasons, and re-imports as a no-op', async () => {
    const { database, request } = await createTestApp({ resolveViewer: viewerFor('member') });
    const target = path.join(dir, 'workflows');
    const report = await importCatalogPath({ database, target, source: 'zie619' });

    expect(report.filesHandled).toBe(2_055);
    expect(report.imported + report.skipped.length).toBe(2_055);
    expect(report).toMatchObject({
      imported: 2_044,
      updated: 0,
      unchanged: 0,
      templateOnly: 0,
      total: 2_044,
    });
    const reasons = report.skipped.map((s) => s.reason.replace(/"[^"]+"/, '"…"'));
    expect(reasons.sort()).toEqual(
      [
        ...Array(9).fill('double-encoded keys (for example "…")'),
        'not an n8n workflow (no "…" list)',
        'too large: 246 nodes (limit 200)',
      ].sort(),
    );
    expect(report.skipped.find((s) => s.reason.startsWith('too large'))?.path).toBe(
      'Webhook/1897_Webhook_Filter_Sync_Webhook.json',
    );

    const again = await importCatalogPath({ database, target, source: 'zie619' });
    expect(again).toMatchObject({
      filesHandled: 2_055,
      imported: 0,
      updated: 0,
      unchanged: 2_044,
      total: 2_044,
    });
    expect(again.skipped).toHaveLength(11);

    // Every category and every filter chip has members in the real data.
    const res = await request('/api/catalog/automations?pageSize=1');
    const body = (await res.json()) as {
      total: number;
      categoryCounts: Record<string, number>;
      chipCounts: Record<string, number>;
    };
    // 2,044 workflows as 1,738 cards: 581 of them share their structure in 275 variant groups (one card each).
    expect(body.total).toBe(1_738);
    for (const c of CATEGORIES) expect(body.categoryCounts[c], c).toBeGreaterThan(0);
    for (const t of FILTER_TAGS) expect(body.chipCounts[t], t).toBeGreaterThan(0);
    // Queries that break the peer's FTS5 server answer normally here.
    for (const q of ['e-mail', 'c++', 'slack:bot', '"', '%', '_']) {
      expect((await request(`/api/catalog/automations?q=${encodeURIComponent(q)}`)).status, q).toBe(200);
    }
  });
});
