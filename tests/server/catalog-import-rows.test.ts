// The rows an import writes, pinned by digest: making the importer faster must not change a column of
// what it stores (the digests were taken from the importer before its split into steps, and retaken
// when issue 38 changed derived rows on purpose: readiness by graph, decision 0023, and the text and
// title/summary/purpose source columns, decision 0022; and when issue 38's text rules were refined,
// twice).
// A failing fixture digest names the row that changed; the golden text file shows how.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import type { DbHandle } from '#server/db/client.ts';
import { automations, workflowStats } from '#server/db/schema/catalog.ts';
import { CORPUS_ARCHIVE, corpusGate } from '#tests/support/n8n-corpus.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const NOW = () => new Date('2026-06-01T12:00:00.000Z');

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** Every automation's digest by id, and the counters of the last workflow_stats row. */
async function stored(database: DbHandle) {
  // Without content_hash: it holds DERIVE_VERSION, which moves whenever derived text does (golden:
  // tests/fixtures/derived-text.json); these digests guard the columns the importer writes.
  const rows = (await database.db.select().from(automations).orderBy(automations.id)).map(
    ({ contentHash: _hash, ...row }) => row,
  );
  const [stats] = await database.db.select().from(workflowStats);
  const { id: _id, ...counters } = stats!;
  // Dates as JSON text, as the pinned values hold them.
  return {
    rows: Object.fromEntries(rows.map((r) => [r.id, digest(r)])),
    counters: JSON.parse(JSON.stringify(counters)) as Record<string, unknown>,
  };
}

describe('the rows an import writes', () => {
  it('the fixture library with its manifest', async () => {
    const { database } = await createTestApp();
    await importCatalogPath({ database, target: LIBRARY, now: NOW });
    expect(await stored(database)).toEqual(LIBRARY_ROWS);
  });

  const gate = corpusGate();
  let dir = '';
  beforeAll(() => {
    if (!gate.present) return;
    dir = mkdtempSync(path.join(tmpdir(), 'fv-rows-'));
    execFileSync('tar', ['-xzf', CORPUS_ARCHIVE, '-C', dir]);
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it.runIf(gate.present)(`the reference corpus, in batches through the worker${gate.title}`, async () => {
    const { database } = await createTestApp();
    await importCatalogPath({ database, target: path.join(dir, 'workflows'), source: 'zie619', now: NOW });
    const { rows, counters } = await stored(database);
    expect({ count: Object.keys(rows).length, digest: digest(rows), counters }).toEqual(CORPUS_ROWS);
  });
});

const LIBRARY_ROWS = {
  rows: {
    '0042-webhook-only': '28a14b8f86e605df',
    'lead-router': '2cac4b5c0e336fac',
    'slack-digest': 'c2fbfa7690929906',
    'telegram-agent': '943a3ef3b6ecd803',
    'v3000-email-summariser-bot': '118abadbd767c594',
    'v3000-podcast-clipper': 'c1d7fcd5e4bd20d4',
  },
  counters: {
    // Guides (lead-router and a 3000 row without a workflow) are not templates: not counted (decision 0023).
    totalWorkflows: 4,
    youtubeWorkflows: 1,
    redditWorkflows: 0,
    skoolWorkflows: 0,
    otherWorkflows: 3,
    perSource: {
      '3000': 1,
      vault: 2,
      library: 1,
    },
    createdAt: '2026-06-01T12:00:00.000Z',
    lastUpdated: '2026-06-01T12:00:00.000Z',
  },
};
const CORPUS_ROWS = {
  count: 2045,
  digest: '6b89b3bae61d1902',
  counters: {
    totalWorkflows: 2045,
    youtubeWorkflows: 0,
    redditWorkflows: 0,
    skoolWorkflows: 0,
    otherWorkflows: 2045,
    perSource: {
      zie619: 2045,
    },
    createdAt: '2026-06-01T12:00:00.000Z',
    lastUpdated: '2026-06-01T12:00:00.000Z',
  },
};
