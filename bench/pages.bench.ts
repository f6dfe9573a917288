// `npm run bench -- pages`: the public catalogue's server-rendered pages (issue 18) at the reference
// corpus: a template page's HTML, uncached (first request after an import) and warm (kept per process),
// and /library searches. Budgets: template page p95 ≤ 20 ms warm, ≤ 60 ms uncached (server side,
// loopback, brotli as a browser asks). PAGES_ITEMS=50000 scales the corpus (numbered copies) first.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/catalog/catalog.queries.ts';
import { importCatalogPath } from '../src/server/catalog/import-catalog.ts';
import { buildScaledCorpus, extractCorpus, ROOT } from './corpus.ts';
import { startBenchServer } from './support.ts';

const WEB_ROOT = path.join(ROOT, 'dist/client');
const SAMPLE = Number(process.env.PAGES_SAMPLE ?? 400);

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1)! };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `n=${x.n}  p50 ${x.p50.toFixed(2)} ms  p95 ${x.p95.toFixed(2)} ms  max ${x.max.toFixed(2)} ms`;

async function timed(url: string): Promise<{ ms: number; status: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  // fetch hands back the decompressed body: the bytes sent are the Content-Length of the brotli answer.
  const bytes = Number(res.headers.get('content-length') ?? Number.NaN);
  return { ms: performance.now() - start, status: res.status, bytes };
}

export async function run() {
  if (!existsSync(path.join(WEB_ROOT, 'catalogue.html'))) {
    console.log('No build in dist/client: run "npm run build" first.');
    return;
  }
  const work = mkdtempSync(path.join(tmpdir(), 'fv-pages-bench-'));
  const server = await startBenchServer({ webRoot: WEB_ROOT });
  try {
    let dir = extractCorpus(work);
    const target = Number(process.env.PAGES_ITEMS ?? 0);
    if (target > 0) {
      const scaled = path.join(work, 'scaled');
      buildScaledCorpus(dir, scaled, target);
      dir = scaled;
    }
    const started = performance.now();
    const report = await importCatalogPath({ database: server.database, target: dir });
    console.log(
      `Corpus imported: ${report.imported} workflows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const ids = rowsOf<{ id: string }>(
      await server.database.db.execute(sql`select id from automations where published order by md5(id)`),
    )
      .map((r) => r.id)
      .slice(0, SAMPLE);
    // The search index is built by the first request; not part of a page's figure.
    await timed(`${server.url}/library`);
    const page = (id: string) => `${server.url}/automation/${encodeURIComponent(id)}`;
    const cold: number[] = [];
    const warm: number[] = [];
    let bytes = 0;
    const cpuBefore = process.cpuUsage();
    for (const id of ids) {
      const r = await timed(page(id));
      if (r.status !== 200) throw new Error(`${page(id)} answered ${r.status}`);
      cold.push(r.ms);
      bytes += r.bytes;
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerPage = (cpu.user + cpu.system) / 1000 / ids.length;
    for (let round = 0; round < 3; round++) for (const id of ids) warm.push((await timed(page(id))).ms);
    const library: number[] = [];
    const libraryCpuBefore = process.cpuUsage();
    for (const q of ['', 'slack', 'google sheets', 'openai agent', 'invoice', 'telegram bot', 'webhok']) {
      for (let i = 0; i < 20; i++)
        library.push((await timed(`${server.url}/library?q=${encodeURIComponent(q)}`)).ms);
    }
    const libraryCpu = process.cpuUsage(libraryCpuBefore);
    const libraryCpuPer = (libraryCpu.user + libraryCpu.system) / 1000 / library.length;
    const c = stats(cold);
    const w = stats(warm);
    console.log(`Template page, uncached: ${fmt(c)}  (budget p95 ≤ 60 ms) ${c.p95 <= 60 ? 'OK' : 'OVER'}`);
    console.log(`Template page, warm:     ${fmt(w)}  (budget p95 ≤ 20 ms) ${w.p95 <= 20 ? 'OK' : 'OVER'}`);
    // CPU time (server and client share this process) is steadier than latency on a busy machine.
    console.log(`Template page, uncached CPU: ${cpuPerPage.toFixed(2)} ms a page (server and client)`);
    console.log(`Template page size (brotli): ${(bytes / ids.length / 1024).toFixed(1)} KB on average`);
    console.log(`/library searches:       ${fmt(stats(library))}`);
    console.log(`/library searches CPU:   ${libraryCpuPer.toFixed(2)} ms a request (server and client)`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
