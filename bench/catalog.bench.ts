// `npm run bench -- catalog`: what members hit, beside the peer (issue 19). The reference corpus is
// imported with `npm run catalog:import`, the server runs as `npm start` (and `npm run serve` when that
// script exists), a member signs up, verifies, signs in and pays over HTTP, and the peer's harness
// (../shared/bench/peer-zie619.sh, wrk) measures the peer and us in turns: peer, ours, peer, ours.
// Then the 50,000-file import, served too for the 50,000-item search latency (issue 16: uncached and
// cached queries through the member session, and the first search, which builds the index). Knobs:
// BENCH_ROUNDS (2), IMPORT_FILES (50000), PEER_INDEX_50K (1), SEARCH_LATENCY_ONLY (0: 1 skips the
// wrk rounds and the peer), and the harness's D1 / DN / DD / WARMUP / WAIT_QUIET.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { slugify } from '../src/shared/catalog/classify.ts';
import { extractCorpus, readQueries } from './corpus.ts';
import { benchImport, type ImportRun, peerIndex } from './import-figure.ts';
import {
  becomePayingMember,
  productionEnv,
  rssOf,
  serverScripts,
  signIn,
  startNpmServer,
  withSmtp,
} from './member-server.ts';
import { type HarnessFigures, MAX_OTHER_PCT, runHarness, type WrkRun } from './peer.ts';
import { printLatency, searchLatency } from './search-latency.ts';
import { intentQueries } from './search-queries.ts';

const OUR_PORT = Number(process.env.BENCH_PORT ?? 3102);
const PEER_PORT = Number(process.env.PEER_PORT ?? 8102);
const DETAIL_SAMPLE = 50;
const LATENCY_ONLY = process.env.SEARCH_LATENCY_ONLY === '1';

type Round = { script: string; round: number; peer: HarnessFigures; ours: HarnessFigures };

/**
 * Every n-th corpus file that we serve (a file the importer skipped has no page): the peer names it by
 * file name, we by the slug of its base name. Both lists name the same workflows in the same order.
 */
