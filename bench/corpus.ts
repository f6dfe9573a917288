// The reference corpus for benches: extracted into a temp folder at bench time, and scaled up to N
// workflow files (varied copies with distinct file names, ids and titles) for the import figure.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const TARBALL = path.resolve(ROOT, '../shared/corpus/n8n-workflows-zie619.tar.gz');
export const QUERIES_FILE = path.resolve(ROOT, '../shared/bench/queries.txt');
export const PEER_HARNESS = path.resolve(ROOT, '../shared/bench/peer-zie619.sh');

/** Extracts the corpus into `work` and returns its `workflows/` folder. */
export function extractCorpus(work: string): string {
  if (!existsSync(TARBALL)) throw new Error(`The reference corpus is missing: ${TARBALL}`);
  execFileSync('tar', ['-xzf', TARBALL, '-C', work]);
  return path.join(work, 'workflows');
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.json')) out.push(path.join(entry.parentPath, entry.name));
  }
  return out.sort();
}

const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell', 'Vandelay'];

/**
 * Writes `target` workflow files under `dest`: the corpus files, then numbered copies whose file name,
 * workflow id and name differ (so every copy is a distinct automation, as the 50k search bench had).
 * Files the corpus holds that are not valid JSON are copied as they are (the importer reports them).
 */
export function buildScaledCorpus(source: string, dest: string, target: number): number {
  const files = jsonFiles(source);
  let written = 0;
  for (let copy = 0; written < target; copy++) {
    const dir = path.join(dest, `copy-${String(copy).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    for (const file of files) {
      if (written >= target) break;
      const text = readFileSync(file, 'utf8');
      const name = path.basename(file, '.json');
      let out = text;
      if (copy > 0) {
        try {
          const wf = JSON.parse(text) as { id?: unknown; name?: unknown };
          wf.id = `${typeof wf.id === 'string' ? wf.id : name}-s${copy}`;
          wf.name = `${typeof wf.name === 'string' ? wf.name : name} for ${COMPANIES[copy % COMPANIES.length]} #${copy}`;
          out = JSON.stringify(wf);
        } catch {
          // kept as is: a bad file stays bad in every copy
        }
      }
      writeFileSync(path.join(dir, `${name}-s${copy}.json`), out);
      written++;
    }
  }
  return written;
}

/** The shared query set (one per line, `#` comments, `<empty>` = the empty query). */
export function readQueries(): string[] {
  return readFileSync(QUERIES_FILE, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => (l === '<empty>' ? '' : l));
}
