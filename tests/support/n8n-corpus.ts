// The reference corpus of real n8n workflow files (shared/corpus beside the clone). Extracted into a
// temporary folder at run time; its files are never committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const CORPUS_ARCHIVE = path.resolve(repoRoot, '..', 'shared', 'corpus', 'n8n-workflows-zie619.tar.gz');

export type CorpusFile = { file: string; text: string };

/** Extracts the corpus and reads every workflow file (sorted by path). */
export function loadCorpus(): { files: CorpusFile[]; cleanup(): void } {
  if (!existsSync(CORPUS_ARCHIVE)) {
    throw new Error(
      `The n8n workflow corpus is missing: expected ${CORPUS_ARCHIVE} (shared/corpus/ beside the repository clone).`,
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-n8n-corpus-'));
  execFileSync('tar', ['-xzf', CORPUS_ARCHIVE, '-C', dir]);
  const files: CorpusFile[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.json')) {
        files.push({ file: path.relative(dir, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  walk(dir);
  files.sort((a, b) => a.file.localeCompare(b.file));
  return { files, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
) {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  });
  await Promise.all(workers);
  return results;
}
