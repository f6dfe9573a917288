import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import { deriveAutomation } from '#shared/catalog/derive-automation.ts';
import { buildWordIndex, searchWords, substringDocs } from '#shared/catalog/search-engine.ts';
import {
  fieldText,
  parseQuery,
  SEARCH_FIELDS,
  type SearchDoc,
  termsOf,
  typoBudget,
} from '#shared/catalog/search-rules.ts';

// `npm run bench -- search-engine`: the engine choice of decision 0010. The in-house inverted index
// (src/shared/catalog/search-engine.ts) against MiniSearch with the same fields, weights, AND of all
// words, last-word prefix and typo budget, on the reference corpus and on 50,000 copies of it.
// Engine-level only (no HTTP, no cache): build time, index memory, uncached query p50/p95.

const TARBALL = path.resolve(import.meta.dirname, '../../shared/corpus/n8n-workflows-zie619.tar.gz');
const JUDGED = path.resolve(import.meta.dirname, '../tests/fixtures/search/relevance-judgements.json');
const BIG = Number(process.env.SEARCH_BENCH_ITEMS ?? 50_000);
/** `in-house` or `minisearch` to run one engine only (MiniSearch at 50,000 items takes minutes). */
const ONLY = process.env.SEARCH_BENCH_ENGINE;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapMb(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1e6;
}

function loadCorpus(): SearchDoc[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-engine-'));
  try {
    execFileSync('tar', ['-xzf', TARBALL, '-C', dir]);
    const root = path.join(dir, 'workflows');
    const docs: SearchDoc[] = [];
    for (const folder of readdirSync(root)) {
      if (!statSync(path.join(root, folder)).isDirectory()) continue;
      for (const file of readdirSync(path.join(root, folder))) {
        let workflow: unknown;
        try {
          workflow = JSON.parse(readFileSync(path.join(root, folder, file), 'utf8'));
        } catch {
          continue;
        }
        if (!Array.isArray((workflow as { nodes?: unknown }).nodes)) continue;
        const d = deriveAutomation({ workflow: workflow as never, fileName: `${folder}/${file}` });
        docs.push({
          id: file.replace(/\.json$/, ''),
          title: d.title,
          summary: d.summary,
          description: d.description,
          integrations: d.integrations,
          nodeTypes: d.nodeTypes,
          category: d.category,
          tags: d.tags,
          author: 'Community',
          notes: d.howItWorks,
        });
      }
    }
    return docs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function copies(docs: SearchDoc[], n: number): SearchDoc[] {
  return Array.from({ length: n }, (_, i) => {
    const d = docs[i % docs.length]!;
    return { ...d, id: `${d.id}-${Math.floor(i / docs.length)}` };
  });
}

/** The judged queries, each also with a typo in its longest word and its last word cut to a prefix. */
function queries(): string[] {
  const judged = (JSON.parse(readFileSync(JUDGED, 'utf8')) as { queries: { q: string }[] }).queries;
  const out: string[] = [];
  for (const { q } of judged) {
    out.push(q);
    const words = q.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length >= 5)
      out.push(q.replace(longest, longest.slice(0, 2) + longest[3] + longest[2] + longest.slice(4)));
    const last = words[words.length - 1]!;
    if (last.length > 4) out.push(`${words.slice(0, -1).join(' ')} ${last.slice(0, 4)}`.trim());
  }
  return out;
}

type Engine = { name: string; build(docs: SearchDoc[]): unknown; query(index: unknown, q: string): number };

const inHouse: Engine = {
  name: 'in-house inverted index',
  build: (docs) => buildWordIndex(docs),
  query(index, q) {
    const idx = index as ReturnType<typeof buildWordIndex>;
    const r = searchWords(idx, q);
    const sub = substringDocs(idx, q);
    const ids = new Set([...(r?.docs ?? []), ...sub]);
    return [...ids].sort((a, b) => (r?.scores[b] ?? 0) - (r?.scores[a] ?? 0)).length;
  },
};

const boost = Object.fromEntries(SEARCH_FIELDS.map((f) => [f.key, f.weight]));
const miniSearch: Engine = {
  name: 'MiniSearch 7',
  build(docs) {
    const ms = new MiniSearch<SearchDoc>({
      fields: SEARCH_FIELDS.map((f) => f.key),
      extractField: (doc, field) => fieldText(doc, field as keyof SearchDoc),
      // The same words and glued forms as the in-house index, so both answer the same rule.
      tokenize: (text) => {
        const t = termsOf(text, true);
        return [...t.words, ...t.joins];
      },
      processTerm: (term) => term,
      searchOptions: { boost, combineWith: 'AND' },
    });
    ms.addAll(docs);
    return ms;
  },
  query(index, q) {
    const ms = index as MiniSearch<SearchDoc>;
    const words = parseQuery(q);
    if (words.length === 0) return 0;
    return ms.search(words.map((w) => w.term).join(' '), {
      tokenize: (s) => s.split(' '),
      prefix: (_t, i, all) => i === all.length - 1 && words[i]!.prefix,
      fuzzy: (t) => typoBudget(t) || false,
    }).length;
  },
};

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function measure(engine: Engine, docs: SearchDoc[], qs: string[], label: string) {
  const before = heapMb();
  const t0 = performance.now();
  const index = engine.build(docs);
  const buildMs = performance.now() - t0;
  const memory = heapMb() - before;
  const times: number[] = [];
  let results = 0;
  for (const q of qs) {
    const t = performance.now();
    results += engine.query(index, q);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(14)} ${engine.name.padEnd(26)} build ${buildMs.toFixed(0).padStart(6)} ms · index heap ${memory
      .toFixed(0)
      .padStart(
        4,
      )} MB · query p50 ${pct(times, 50).toFixed(2)} ms p95 ${pct(times, 95).toFixed(2)} ms max ${times[
      times.length - 1
    ]!.toFixed(2)} ms · ${qs.length} queries, ${results} hits`,
  );
  return index;
}

export async function run() {
  if (!existsSync(TARBALL)) throw new Error(`The reference corpus is missing: expected ${TARBALL}.`);
  const corpus = loadCorpus();
  const qs = queries();
  console.log(`corpus: ${corpus.length} workflows; ${qs.length} distinct queries, each run once (uncached)`);
  const engines =
    ONLY === 'in-house' ? [inHouse] : ONLY === 'minisearch' ? [miniSearch] : [inHouse, miniSearch];
  for (const engine of engines) {
    // Warm the code paths on the corpus first; the timed corpus run follows.
    const warm = engine.build(corpus.slice(0, 200));
    for (const q of qs) engine.query(warm, q);
    measure(engine, corpus, qs, 'corpus');
    measure(engine, copies(corpus, BIG), qs, `${BIG} items`);
  }
}
