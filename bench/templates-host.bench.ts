// `npm run bench -- templates-host`: a member's templates host for their own n8n (issue 42, decision
// 0026) at the reference corpus: `health` and `templates/search` as n8n's editor calls them (its origin,
// its version header, the token in the path). Budgets on server time (from the request reaching the
// app to its answer built): search p95 ≤ 20 ms, health p95 ≤ 5 ms. The loopback round trip (request to
// last byte) is printed beside it. Search is timed twice: each query the first time the server sees it
// (the search engine's cache is cold for it), then the same queries repeated.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCatalogPath } from '../src/server/catalog/import-catalog.ts';
import { profiles, user } from '../src/server/db/schema/auth.ts';
import { issueTemplatesHostToken } from '../src/server/templates-host/host-tokens.ts';
import { HOST_RATE_RULE } from '../src/server/templates-host/templates-host.routes.ts';
import { extractCorpus } from './corpus.ts';
import { latencyQueries } from './search-queries.ts';
import { startBenchServer } from './support.ts';

const N8N = 'http://127.0.0.1:5678';

const HEALTH_BUDGET_MS = 5;
const SEARCH_BUDGET_MS = 20;

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1)! };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `p50 ${x.p50.toFixed(2)} ms, p95 ${x.p95.toFixed(2)} ms, max ${x.max.toFixed(2)} ms`;

function line(name: string, server: number[], loopback: number[], budget: number) {
  const s = stats(server);
  const verdict = s.p95 <= budget ? 'met' : 'MISSED';
  console.log(
    `${name} (n=${s.n}): server ${fmt(s)}; loopback ${fmt(stats(loopback))} — budget server p95 ≤ ${budget} ms: ${verdict}`,
  );
}

export async function run() {
  const work = mkdtempSync(path.join(tmpdir(), 'fv-host-bench-'));
  let served = Number.NaN;
  const server = await startBenchServer({}, { onServed: (_, ms) => (served = ms) });
  try {
    const report = await importCatalogPath({ database: server.database, target: extractCorpus(work) });
    console.log(`Corpus imported: ${report.imported} workflows`);
    const db = server.database.db;
    // More members than the rate limit lets one token use in a minute: each takes its turn.
    const hosts: string[] = [];
    for (let i = 0; i < 8; i++) {
      const id = `bench-member-${i}`;
      await db.insert(user).values({ id, email: `${id}@example.com` });
      await db
        .insert(profiles)
        .values({ userId: id, hasPaid: true, subscriptionStatus: 'active', subscriptionPeriod: 'lifetime' });
      const status = await issueTemplatesHostToken(
        { db, baseUrl: server.url },
        { userId: id, allowedOrigin: N8N },
      );
      hosts.push(status.hostUrl!);
    }
    let calls = 0;
    const host = () => hosts[Math.floor(calls++ / (HOST_RATE_RULE.max - 10)) % hosts.length]!;
    const timed = async (p: string) => {
      const url = `${host()}${p}`;
      served = Number.NaN;
      const start = performance.now();
      const res = await fetch(url, { headers: { origin: N8N, 'n8n-version': '2.40.7' } });
      await res.arrayBuffer();
      const loopback = performance.now() - start;
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      return { server: served, loopback };
    };
    const searchPath = (q: string, page: number) =>
      `templates/search?page=${page}&limit=20&search=${encodeURIComponent(q)}&category=`;
    // The index is built by the first search; not part of the figures.
    await timed(searchPath('', 1));
    const health = { server: [] as number[], loopback: [] as number[] };
    for (let i = 0; i < 300; i++) {
      const t = await timed('health');
      health.server.push(t.server);
      health.loopback.push(t.loopback);
    }
    const queries = latencyQueries();
    const first = { server: [] as number[], loopback: [] as number[] };
    const again = { server: [] as number[], loopback: [] as number[] };
    for (const q of queries) {
      const t = await timed(searchPath(q, 1));
      first.server.push(t.server);
      first.loopback.push(t.loopback);
    }
    for (let round = 0; round < 3; round++)
      for (const q of queries)
        for (const page of [1, 2]) {
          const t = await timed(searchPath(q, page));
          again.server.push(t.server);
          again.loopback.push(t.loopback);
        }
    console.log(
      `${queries.length} distinct queries (the judged set with typos and prefixes, the shared set)`,
    );
    line('health', health.server, health.loopback, HEALTH_BUDGET_MS);
    line('templates/search, first time', first.server, first.loopback, SEARCH_BUDGET_MS);
    line('templates/search, repeated', again.server, again.loopback, SEARCH_BUDGET_MS);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
