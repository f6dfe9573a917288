// Runs ../shared/bench/peer-zie619.sh (the peer's harness, wrk) against the peer or against our server
// and reads its raw per-run lines back into figures.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PEER_HARNESS, QUERIES_FILE, ROOT } from './corpus.ts';

/** Host busy share above which a run is discarded (issue 19). */
export const MAX_OTHER_PCT = 15;
const HZ = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

export type WrkRun = {
  label: string;
  c: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Server CPU ms per request. */
  cpuMs: number;
  /** CPU used by anything but the server and wrk, % of the whole machine. */
  oth: number;
};

export type HarnessFigures = {
  c1p50: number;
  c1p99: number;
  c1oth: number;
  search: Record<number, WrkRun | undefined>;
  detail: Record<number, WrkRun | undefined>;
  rssStartMb?: number;
  rssPeakMb?: number;
  indexLine?: string;
  outDir: string;
};

function parseRun(line: string): WrkRun {
  const [label] = line.split(' ');
  const v = Object.fromEntries(
    [...line.matchAll(/([a-z0-9_]+)=([0-9.]+)/g)].map((m) => [m[1]!, Number(m[2])]),
  ) as Record<string, number>;
  const requests = v.requests ?? 0;
  const other = (v.host_busy_ticks! - v.cpu_ticks! - v.wrk_cpu_ticks!) / v.host_total_ticks!;
  return {
    label: label!,
    c: v.c ?? 0,
    requests,
    rps: requests / ((v.duration_us ?? 1) / 1e6),
    p50: (v.p50 ?? 0) / 1000,
    p99: (v.p99 ?? 0) / 1000,
    errors: (v.connect ?? 0) + (v.read ?? 0) + (v.write ?? 0) + (v.timeout ?? 0),
    non2xx: v.status ?? 0,
    cpuMs: requests > 0 ? ((v.cpu_ticks ?? 0) * 1000) / HZ / requests : Number.NaN,
    oth: Math.max(0, Math.round(other * 100)),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.floor((s.length - 1) / 2)]!;
};

export function readFigures(outDir: string): HarnessFigures {
  const runs = readFileSync(path.join(outDir, 'results.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.includes(' RESULT '))
    .map(parseRun);
  const perQuery = runs.filter((r) => /^q\d+$/.test(r.label) && r.c === 1);
  const summary = readFileSync(path.join(outDir, 'summary.txt'), 'utf8');
  const rss = /RSS: after start ([\d.]+) MB \| now [\d.]+ MB \| peak \(VmHWM\) ([\d.]+) MB/.exec(summary);
  const pick = (label: string) =>
    Object.fromEntries(runs.filter((r) => r.label === label).map((r) => [r.c, r])) as Record<number, WrkRun>;
  return {
    c1p50: median(perQuery.map((r) => r.p50)),
    c1p99: Math.max(...perQuery.map((r) => r.p99)),
    c1oth: Math.max(...perQuery.map((r) => r.oth)),
    search: pick('mixed-search'),
    detail: pick('detail'),
    rssStartMb: rss ? Number(rss[1]) : undefined,
    rssPeakMb: rss ? Number(rss[2]) : undefined,
    indexLine: /^index: .*$/m.exec(summary)?.[0],
    outDir,
  };
}

/** Knobs the caller may set for every harness run (durations, quiet-wait); the rest is fixed here. */
const PASSED = [
  'D1',
  'DN',
  'DD',
  'WARMUP',
  'WAIT_QUIET',
  'QUIET_MAX_BUSY',
  'QUIET_WAIT',
  'PEER_STACK',
  'WRK_THREADS',
];

export async function runHarness(options: {
  outDir: string;
  env: Record<string, string>;
  logFile: string;
}): Promise<HarnessFigures> {
  if (!existsSync(PEER_HARNESS)) throw new Error(`The peer harness is missing: ${PEER_HARNESS}`);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? tmpdir(),
    TMPDIR: tmpdir(),
    QUERIES: QUERIES_FILE,
    PROBES: '',
    STATS_URL: '',
    CONCS: '16 64',
    DETAIL_CONCS: '16 64',
    PER_QUERY_CONCS: '1',
    PEER_VENV: process.env.PEER_VENV ?? path.join(tmpdir(), 'fv-bench-zie619-venv'),
    ...Object.fromEntries(
      PASSED.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]!]),
    ),
    ...options.env,
    OUT_DIR: options.outDir,
  };
  const fd = openSync(options.logFile, 'a');
  const child = spawn('bash', [PEER_HARNESS], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) {
    const tail = readFileSync(options.logFile, 'utf8').split('\n').slice(-20).join('\n');
    throw new Error(`peer harness exited with ${code}:\n${tail}`);
  }
  return readFigures(options.outDir);
}
