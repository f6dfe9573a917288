// `npm run bench -- n8n`: preflight throughput over the reference corpus, and deploy latency
// (capabilities from the cache, preflight, POST through the SSRF guard) against the n8n stand-in
// over loopback.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPglite, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { user } from '../src/server/db/schema/auth.ts';
import { deployments, n8nConnections } from '../src/server/db/schema/n8n.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/lib/logger.ts';
import { createConnection } from '../src/server/n8n/connections.ts';
import { deployWorkflow } from '../src/server/n8n/deploy.ts';
import { emergencyStop } from '../src/server/n8n/deployments.ts';
import { parseOpenApiCapabilities } from '../src/server/n8n/instance-capabilities.ts';
import { createN8nDeps } from '../src/server/n8n/n8n.routes.ts';
import { createN8nClient } from '../src/server/n8n/n8n-client.ts';
import { preflightWorkflow } from '../src/server/n8n/preflight.ts';
import { quickActionsView } from '../src/server/n8n/quick-actions.ts';
import { recentRuns } from '../src/server/n8n/runs.ts';
import { createGuardedFetch } from '../src/server/n8n/ssrf-guard.ts';
import { loadCorpus } from '../tests/support/n8n-corpus.ts';
import { startN8nStandin } from '../tests/support/n8n-standin.ts';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export async function run(): Promise<void> {
  const corpus = loadCorpus();
  const standin = await startN8nStandin({ version: 'newer' });
  const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
  try {
    const capabilities = parseOpenApiCapabilities(standin.openapiYaml);
    const bytes = corpus.files.reduce((sum, f) => sum + Buffer.byteLength(f.text), 0);

    // Preflight: parse + clean every file (text in, payload out), best of 3 rounds after a warm-up.
    for (const f of corpus.files) preflightWorkflow(f.text, capabilities);
    let best = Number.POSITIVE_INFINITY;
    let accepted = 0;
    for (let round = 0; round < 3; round++) {
      accepted = 0;
      const started = performance.now();
      for (const f of corpus.files) if (preflightWorkflow(f.text, capabilities).ok) accepted++;
      best = Math.min(best, performance.now() - started);
    }
    const perSecond = Math.round((corpus.files.length / best) * 1000);
    console.log(
      `preflight: ${corpus.files.length} files (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${best.toFixed(0)} ms → ${perSecond} workflows/s (${accepted} accepted)`,
    );

    // Deploy latency: one deployment at a time, as a member clicks Deploy.
    const client = createN8nClient({
      fetch: guarded,
      instance: { url: standin.url, apiKey: standin.apiKey },
    });
    await client.getCapabilities();
    const deployable = corpus.files.filter((f) => preflightWorkflow(f.text, capabilities).ok);
    const sample = deployable.filter((_, i) => i % 4 === 0).slice(0, 500);
    for (const f of sample.slice(0, 20)) await deployWorkflow(client, f.text); // warm-up
    const latencies: number[] = [];
    for (const f of sample) {
      const started = performance.now();
      await deployWorkflow(client, f.text);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `deploy (preflight + POST over loopback, ${latencies.length} workflows): p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms, max ${(latencies.at(-1) ?? 0).toFixed(2)} ms`,
    );

    await memberFigures(standin, sample.slice(0, 50));
  } finally {
    await guarded.close();
    await standin.close();
    corpus.cleanup();
  }
}

function summary(latencies: number[]): string {
  latencies.sort((a, b) => a - b);
  return `p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${percentile(latencies, 95).toFixed(2)} ms`;
}

/**
 * The member-facing reads and actions on a real embedded database: Recent Runs (executions of 50
 * deployed workflows, 250 read from the instance), the Quick Actions view, and Emergency Stop over 50.
 */
async function memberFigures(
  standin: Awaited<ReturnType<typeof startN8nStandin>>,
  files: { text: string }[],
): Promise<void> {
  const env = parseEnv({
    NODE_ENV: 'test',
    N8N_ALLOW_PRIVATE_TARGETS: 'true',
    N8N_ALLOW_HTTP: 'true',
    N8N_ALLOWED_PORTS: String(standin.port),
  });
  const database = await openDatabase({
    kind: 'pglite',
    pglite: await createPglite(mkdtempSync(path.join(tmpdir(), 'fv-bench-n8n-'))),
  });
  try {
    await migrateDatabase(database);
    const deps = createN8nDeps({ env, database, log: createLogger({ ...env, LOG_LEVEL: 'error' }) });
    const userId = 'bench-member';
    await database.db.insert(user).values({ id: userId, email: 'bench@example.com', emailVerified: true });
    const connection = await createConnection(deps, userId, {
      instanceUrl: standin.url,
      apiKey: standin.apiKey,
    });
    await deps.db.update(n8nConnections).set({ isDefault: true });
    const client = createN8nClient({
      fetch: deps.fetch,
      instance: { url: standin.url, apiKey: standin.apiKey },
    });
    const ids: string[] = [];
    for (const f of files) ids.push((await deployWorkflow(client, f.text)).workflowId);
    await database.db.insert(deployments).values(
      ids.map((id, i) => ({
        userId,
        automationId: `bench-${i}`,
        automationTitle: `Bench ${i}`,
        connectionId: connection.id,
        instanceUrl: connection.instanceUrl,
        n8nWorkflowId: id,
        workflowName: `Bench ${i}`,
        status: 'deployed' as const,
      })),
    );
    for (let i = 0; i < 250; i++) {
      standin.reportExecution({
        workflowId: ids[i % ids.length]!,
        status: i % 5 === 0 ? 'error' : 'success',
      });
    }
    const runs: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await recentRuns(deps, userId, 5);
      if (i >= 5) runs.push(performance.now() - started);
    }
    console.log(`recent runs (50 deployed workflows, 250 executions read): ${summary(runs)}`);
    const view: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await quickActionsView(deps, userId);
      if (i >= 5) view.push(performance.now() - started);
    }
    console.log(`quick actions view (last used, latest, top 5): ${summary(view)}`);
    const started = performance.now();
    const stopped = await emergencyStop(deps, userId);
    console.log(
      `emergency stop: ${stopped.deactivated.length} workflows deactivated (${stopped.failed.length} failed) in ${(performance.now() - started).toFixed(0)} ms`,
    );
    await deps.fetch.close();
  } finally {
    await database.close();
  }
}
