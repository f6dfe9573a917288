// The reference corpus of real n8n workflow files (shared/corpus beside the clone). Extracted into a
// temporary folder at run time; its files are never committed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const CORPUS_ARCHIVE = path.resolve(repoRoot, '..', 'shared', 'corpus', 'n8n-workflows-zie619.tar.gz');

/** What is missing and how to get it, when the corpus archive is not at `archive`. */
export function corpusMissingMessage(archive = CORPUS_ARCHIVE): string {
  return [
    `The n8n workflow corpus is missing: expected ${archive}.`,
    'It lives in the shared/ folder beside the repository clone (shared/corpus/n8n-workflows-zie619.tar.gz).',
    'To make it: git clone https://github.com/Zie619/n8n-workflows && git -C n8n-workflows checkout c4885eee',
    `&& tar -czf ${archive} -C n8n-workflows workflows (2,055 workflow files under workflows/<Integration>/).`,
  ].join(' ');
}

/**
 * Whether the corpus tests can run: yes when the archive is there; locally without it they are
 * skipped with the message printed (a clone without shared/ still runs the rest); on CI its absence
 * throws, so the run fails instead of passing without them.
 */
export function corpusGate(
  archive = CORPUS_ARCHIVE,
  env: Record<string, string | undefined> = process.env,
): { present: boolean; title: string } {
  if (existsSync(archive)) return { present: true, title: '' };
  const message = corpusMissingMessage(archive);
  if (env.CI === 'true' || env.CI === '1') throw new Error(`${message} On CI the corpus tests must run.`);
  console.warn(`\n⚠ CORPUS TESTS SKIPPED. ${message}\n`);
  return { present: false, title: ' — SKIPPED: the corpus is missing (see the warning above)' };
}

export type CorpusFile = { file: string; text: string };

/** Extracts the corpus and reads every workflow file (sorted by path). */
export function loadCorpus(): { files: CorpusFile[]; cleanup(): void } {
  if (!existsSync(CORPUS_ARCHIVE)) throw new Error(corpusMissingMessage());
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
