import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { cpuUsage } from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildSnapshot, type SearchCache, searchSnapshot } from '#server/search/query.ts';
import { readQueries } from './corpus.ts';
import { copies, loadCorpus } from './search-engine.bench.ts';
import { intentQueries, judgedQueries, pct } from './search-queries.ts';

// `npm run bench -- search-micro`: the uncached cost of one member search in process (no HTTP, no
// database), per query class, on the reference corpus: the peer harness's query mix (short keyword
// queries), the judged short queries with their typo and prefix forms, and issue 37's 6–10-word
// requests. Each query runs ROUNDS times on a fresh snapshot, each time with an empty result cache.
// A class's p50/p95 (µs, wall) are over its queries: their first pass (a freshly started server),
// and each query's median over the repeated rounds; its CPU mean is the thread's CPU time over all
// rounds (the figure to compare on a busy host). Knobs:
// SEARCH_MICRO_ROUNDS (15), SEARCH_MICRO_DUMP=file (every query's ordered result positions, to check
// that a change keeps the answers), SEARCH_MICRO_SPIN=seconds (only loop over the queries, for
// `--cpu-prof`), SEARCH_MICRO_ONLY=class,… (the classes to run), SEARCH_MICRO_ITEMS=n (n items: the
// corpus and copies of it, as the engine bench's 50,000).

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const ROUNDS = Number(process.env.SEARCH_MICRO_ROUNDS ?? 15);

function classes(): { name: string; qs: string[] }[] {
  const words = (q: string) => q.trim().split(/\s+/).length;
  const harness = [...new Set(readQueries().filter((q) => q.trim() !== ''))];
  const short = [...new Set(judgedQueries())].filter((q) => words(q) <= 5);
  return [
    { name: 'harness mix', qs: harness },
    { name: 'judged short', qs: short },
    { name: '6–10 words', qs: intentQueries() },
  ];
}

export async function run() {
  const corpus = loadCorpus();
  const items = Number(process.env.SEARCH_MICRO_ITEMS ?? 0);
  const rows = items > 0 ? copies(corpus, items) : corpus;
  const build = () => buildSnapshot(rows, new Map(), { catalog: '', activity: '' });
  let snapshot = build();
  // SEARCH_MICRO_ONLY: a comma-separated list of class names to run (profiles of one class).
  const only = process.env.SEARCH_MICRO_ONLY?.split(',');
  const sets = classes().filter((c) => !only || only.includes(c.name));
  const search = (q: string) => searchSnapshot(snapshot, { q, chips: [], page: 1, pageSize: 20 }, new Map());
  const all = sets.flatMap((s) => s.qs);
  for (let i = 0; i < 3; i++) for (const q of all) search(q);
  const spin = Number(process.env.SEARCH_MICRO_SPIN ?? 0);
  if (spin > 0) {
    const until = performance.now() + spin * 1000;
    let n = 0;
    while (performance.now() < until)
      for (const q of all) {
        search(q);
        n++;
      }
    console.log(`spun ${n} uncached searches`);
    return;
  }
  const dump = process.env.SEARCH_MICRO_DUMP;
  if (dump) {
    const out: Record<string, number[]> = {};
    for (const q of all) {
      const cache: SearchCache = new Map();
      const r = searchSnapshot(snapshot, { q, chips: [], page: 1, pageSize: 20 }, cache);
      out[q] = [r.total, ...[...cache.values()][0]!.positions];
    }
    writeFileSync(dump, JSON.stringify(out));
  }
  // Timed on a fresh snapshot: its first pass sees every query for the first time, as a freshly
  // started server does (what the index keeps per word starts empty); the later rounds repeat them.
  snapshot = build();
  gc();
  gc();
  const [l1, l5] = loadavg();
  console.log(
    `${rows.length} workflows · ${ROUNDS} rounds · load average ${l1!.toFixed(2)} / ${l5!.toFixed(2)} on ${availableParallelism()} cores`,
  );
  // Wall time per query; the thread's CPU time (too coarse per query) per class and round, which
  // moves far less with the host's load.
  const wall = new Map<string, number[]>(all.map((q) => [q, []]));
  const classCpu = new Map<string, number>(sets.map((c) => [c.name, 0]));
  const cpu = cpuUsage();
  for (let r = 0; r < ROUNDS; r++) {
    for (const { name, qs } of sets) {
      const c = process.threadCpuUsage();
      for (const q of qs) {
        const t = performance.now();
        search(q);
        wall.get(q)!.push((performance.now() - t) * 1000);
      }
      const spent = process.threadCpuUsage(c);
      classCpu.set(name, classCpu.get(name)! + spent.user + spent.system);
    }
  }
  const used = cpuUsage(cpu);
  const median = (xs: number[]) =>
    pct(
      [...xs].sort((a, b) => a - b),
      50,
    );
  for (const { name, qs } of sets) {
    const first = qs.map((q) => wall.get(q)![0]!).sort((a, b) => a - b);
    const medians = qs.map((q) => median(wall.get(q)!.slice(1))).sort((a, b) => a - b);
    const cpuMean = classCpu.get(name)! / (ROUNDS * qs.length);
    const slowest = qs
      .map((q) => ({ q, t: wall.get(q)![0]! }))
      .sort((a, b) => b.t - a.t)
      .slice(0, 3)
      .map((x) => `${JSON.stringify(x.q)} ${x.t.toFixed(0)}`)
      .join(', ');
    console.log(
      `${name.padEnd(13)} ${String(qs.length).padStart(3)} queries, µs: first pass p50 ${pct(first, 50).toFixed(0)} p95 ${pct(first, 95).toFixed(0)} · repeated p50 ${pct(medians, 50).toFixed(0)} p95 ${pct(medians, 95).toFixed(0)} · CPU mean ${cpuMean.toFixed(0)} · slowest first ${slowest}`,
    );
  }
  console.log(
    `CPU ${((used.user + used.system) / 1000).toFixed(0)} ms for ${all.length * ROUNDS} searches · load average after ${loadavg()[0]!.toFixed(2)}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