async function detailIds(workflows: string, work: string, base: string, cookie: string) {
  const files = readdirSync(workflows, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .sort();
  const step = Math.max(1, Math.floor(files.length / (DETAIL_SAMPLE * 1.2)));
  const picked: { peer: string; ours: string }[] = [];
  for (let i = 0; i < files.length && picked.length < DETAIL_SAMPLE; i += step) {
    const ours = slugify(path.basename(files[i]!, '.json'));
    const res = await fetch(`${base}/api/catalog/automations/${encodeURIComponent(ours)}`, {
      headers: { cookie },
    });
    await res.body?.cancel();
    if (res.status === 200) picked.push({ peer: path.basename(files[i]!), ours });
  }
  const peer = path.join(work, 'peer-detail-ids.txt');
  const ours = path.join(work, 'our-detail-ids.txt');
  writeFileSync(peer, `${picked.map((p) => p.peer).join('\n')}\n`);
  writeFileSync(ours, `${picked.map((p) => p.ours).join('\n')}\n`);
  return { peer, ours, count: picked.length };
}

type Target = {
  script: string;
  /** PostgreSQL database URL; the embedded database in `dataDir` when absent. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Peak RSS budget of issue 19 item 3. */
  budgetMb: number;
  label: string;
};

/**
 * A new database on the bench's PostgreSQL (BENCH_DATABASE_URL, default the local server CI uses), or
 * undefined when none answers. `npm run serve` runs production, which runs only on PostgreSQL.
 */
async function benchDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `fv_bench_${Date.now()}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await query(`create database "${name}"`);
  } catch (error) {
    console.log(
      `\nNo PostgreSQL at ${new URL(admin).host} (${String(error)}): npm run serve is not measured`,
    );
    return undefined;
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => query(`drop database if exists "${name}" with (force)`) };
}

export async function run() {
  const work = mkdtempSync(path.join(tmpdir(), 'fv-catalog-bench-'));
  const logs = path.join(work, 'logs');
  mkdirSync(logs);
  const database = serverScripts().includes('serve') ? await benchDatabase() : undefined;
  try {
    const workflows = extractCorpus(work);
    const dataDir = path.join(work, 'data');
    const targets: Target[] = [{ script: 'start', budgetMb: 350, label: 'npm start, embedded (PGlite)' }];
    for (const databaseUrl of database ? [database.url] : []) {
      const corpusPg = benchImport({ dir: workflows, dataDir, databaseUrl });
      console.log(
        `Reference corpus imported into PostgreSQL with npm run catalog:import: ${corpusPg.imported} workflows in ${corpusPg.wallS.toFixed(1)} s, peak RSS ${corpusPg.peakMb} MB`,
      );
      targets.push({
        script: 'serve',
        databaseUrl,
        env: productionEnv(),
        budgetMb: 150,
        label: 'npm run serve, production on PostgreSQL',
      });
    }
    const corpus = benchImport({ dir: workflows, dataDir });
    console.log(
      `Reference corpus imported with npm run catalog:import: ${corpus.imported} workflows in ${corpus.wallS.toFixed(1)} s, peak RSS ${corpus.peakMb} MB`,
    );
    console.log(`Queries: ${readQueries().length} from ../shared/bench/queries.txt`);
    const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
    const results: Round[] = [];
    const memory: { target: Target; startMb: number; peakMb: number }[] = [];
    const peerDir = path.join(work, 'peer');
    let indexLine: string | undefined;
    await withSmtp(async (smtp) => {
      let ids: { peer: string; ours: string; count: number } | undefined;
      const start = (target: Target, script = target.script) =>
        startNpmServer({
          script,
          dataDir,
          port: OUR_PORT,
          smtpUrl: smtp.url,
          logDir: logs,
          databaseUrl: target.databaseUrl,
          env: script === target.script ? target.env : undefined,
        });
      for (const target of targets) {
        // Production has no test-payment sandbox: the member pays under `npm start` on the same
        // database, then the production command serves that member's session.
        let paid: string | undefined;
        if (target.script !== 'start') {
          const dev = await start(target, 'start');
          try {
            paid = (await becomePayingMember(dev.url, smtp)).email;
          } finally {
            await dev.stop();
          }
        }
        const server = await start(target);
        const startMb = rssOf(server.pid).rssMb;
        try {
          const cookie = paid
            ? await signIn(server.url, paid)
            : (await becomePayingMember(server.url, smtp)).cookie;
          console.log(`\n--- ${target.label} (server PID ${server.pid}), RSS after start ${startMb} MB`);
          console.log('Member: signed up, verified, signed in, paid (sandbox); its cookie on every request');
          // First, while this server has seen no query: every measured search is new to it.
          printLatency(`reference corpus, ${target.label}`, await searchLatency(server.url, cookie), 2);
          printLatency(
            `reference corpus, 6–10-word requests (issue 37), ${target.label}`,
            await searchLatency(server.url, cookie, intentQueries()),
            5,
          );
          if (LATENCY_ONLY) continue;
          ids ??= await detailIds(workflows, work, server.url, cookie);
          const detail = ids;
          console.log(`Detail: ${detail.count} workflows both serve`);
          for (let round = 1; round <= rounds; round++) {
            const tag = `${target.script}-${round}`;
            const peer = await runHarness({
              outDir: path.join(work, `peer-${tag}`),
              logFile: path.join(logs, `peer-${tag}.log`),
              env: {
                PORT: String(PEER_PORT),
                PEER_DIR: peerDir,
                INDEX: indexLine ? '0' : '1',
                DETAIL_IDS: detail.peer,
              },
            });
            indexLine ??= peer.indexLine;
            const ours = await runHarness({
              outDir: path.join(work, `ours-${tag}`),
              logFile: path.join(logs, `ours-${tag}.log`),
              env: {
                START_PEER: '0',
                SERVER_PID: String(server.pid),
                COOKIE: cookie,
                SEARCH_URL: `${server.url}/api/catalog/automations?q={q}&pageSize=20`,
                DETAIL_URL: `${server.url}/api/catalog/automations/{id}`,
                HEALTH_URL: `${server.url}/api/health`,
                DETAIL_IDS: detail.ours,
              },
            });
            results.push({ script: target.script, round, peer, ours });
            printRound(results.at(-1)!);
          }
        } finally {
          memory.push({ target, startMb, peakMb: rssOf(server.pid).hwmMb });
          await server.stop();
        }
      }
    });
    if (indexLine) console.log(`\nPeer ${indexLine}`);
    for (const m of memory)
      console.log(
        `Our server (${m.target.label}): RSS after start ${m.startMb} MB, peak ${m.peakMb} MB (VmHWM)`,
      );
    if (results.length > 0) printBudgets(results, memory);

    const imports = await benchImport50k(work, workflows, logs);
    printImport(imports.ours, imports.peerLine);
  } finally {
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

async function benchImport50k(
  work: string,
  workflows: string,
  logDir: string,
): Promise<{ ours: ImportRun; peerLine?: string }> {
  const files = Number(process.env.IMPORT_FILES ?? 50_000);
  const dataDir = path.join(work, 'import-data');
  const ours = benchImport({ dir: workflows, dataDir, scaleTo: files, work });
  await latencyAtScale(dataDir, logDir, ours.imported);
  rmSync(dataDir, { recursive: true, force: true });
  const peerLine =
    process.env.PEER_INDEX_50K === '0' || LATENCY_ONLY
      ? undefined
      : await peerIndex(work, ours.dir!, PEER_PORT);
  return { ours, peerLine };
}

/** The server's own "search index built" log line (time from rows to a ready snapshot). */
function indexBuildLine(log: string): string {
  const lines = readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l.includes('search index built'));
  const line = lines[0];
  // The line is JSON under NODE_ENV=production and pretty otherwise: both carry "items":N and "ms":N.
  const num = (key: string) => Number(new RegExp(`"${key}":(\\d+)`).exec(line ?? '')?.[1] ?? Number.NaN);
  const built = { items: num('items'), ms: num('ms') };
  if (Number.isNaN(built.ms)) return 'search index build: no "search index built" line in the server log';
  const verdict = built.ms <= 5_000 ? 'met' : 'MISSED';
  return `search index build (server log, ${built.items} items): ${(built.ms / 1000).toFixed(2)} s — budget ≤ 5 s: ${verdict}; built ${lines.length} time(s) while measured`;
}

/** The imported 50,000 served by `npm start`: a new member's searches, uncached then cached. */
async function latencyAtScale(dataDir: string, logDir: string, items: number) {
  await withSmtp(async (smtp) => {
    const server = await startNpmServer({
      script: 'start',
      dataDir,
      port: OUR_PORT,
      smtpUrl: smtp.url,
      logDir,
    });
    try {
      const { cookie } = await becomePayingMember(server.url, smtp);
      const latency = await searchLatency(server.url, cookie);
      printLatency(`${items} imported workflows, npm start`, latency, 10);
      printLatency(
        `${items} imported workflows, 6–10-word requests (issue 37), npm start`,
        await searchLatency(server.url, cookie, intentQueries()),
        20,
      );
      console.log(`  ${indexBuildLine(server.log)}; server RSS ${rssOf(server.pid).rssMb} MB`);
    } finally {
      await server.stop();
    }
  });
}

function printImport(ours: ImportRun, peerLine?: string) {
  console.log(
    `\nImport of ${ours.files} files (npm run catalog:import, incl. process start): ${ours.wallS.toFixed(1)} s wall, peak RSS ${ours.peakMb} MB; imported ${ours.imported}, skipped ${ours.skipped}`,
  );
  console.log(
    `  budget ≤ 25 s: ${ours.wallS <= 25 ? 'met' : 'MISSED'}; budget peak RSS ≤ 600 MB: ${ours.peakMb <= 600 ? 'met' : 'MISSED'}`,
  );
  console.log(`  peer on the same files: ${peerLine ?? 'not run (PEER_INDEX_50K=0)'}`);
}

const f1 = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '-' : n.toFixed(n >= 100 ? 0 : 2);
const ratio = (ours: number | undefined, peer: number | undefined) =>
  ours === undefined || peer === undefined || !peer ? '-' : `${(ours / peer).toFixed(2)}×`;
const discarded = (oth: number) => (oth > MAX_OTHER_PCT ? ' DISCARDED' : '');

function row(
  name: string,
  peer: number | undefined,
  ours: number | undefined,
  oth: [number, number],
  note = '',
) {
  console.log(
    `  ${name.padEnd(26)} peer ${f1(peer).padStart(8)}  ours ${f1(ours).padStart(8)}  ours/peer ${ratio(ours, peer).padStart(7)}  oth% ${oth[0]}/${oth[1]}${discarded(Math.max(...oth))}${note}`,
  );
}
const errs = (r?: WrkRun) => (r ? ` (ours: ${r.errors} errors/timeouts, ${r.non2xx} non-2xx)` : '');

function printRound({ script, round, peer, ours }: Round) {
  console.log(`\nRound ${round} (${script}; peer first, then ours; oth% = host busy share peer/ours):`);
  row('search c=1 p50 ms', peer.c1p50, ours.c1p50, [peer.c1oth, ours.c1oth]);
  row('search c=1 worst p99 ms', peer.c1p99, ours.c1p99, [peer.c1oth, ours.c1oth]);
  for (const c of [16, 64]) {
    const p = peer.search[c];
    const o = ours.search[c];
    row(`search mixed c=${c} req/s`, p?.rps, o?.rps, [p?.oth ?? 0, o?.oth ?? 0], errs(o));
  }
  row('server CPU ms per search', peer.search[16]?.cpuMs, ours.search[16]?.cpuMs, [
    peer.search[16]?.oth ?? 0,
    ours.search[16]?.oth ?? 0,
  ]);
  for (const c of [16, 64]) {
    const p = peer.detail[c];
    const o = ours.detail[c];
    row(`detail c=${c} req/s`, p?.rps, o?.rps, [p?.oth ?? 0, o?.oth ?? 0], errs(o));
  }
  row('RSS at harness start MB', peer.rssStartMb, ours.rssStartMb, [0, 0]);
  row('RSS peak MB', peer.rssPeakMb, ours.rssPeakMb, [0, 0]);
}

function verdict(ok: boolean) {
  return ok ? 'met' : 'MISSED';
}

function printBudgets(results: Round[], memory: { target: Target; peakMb: number }[]) {
  const maxOth = (r: Round) =>
    Math.max(
      r.peer.c1oth,
      r.ours.c1oth,
      ...[16, 64].flatMap((c) =>
        [r.peer.search[c], r.ours.search[c], r.peer.detail[c], r.ours.detail[c]].map((x) => x?.oth ?? 0),
      ),
    );
  const kept = results.filter((r) => maxOth(r) <= MAX_OTHER_PCT);
  const judged = kept.length > 0 ? kept : results;
  const note =
    kept.length > 0
      ? `over ${kept.length} of ${results.length} round(s) with oth% ≤ ${MAX_OTHER_PCT}`
      : `NO VALID VERDICT: every round had oth% > ${MAX_OTHER_PCT} (busy machine); shown on all ${results.length} round(s)`;
  const med = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const mid = (s.length - 1) / 2;
    return (s[Math.floor(mid)]! + s[Math.ceil(mid)]!) / 2;
  };
  const across = (fn: (r: Round) => number | undefined) => med(judged.map(fn).map((x) => x ?? Number.NaN));
  const s16 = across((r) => (r.ours.search[16]?.rps ?? 0) / (r.peer.search[16]?.rps ?? 1));
  const d16 = across((r) => (r.ours.detail[16]?.rps ?? 0) / (r.peer.detail[16]?.rps ?? 1));
  const p50 = across((r) => r.ours.c1p50);
  const p99 = across((r) => r.ours.c1p99);
  const c64errors = results.reduce(
    (n, r) => n + (r.ours.search[64]?.errors ?? 0) + (r.ours.detail[64]?.errors ?? 0),
    0,
  );
  console.log(`\nBudgets (issue 19), median ${note}:`);
  console.log(`  search mixed c=16 ≥ 5× peer (goal 10×): ${s16.toFixed(2)}× — ${verdict(s16 >= 5)}`);
  console.log(`  search c=1 p50 ≤ 1 ms: ${p50.toFixed(2)} ms — ${verdict(p50 <= 1)}`);
  console.log(`  search c=1 worst p99 ≤ 5 ms: ${p99.toFixed(2)} ms — ${verdict(p99 <= 5)}`);
  console.log(`  detail c=16 ≥ 3× peer: ${d16.toFixed(2)}× — ${verdict(d16 >= 3)}`);
  console.log(
    `  no error or timeout at c=64 (search + detail, every round): ${c64errors} — ${verdict(c64errors === 0)}`,
  );
  for (const { target, peakMb } of memory)
    console.log(
      `  peak RSS ≤ ${target.budgetMb} MB, reference corpus (${target.label}): ${peakMb} MB — ${verdict(peakMb <= target.budgetMb)}`,
    );
}
