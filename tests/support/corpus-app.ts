// The reference corpus (tests/support/n8n-corpus.ts) extracted for one test file, and imported into an app.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { CORPUS_ARCHIVE } from './n8n-corpus.ts';
import { createTestApp, type TestClient } from './test-app.ts';
import { viewerFor } from './viewers.ts';

type Gate = { present: boolean };

/**
 * Extracts the corpus once before the file's tests (when `gate` says it is there) into a temporary
 * folder named `prefix…`, removed after them: `folder.workflows` is its workflows folder.
 */
export function extractCorpusForFile(
  gate: Gate,
  prefix: string,
  then?: (workflows: string) => Promise<void>,
) {
  const folder = { dir: '', workflows: '' };
  beforeAll(async () => {
    if (!gate.present) return;
    folder.dir = mkdtempSync(path.join(tmpdir(), prefix));
    execFileSync('tar', ['-xzf', CORPUS_ARCHIVE, '-C', folder.dir]);
    folder.workflows = path.join(folder.dir, 'workflows');
    await then?.(folder.workflows);
  }, 300_000);
  afterAll(() => {
    if (folder.dir) rmSync(folder.dir, { recursive: true, force: true });
  });
  return folder;
}

/** The corpus imported once for the file into an app where every request is a member's: its catalogue API. */
export function memberCorpusCatalog(gate: Gate, prefix: string) {
  const corpus = {} as { catalog: TestClient['api']['catalog'] };
  extractCorpusForFile(gate, prefix, async (workflows) => {
    const app = await createTestApp({ resolveViewer: viewerFor('member') });
    await importCatalogPath({ database: app.database, target: workflows, source: 'zie619' });
    corpus.catalog = app.client.api.catalog;
  });
  return corpus;
}
