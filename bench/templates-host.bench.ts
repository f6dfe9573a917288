// `npm run bench -- templates-host`: a member's templates host for their own n8n (issue 42, decision
// 0026) at the reference corpus: `health` and `templates/search` as n8n's editor calls them (its origin,
// its version header, the token in the path), timed on loopback from request to last byte, so the
// figure is the server's time plus the loopback round trip. Budgets: search p95 ≤ 20 ms, health ≤ 5 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { importCatalogPath } from '../src/server/catalog/import-catalog.ts';
import { profiles, user } from '../src/server/db/schema/auth.ts';
import { issueTemplatesHostToken } from '../src/server/templates-host/host-tokens.ts';
import { HOST_RATE_RULE } from '../src/server/templates-host/templates-host.routes.ts';
import { extractCorpus } from './corpus.ts';
import { startBenchServer } from './support.ts';

const N8N = 'http://127.0.0.1:5678';
const QUERIES = [
  '',
  'slack',
  'google sheets',
  'openai agent',
  'invoice',
  'telegram bot',
  'webhok',
  'email summary',
];

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { n: s.length, p50: at(0.5), p95: at(0.95), max: s.at(-1)! };
}
const fmt = (x: ReturnType<typeof stats>) =>
  `n=${x.n}  p50 ${x.p50.toFixed(2)} ms  p95 ${x.p95.toFixed(2)} ms  max ${x.max.toFixed(2)} ms`;

export async function run() {
  const work = mkdtempSync(path.join(tmpdir(), 'fv-host-bench-'));
  const server = await startBenchServer();
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
      const start = performance.now();
      const res = await fetch(url, { headers: { origin: N8N, 'n8n-version': '2.40.7' } });
      await res.arrayBuffer();
      const ms = performance.now() - start;
      if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
      return ms;
    };
    // The index is built by the first search; not part of the figures.
    await timed('templates/search?page=1&limit=20&search=');
    const health: number[] = [];
    for (let i = 0; i < 300; i++) health.push(await timed('health'));
    const search: number[] = [];
    for (let round = 0; round < 10; round++)
      for (const q of QUERIES)
        for (const page of [1, 2])
          search.push(
            await timed(`templates/search?page=${page}&limit=20&search=${encodeURIComponent(q)}&category=`),
          );
    const h = stats(health);
    const s = stats(search);
    console.log(`health:           ${fmt(h)}  (budget p95 ≤ 5 ms) ${h.p95 <= 5 ? 'OK' : 'OVER'}`);
    console.log(`templates/search: ${fmt(s)}  (budget p95 ≤ 20 ms) ${s.p95 <= 20 ? 'OK' : 'OVER'}`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}
