// The import figure: `npm run catalog:import` as an operator runs it (its own process: wall time and
// the peak RSS it reports), on the corpus or on N varied copies of it; and the peer's own indexer on
// the same files (the harness's INDEX run).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildScaledCorpus, ROOT } from './corpus.ts';
import { runHarness } from './peer.ts';

export type ImportRun = {
  files: number;
  imported: number;
  skipped: number;
  wallS: number;
  peakMb: number;
  dir?: string;
};

export function benchImport(options: {
  dir: string;
  dataDir: string;
  scaleTo?: number;
  work?: string;
  /** Import into this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
}): ImportRun {
  let dir = options.dir;
  if (options.scaleTo && options.work) {
    dir = path.join(options.work, `workflows-${options.scaleTo}`);
    const t = performance.now();
    buildScaledCorpus(options.dir, dir, options.scaleTo);
    console.log(
      `\nBuilt ${options.scaleTo} workflow files from the corpus in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: options.dataDir };
  delete env.DATABASE_URL;
  delete env.LOG_LEVEL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const t = performance.now();
  const cli = spawnSync('npm', ['run', '--silent', 'catalog:import', '--', dir], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  const wallS = (performance.now() - t) / 1000;
  const out = cli.stdout ?? '';
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? Number.NaN);
  if (cli.status !== 0)
    console.log(`catalog:import exited with ${cli.status}:\n${out.slice(-2000)}\n${cli.stderr}`);
  return {
    files: num(/^Files handled: (\d+)/m),
    imported: num(/^Imported: (\d+)/m),
    skipped: num(/Skipped: (\d+)/),
    wallS,
    peakMb: num(/^Peak RSS: (\d+) MB/m),
    dir,
  };
}

/** The peer's `workflow_db.py --index --force` on the same files, timed by its harness. */
export async function peerIndex(work: string, dir: string, port: number): Promise<string | undefined> {
  const peerDir = path.join(work, 'peer-import');
  mkdirSync(peerDir, { recursive: true });
  execFileSync('cp', ['-al', dir, path.join(peerDir, 'workflows')]);
  const figures = await runHarness({
    outDir: path.join(work, 'peer-import-run'),
    logFile: path.join(work, 'peer-import.log'),
    env: {
      PORT: String(port),
      PEER_DIR: peerDir,
      INDEX: '1',
      PER_QUERY_CONCS: '',
      CONCS: '',
      DETAIL_URL: '',
      WARMUP: '1',
    },
  });
  return figures.indexLine;
}
