// The production command's process (NODE_ENV=production, PostgreSQL) — the build's dist/server/main.js,
// as `npm run serve` runs it: healthy, migrated, /metrics only with the token, no sample library
// imported, and a clean stop.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import {
  emptyDatabase,
  productionEnv,
  type ServerProcess,
  startServer,
} from '#tests/support/server-processes.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';
import { buildServer } from '../../scripts/build-server.ts';

// Inside the project, as dist/server is: the build finds package.json, migrations and the worker above it.
mkdirSync(path.resolve('.tmp'), { recursive: true });
const buildDir = mkdtempSync(path.resolve('.tmp/server-build-'));
let entry = '';
beforeAll(async () => {
  entry = await buildServer(buildDir);
});
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

const cleanups: (() => Promise<void>)[] = [];
const running: ServerProcess[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) s.child.kill('SIGKILL');
  for (const c of cleanups.splice(0)) await c();
});

it('the production build holds no test double: the PayPal sandbox stays in src/server/dev', () => {
  const built = readdirSync(buildDir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(buildDir, f), 'utf8'))
    .join('\n');
  expect(built).toContain('startLocalSandbox');
  // The sandbox's own code (its factory, approval page and webhook signer) is not in the file.
  expect(built).not.toContain('createPayPalSandbox');
  expect(built).not.toContain('sandboxPages');
  expect(built).not.toContain('createSandboxWebhooks');
});

it("the production build reads n8n's node tables from their files, not from text in its source", () => {
  const built = readFileSync(entry, 'utf8');
  // Inlined, each table was kept twice as text (the file's source and a string literal) in every
  // process beside its parsed form (decision 0011, memory).
  expect(built).toContain('#shared/catalog/n8n-nodes.json');
  expect(built).toContain('#shared/catalog/n8n-node-params.json');
  // Texts found only in the tables: the AI Agent node's description and its prompt's label.
  expect(built).not.toContain('Generates an action plan');
  expect(built).not.toContain('Prompt (User Message)');
  expect(built.length).toBeLessThan(1_500_000);
});

it('boots with production settings: health, metrics behind the token, no samples, clean stop', async () => {
  const database = await emptyDatabase();
  cleanups.push(database.drop);
  const token = 'production-metrics-token-123';
  const server = await startServer(
    { ...productionEnv(database.url), METRICS_TOKEN: token, WEB_ROOT: makeWebRoot() },
    entry,
  );
  running.push(server);

  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { status: string }).status).toBe('ok');
  expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
  const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  expect(metrics.status).toBe(200);
  const text = await metrics.text();
  // The boot wait polled /api/health too: at least the one above.
  expect(text).toMatch(
    /flowvault_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
  );
  expect(text).toContain('flowvault_http_requests_total{method="GET",route="/metrics",status="401"} 1');
  expect(text).toMatch(/flowvault_db_pool_connections\{state="total"\} [1-9]/);
  expect(text).toContain('flowvault_process_resident_memory_bytes');

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query('select count(*)::int as n from automations');
  await client.end();
  expect(rows[0].n).toBe(0);
  expect(server.output()).toContain('sample import is off');

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
});
