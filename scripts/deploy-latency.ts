// `node scripts/deploy-latency.ts [--runs 20] [--port 5792] [--version 2.40.7]`: how long a deploy with
// credential binding takes against a local real n8n (issue 39 budget: ≤ 1 s p95, one template, cold).
// Starts n8n from the verify:n8n install (npm run verify:n8n installs it), creates one Telegram
// credential as a member would have, then deploys a Telegram template through the product's path —
// a fresh client each time (nothing cached: openapi.yml, version and credential list are read
// again), the credential picked by id, created and published — and deletes it again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deployWorkflow } from '../src/server/n8n/deploy.ts';
import { createN8nClient } from '../src/server/n8n/n8n-client.ts';
import { createGuardedFetch } from '../src/server/n8n/ssrf-guard.ts';
import { DEFAULT_N8N_VERSION, ensureN8nInstalled, startN8n } from '../src/server/n8n/verify/n8n-process.ts';
import { dummyCredentialData } from '../src/server/n8n/verify/throwaway-credentials.ts';
import { removeWorkflow } from '../src/server/n8n/verify/verify-workflow.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    port: { type: 'string', default: '5792' },
    version: { type: 'string', default: DEFAULT_N8N_VERSION },
  },
});
const runs = Number(values.runs);
const port = Number(values.port);
const template = JSON.parse(
  readFileSync(
    path.resolve(import.meta.dirname, '../samples/workflows/daily-weather-telegram-alert.json'),
    'utf8',
  ),
) as unknown;

await ensureN8nInstalled(values.version, { log: (line) => console.log(line) });
const n8n = await startN8n({ version: values.version, port });
const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [port] });
try {
  const setup = createN8nClient({ fetch, instance: { url: n8n.url, apiKey: n8n.apiKey } });
  // The member's own credentials of the two types the template needs (dummy values).
  const mine: { type: string; name: string; id: string }[] = [];
  for (const [type, name] of [
    ['telegramApi', 'Telegram account'],
    ['openWeatherMapApi', 'OpenWeatherMap account'],
  ] as const) {
    const data = dummyCredentialData(await setup.getCredentialSchema(type));
    mine.push({ type, name, id: (await setup.createCredential({ name: `My ${name}`, type, data })).id });
  }
  const deploy: number[] = [];
  const withPublish: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const started = performance.now();
    const client = createN8nClient({ fetch, instance: { url: n8n.url, apiKey: n8n.apiKey } });
    const plan = await deployWorkflow(client, template, {
      name: `Latency ${i}`,
      renewWebhookIds: true,
      credentialBindings: mine,
    });
    const created = performance.now();
    const bound = plan.payload.nodes.some((n) => n.credentials?.telegramApi?.id === mine[0]!.id);
    if (!bound) throw new Error('The credential was not bound: check the template’s credential name');
    const published = await client.publishWorkflow(plan.workflowId).then(
      () => true,
      (error: unknown) => error,
    );
    const done = performance.now();
    await removeWorkflow(client, plan.workflowId, published === true);
    if (published !== true) console.log(`  publish refused: ${String(published)}`);
    // The first run is also the first in this process (openapi.yml parsed once per n8n release)
    // and warms n8n itself: reported on its own, not in the p95.
    if (i === 0) {
      console.log(
        `first deploy in a fresh process: ${Math.round(created - started)} ms (${Math.round(done - started)} ms with publish)`,
      );
      continue;
    }
    deploy.push(created - started);
    withPublish.push(done - started);
  }
  const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? 0;
  const ms = (x: number) => `${Math.round(x)} ms`;
  console.log(
    `deploy with credential binding on n8n ${n8n.version}: p95 ${ms(p95(deploy))}, with publish p95 ${ms(p95(withPublish))} over ${deploy.length} runs (budget 1000 ms)`,
  );
  for (const c of mine) await setup.deleteCredential(c.id);
} finally {
  await fetch.close();
  await n8n.stop();
}
