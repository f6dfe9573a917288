// `npm run bench -- n8n`: preflight throughput over the reference corpus, and deploy latency
// (capabilities from the cache, preflight, POST through the SSRF guard) against the n8n stand-in
// over loopback.
import { performance } from 'node:perf_hooks';
import { deployWorkflow } from '../src/server/n8n/deploy.ts';
import { parseOpenApiCapabilities } from '../src/server/n8n/instance-capabilities.ts';
import { createN8nClient } from '../src/server/n8n/n8n-client.ts';
import { preflightWorkflow } from '../src/server/n8n/preflight.ts';
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
  } finally {
    await guarded.close();
    await standin.close();
    corpus.cleanup();
  }
}
