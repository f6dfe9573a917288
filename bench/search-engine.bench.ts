import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { cpuUsage } from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import MiniSearch from 'minisearch';
import type { IndexRow } from '#server/catalog/catalog.queries.ts';
import { buildWordIndex, searchWords } from '#server/search/engine.ts';
import { searchDocOf } from '#server/search/entries.ts';
import { buildSnapshot, type SearchCache, searchSnapshot } from '#server/search/query.ts';
import {
  fieldText,
  parseQuery,
  SEARCH_FIELDS,
  type SearchDoc,
  termsOf,
  typoBudget,
} from '#server/search/rules.ts';
import { substringDocs } from '#server/search/substring-rule.ts';
import { deriveAutomation } from '#shared/catalog/derive-automation.ts';
import { judgedQueries, latencyQueries, pct } from './search-queries.ts';

// `npm run bench -- search-engine`: the engine choice of decision 0010. The in-house inverted index
// (src/server/search/engine.ts) against MiniSearch with the same fields, weights, AND of all
// words, last-word prefix and typo budget, on the reference corpus and on 50,000 copies of it.
// Engine level (no HTTP, no cache): build wall and CPU time, index memory, query p50/p95. Then the
// server's own snapshot code (src/server/search/query.ts, no database): the whole build, its memory, and every
// query uncached (first time seen) and cached. CPU times are the figure to compare on a busy host.

const TARBALL = path.resolve(import.meta.dirname, '../../shared/corpus/n8n-workflows-zie619.tar.gz');
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

export function loadCorpus(): IndexRow[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-engine-'));
  try {
    execFileSync('tar', ['-xzf', TARBALL, '-C', dir]);
    const root = path.join(dir, 'workflows');
    const rows: IndexRow[] = [];
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
        rows.push({
          id: file.replace(/\.json$/, ''),
          source: 'bench',
          title: d.title,
          description: d.description,
          summary: d.summary,
          author: 'Community',
          category: d.category,
          difficulty: d.difficulty,
          tags: d.tags,
          integrations: d.integrations,
          nodeCount: d.nodeCount,
          deployable: d.deployable,
          quality: d.quality,
          videoUrl: null,
          resourceUrl: null,
          templateUrl: null,
          sourceRating: null,
          createdAt: new Date('2026-01-01T00:00:00Z'),
          sourceOrder: rows.length,
          nodeTypes: d.nodeTypes,
          notes: d.howItWorks,
          structureHash: d.structureHash,
        });
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** n rows: the corpus, then copies with their own ids (variants of the original: same structure). */
export function copies(rows: IndexRow[], n: number): IndexRow[] {
  return Array.from({ length: n }, (_, i) => {
    const r = rows[i % rows.length]!;
    return { ...r, id: `${r.id}-${Math.floor(i / rows.length)}`, sourceOrder: i };
  });
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

/** Wall and CPU (user + system) milliseconds of fn: CPU time moves far less with the host's load. */
function timed<T>(fn: () => T): { value: T; wallMs: number; cpuMs: number } {
  const c = cpuUsage();
  const t = performance.now();
  const value = fn();
  const wallMs = performance.now() - t;
  const used = cpuUsage(c);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const ms = (n: number) => `${n.toFixed(n >= 100 ? 0 : 2)} ms`;
const times = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${ms(pct(s, 50))} p95 ${ms(pct(s, 95))} max ${ms(s[s.length - 1]!)}`;
};

function measure(engine: Engine, docs: SearchDoc[], qs: string[], label: string) {
  const before = heapMb();
  const built = timed(() => engine.build(docs));
  const memory = heapMb() - before;
  const took: number[] = [];
  let results = 0;
  for (const q of qs) {
    const t = performance.now();
    results += engine.query(built.value, q);
    took.push(performance.now() - t);
  }
  console.log(
    `${label.padEnd(14)} ${engine.name.padEnd(26)} build ${ms(built.wallMs)} (CPU ${ms(built.cpuMs)}) · index heap ${memory.toFixed(0)} MB · uncached query ${times(took)} · ${qs.length} queries, ${results} hits`,
  );
}

/**
 * What the server does: the whole snapshot (cards, chips, orders, variant groups, word index) built
 * from rows, then every query once (uncached: the result cache is empty) and again (cached).
 */
function measureServer(rows: IndexRow[], qs: string[], label: string) {
  const before = heapMb();
  const built = timed(() => buildSnapshot(rows, new Map(), { catalog: '', activity: '' }));
  const memory = heapMb() - before;
  const words = timed(() => buildWordIndex(rows.map(searchDocOf)));
  const cache: SearchCache = new Map();
  const pass = () =>
    qs.map((q) => {
      const t = performance.now();
      searchSnapshot(built.value, { q, chips: [], page: 1, pageSize: 20 }, cache);
      return performance.now() - t;
    });
  const uncached = pass();
  const cached = pass();
  console.log(
    `${label.padEnd(14)} server snapshot: build ${ms(built.wallMs)} (CPU ${ms(built.cpuMs)}; word index alone ${ms(words.wallMs)}, CPU ${ms(words.cpuMs)}) · snapshot heap ${memory.toFixed(0)} MB\n` +
      `${''.padEnd(14)} uncached ${times(uncached)} · cached ${times(cached)} · ${qs.length} queries, page of 20`,
  );
  const slowest = qs
    .map((q, i) => ({ q, t: uncached[i]! }))
    .sort((a, b) => b.t - a.t)
    .slice(0, 4);
  console.log(
    `${''.padEnd(14)} slowest uncached: ${slowest.map((x) => `${JSON.stringify(x.q)} ${ms(x.t)}`).join(', ')}`,
  );
}

export async function run() {
  if (!existsSync(TARBALL)) throw new Error(`The reference corpus is missing: expected ${TARBALL}.`);
  const rows = loadCorpus();
  const corpus = rows.map(searchDocOf);
  const qs = judgedQueries();
  const [load1, load5] = loadavg();
  console.log(
    `corpus: ${corpus.length} workflows; ${qs.length} distinct queries, each run once; load average ${load1!.toFixed(1)} (1 min) ${load5!.toFixed(1)} (5 min) on ${availableParallelism()} cores`,
  );
  const engines =
    ONLY === 'in-house' ? [inHouse] : ONLY === 'minisearch' ? [miniSearch] : [inHouse, miniSearch];
  for (const engine of engines) {
    // Warm the code paths on the corpus first; the timed corpus run follows.
    const warm = engine.build(corpus.slice(0, 200));
    for (const q of qs) engine.query(warm, q);
    measure(engine, corpus, qs, 'corpus');
    measure(engine, copies(rows, BIG).map(searchDocOf), qs, `${BIG} items`);
  }
  if (ONLY === 'minisearch') return;
  const all = latencyQueries();
  measureServer(rows.slice(0, 200), all, 'warm-up');
  measureServer(rows, all, 'corpus');
  measureServer(copies(rows, BIG), all, `${BIG} items`);
  console.log(`load average after: ${loadavg()[0]!.toFixed(1)}`);
}
