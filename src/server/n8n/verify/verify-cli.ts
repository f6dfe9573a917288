// `npm run verify:n8n -- [--version 1.123.81] [--port 5678] [--concurrency 1]`: installs n8n (default
// the newest 2.x that installs here) into ~/.cache/flowvault or $FLOWVAULT_N8N_DIR, starts it on loopback, verifies every published template of the configured
// database through the deploy path, stores the results and stops n8n again (also on Ctrl-C).
import { parseArgs } from 'node:util';
import { connectDatabase } from '#server/db/connect.ts';
import { DataDirLockedError, lockedLine } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { processBus, publishEverywhere } from '#server/realtime/event-bus.ts';
import { createN8nClient } from '../n8n-client.ts';
import { createGuardedFetch } from '../ssrf-guard.ts';
import {
  cacheDirFor,
  DEFAULT_N8N_VERSION,
  ensureN8nInstalled,
  type RunningN8n,
  startN8n,
} from './n8n-process.ts';
import {
  runVerification,
  type VerificationSummary,
  verificationLines,
  verificationTable,
} from './run-verification.ts';

const USAGE = 'Usage: npm run verify:n8n -- [--version X.Y.Z] [--port N] [--concurrency N]';

let values: { version?: string; port?: string; concurrency?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      version: { type: 'string' },
      port: { type: 'string' },
      concurrency: { type: 'string' },
      help: { type: 'boolean' },
    },
  }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const version = values.version ?? DEFAULT_N8N_VERSION;
if (!/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`--version takes an exact n8n version such as ${DEFAULT_N8N_VERSION}\n${USAGE}`);
  process.exit(2);
}
const port = Number(values.port ?? 5678);
// One at a time: n8n on SQLite refused concurrent creates ("cannot start a transaction within a
// transaction") and two forms can claim one path; those are not the templates' faults.
const concurrency = Number(values.concurrency ?? 1);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function bar(s: VerificationSummary) {
  if (!process.stderr.isTTY) {
    // Logs (a run in the background): one line every 100 templates.
    if (s.done % 100 === 0 || s.done === s.total)
      console.error(
        `${s.done}/${s.total} accepted ${s.accepted} published/activated ${s.activated} after wizard +${s.publishedAfterSetup} ran ${s.ran}`,
      );
    return;
  }
  const width = 30;
  const filled = s.total ? Math.round((s.done / s.total) * width) : width;
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${s.done}/${s.total} accepted ${s.accepted} published/activated ${s.activated} after wizard +${s.publishedAfterSetup} ran ${s.ran}`,
  );
  if (s.done === s.total) process.stderr.write('\n');
}

const controller = new AbortController();
let n8n: RunningN8n | undefined;
let stopping = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.error(`\n${signal}: stopping n8n…`);
  controller.abort();
  void (n8n?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

const env = loadEnv();
const database = await connectDatabase(env, { lockAs: { command: 'verify:n8n' } }).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(
    lockedLine(
      error,
      error.holder.command === 'server'
        ? `stop it, or run "Verify on n8n" in the operator console (${error.holder.baseUrl ?? env.baseUrl}/admin/catalog)`
        : 'wait for it to finish, then run verify:n8n',
    ),
  );
  process.exit(1);
});
try {
  await migrateDatabase(database);
  console.log(`n8n ${version} in ${cacheDirFor(version)}`);
  const installMs = await ensureN8nInstalled(version, { log: (line) => console.log(line) });
  console.log(installMs ? `Installed in ${seconds(installMs)}` : 'Already installed');
  const startedAt = performance.now();
  n8n = await startN8n({ version, port });
  console.log(`n8n ${n8n.version} ready on ${n8n.url} in ${seconds(performance.now() - startedAt)}`);
  const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [port] });
  const client = createN8nClient({ fetch, instance: { url: n8n.url, apiKey: n8n.apiKey } });
  const runStarted = performance.now();
  const summary = await runVerification(
    {
      db: database.db,
      verify: { client, fetch, runManually: n8n.runManually },
      // Running servers on PostgreSQL rebuild their search index now; the others within 15 s.
      announce: () => publishEverywhere(database, processBus, 'catalog.activity', {}),
    },
    {
      n8nVersion: n8n.version,
      runBy: 'cli',
      concurrency,
      throwawayCredentials: true,
      signal: controller.signal,
      onProgress: bar,
    },
  );
  console.log(
    `Verified ${summary.done} templates on n8n ${n8n.version} in ${seconds(performance.now() - runStarted)}`,
  );
  for (const line of verificationLines(summary, n8n.version)) console.log(line);
  if (summary.skipped) console.log(`Not sent (not deployable by the library's rule): ${summary.skipped}`);
  if (summary.failures.length) {
    console.log('Failures:');
    for (const f of summary.failures) console.log(`  ${f.count} × ${f.reason}`);
  }
  if (Number(n8n.version.split('.')[0]) >= 2)
    for (const line of verificationTable(summary, n8n.version)) console.log(line);
  await fetch.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await n8n?.stop();
  await database.close();
}
