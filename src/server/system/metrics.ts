// Prometheus metrics (prom-client, the de-facto Node client: text format, histograms, default process
// metrics). Per-process counters (requests, job runs, unhandled rejections) live in this process's
// registry; figures every process shares (outbox depth, payments by status, import progress) are read
// from the database at scrape time, so any process answers them the same.
import { timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import ipaddr from 'ipaddr.js';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';

export type Metrics = ReturnType<typeof createMetrics>;

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

export function createMetrics(deps: {
  database: Pick<DbHandle, 'db' | 'pool'>;
  /** Open event streams of this process (the event hub's size). */
  eventStreams?: () => number;
  /** Node's process metrics (CPU, memory, event loop); off in tests that build many registries. */
  processMetrics?: boolean;
}) {
  const registry = new Registry();
  if (deps.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'flowvault_' });
  const db = deps.database.db;

  const requests = new Counter({
    name: 'flowvault_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'flowvault_http_request_duration_seconds',
    help: 'HTTP request latency, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'flowvault_job_runs_total',
    help: 'Background job runs in this process, by job and outcome (ok or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'flowvault_job_duration_seconds',
    help: 'Background job run time, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const unhandledRejections = new Counter({
    name: 'flowvault_unhandled_rejections_total',
    help: 'Promise rejections nothing handled (each is logged)',
    registers: [registry],
  });
  new Gauge({
    name: 'flowvault_event_stream_clients',
    help: 'Open live-event (SSE) streams in this process',
    registers: [registry],
    collect() {
      this.set(deps.eventStreams?.() ?? 0);
    },
  });
  const pool = deps.database.pool;
  if (pool) {
    new Gauge({
      name: 'flowvault_db_pool_connections',
      help: 'PostgreSQL pool connections of this process, by state (total, idle, waiting = queued requests)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'flowvault_mail_outbox',
    help: 'Mail in the outbox, by status (pending = not sent yet)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from mail_outbox group by status`),
      );
      this.set({ status: 'pending' }, 0);
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'flowvault_payments',
    help: 'Payments, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ status: string; n: number }>(
        await db.execute(sql`select status, count(*)::int as n from payments group by status`),
      );
      for (const r of rows) this.set({ status: r.status }, Number(r.n));
    },
  });
  new Gauge({
    name: 'flowvault_catalog_import_files',
    help: 'Files of catalogue imports that are queued or running, by state (done, total)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ done: number; total: number }>(
        await db.execute(sql`select coalesce(sum(done), 0)::int as done, coalesce(sum(total), 0)::int as total
          from catalog_imports where status in ('queued', 'running')`),
      );
      this.set({ state: 'done' }, Number(row?.done ?? 0));
      this.set({ state: 'total' }, Number(row?.total ?? 0));
    },
  });

  return {
    registry,
    unhandledRejections,
    /** The scheduler's report of one finished run. */
    jobFinished(job: string, outcome: 'ok' | 'failed', seconds: number) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    /** Counts every request by its route pattern (never the raw path: ids would explode the series). */
    middleware(): MiddlewareHandler<AppEnv> {
      return async (c, next) => {
        const stop = latency.startTimer();
        try {
          await next();
        } finally {
          const labels = { method: c.req.method, route: routeOf(c), status: String(c.res.status) };
          requests.inc(labels);
          stop(labels);
        }
      };
    },
  };
}

function routeOf(c: Context): string {
  try {
    // After next(): the route of the handler that answered (Hono keeps its index in c.req.routeIndex).
    const route = routePath(c);
    return route === '' ? 'unmatched' : route;
  } catch {
    return 'unmatched';
  }
}

/**
 * Who may read /metrics: a request with `Authorization: Bearer <METRICS_TOKEN>`, or one whose TCP peer
 * (never X-Forwarded-For, which a client can write) is inside METRICS_ALLOW. Neither configured: nobody.
 */
export function metricsAccess(options: { token?: string; allow?: string[] }) {
  const ranges = (options.allow ?? []).map((entry) =>
    entry.includes('/')
      ? ipaddr.parseCIDR(entry)
      : ([ipaddr.parse(entry), entry.includes(':') ? 128 : 32] as const),
  );
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;
  return (c: Context): boolean => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (expected && given.length === expected.length && timingSafeEqual(given, expected)) return true;
    if (ranges.length === 0) return false;
    let peer: string | undefined;
    try {
      peer = getConnInfo(c).remote.address;
    } catch {
      return false;
    }
    if (!peer || !ipaddr.isValid(peer)) return false;
    let address = ipaddr.parse(peer);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      address = (address as ipaddr.IPv6).toIPv4Address();
    }
    return ranges.some(
      ([range, bits]) =>
        range.kind() === address.kind() && address.match([range, bits] as [typeof range, number]),
    );
  };
}
