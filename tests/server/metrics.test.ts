// /metrics: Prometheus text for the operator's scraper, only with the token or from an allowed address.
import { spawnSync } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { catalogImports } from '#server/db/schema/admin.ts';
import { payments } from '#server/db/schema/billing.ts';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { createEventHub } from '#server/realtime/event-hub.ts';
import { createMetrics } from '#server/system/metrics.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const TOKEN = 'metrics-token-for-the-tests';
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function appWithMetrics(envVars: Record<string, string>) {
  const base = await createTestApp({ envVars });
  const events = createEventHub({ bus: processBus });
  const metrics = createMetrics({ database: base.database, eventStreams: () => events.size() });
  // The same app on the same database, with the metrics wired in as main.ts does.
  const deps = { ...base.deps, metrics, events };
  const app = createApp(deps);
  const t = {
    app,
    deps,
    database: base.database,
    request: (path: string, init?: RequestInit) =>
      Promise.resolve(app.request(`http://flowvault.test${path}`, init)),
  };
  return { t, metrics, events };
}

const scrape = (t: { request: TestApp['request'] }, headers: Record<string, string> = {}) =>
  t.request('/metrics', { headers });

describe('/metrics', () => {
  it('does not exist when neither METRICS_TOKEN nor METRICS_ALLOW is set', async () => {
    const { t } = await appWithMetrics({});
    expect((await scrape(t, { authorization: `Bearer ${TOKEN}` })).status).toBe(404);
  });

  it('refuses a request without the bearer token or with a wrong one', async () => {
    const { t } = await appWithMetrics({ METRICS_TOKEN: TOKEN });
    const bare = await scrape(t);
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await scrape(t, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await scrape(t, { authorization: TOKEN })).status).toBe(401);
    // X-Forwarded-For never stands in for the peer address.
    expect((await scrape(t, { 'x-forwarded-for': '127.0.0.1' })).status).toBe(401);
  });

  it('counts requests by route pattern and status, with latency histograms', async () => {
    const { t } = await appWithMetrics({ METRICS_TOKEN: TOKEN });
    await t.request('/api/health');
    await t.request('/api/health');
    await t.request('/api/catalog/automations/no-such-item');
    await t.request('/api/nothing-here');
    const response = await scrape(t, { authorization: `Bearer ${TOKEN}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await response.text();
    expect(text).toContain('flowvault_http_requests_total{method="GET",route="/api/health",status="200"} 2');
    expect(text).toMatch(
      /flowvault_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status="200"\} \d/,
    );
    expect(text).toContain(
      'flowvault_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 2',
    );
    // A pattern, not the raw path: ids never become series of their own.
    expect(text).toContain('route="/api/catalog/automations/:id",status="401"} 1');
    expect(text).not.toContain('no-such-item');
    expect(text).toContain('route="/api/*",status="404"} 1');
  });

  it('shows job runs and failures, outbox depth, payments by status, streams, imports and the pool', async () => {
    const { t, metrics, events } = await appWithMetrics({ METRICS_TOKEN: TOKEN });
    const db = t.database.db;
    const scheduler = createScheduler({
      db,
      log: t.deps.log,
      onRunFinished: metrics.jobFinished,
      jobs: [
        { name: 'fine', intervalMs: 60_000, run: async () => {} },
        { name: 'broken', intervalMs: 60_000, run: async () => Promise.reject(new Error('boom')) },
      ],
    });
    await scheduler.runNow('fine');
    await scheduler.runNow('fine');
    await scheduler.runNow('broken');
    for (const to of ['a@example.com', 'b@example.com']) {
      await enqueueMail(db, { kind: 'contact', to, subject: 's', html: '<p>h</p>', text: 't' });
    }
    const payment = { email: 'p@example.com', planId: 'lifetime', amountCents: 3500, currency: 'USD' };
    await db.insert(payments).values([
      { ...payment, status: 'completed' },
      { ...payment, status: 'completed' },
      { ...payment, status: 'created' },
    ]);
    await db
      .insert(catalogImports)
      .values({ actorEmail: 'op@example.com', fileName: 'x.zip', status: 'running', done: 40, total: 206 });
    const disconnect = events.connect({ userId: 'u1', send() {}, close() {} });

    const text = await (await scrape(t, { authorization: `Bearer ${TOKEN}` })).text();
    disconnect();
    expect(text).toContain('flowvault_job_runs_total{job="fine",outcome="ok"} 2');
    expect(text).toContain('flowvault_job_runs_total{job="broken",outcome="failed"} 1');
    expect(text).toContain('flowvault_job_duration_seconds_count{job="fine"} 2');
    expect(text).toContain('flowvault_mail_outbox{status="pending"} 2');
    expect(text).toContain('flowvault_payments{status="completed"} 2');
    expect(text).toContain('flowvault_payments{status="created"} 1');
    expect(text).toContain('flowvault_event_stream_clients 1');
    expect(text).toContain('flowvault_catalog_import_files{state="done"} 40');
    expect(text).toContain('flowvault_catalog_import_files{state="total"} 206');
    expect(text).toContain('flowvault_unhandled_rejections_total 0');
    // The pool exists on PostgreSQL only (PGlite is one in-process connection).
    expect(text.includes('flowvault_db_pool_connections{state="total"}')).toBe(
      t.deps.database.driver === 'pg',
    );
  });

  it('answers an allowed peer address without the token, never a forwarded one', async () => {
    for (const [allow, status] of [
      ['127.0.0.1', 200],
      ['127.0.0.0/8, ::1', 200],
      ['10.0.0.0/8', 401],
    ] as const) {
      const { t } = await appWithMetrics({ METRICS_ALLOW: allow });
      const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      servers.push(server);
      await new Promise((r) => server.once('listening', r));
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { 'x-forwarded-for': '10.1.2.3' },
      });
      expect(response.status, allow).toBe(status);
    }
  });
});

describe('unhandled rejections', () => {
  it('are logged with their reason and counted, and the process carries on', () => {
    const script = `
      import { reportUnhandledRejections } from './src/server/lib/process-faults.ts';
      import { createLogger } from './src/server/lib/logger.ts';
      let count = 0;
      reportUnhandledRejections({ log: createLogger({ NODE_ENV: 'production' }), counter: { inc: () => count++ } });
      Promise.reject(new Error('nobody awaited me'));
      setTimeout(() => console.log('still running, counted ' + count), 50);
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    // pino may flush after the script's own line: find each by what it is, not by its place.
    const lines = run.stdout.trim().split('\n');
    const logged = lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; err?: { message: string } })
      .find((l) => l.msg === 'unhandled promise rejection');
    expect(logged).toMatchObject({ level: 50, err: { message: 'nobody awaited me' } });
    expect(lines).toContain('still running, counted 1');
  });
});
