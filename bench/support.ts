import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { type AppDeps, createApp } from '../src/server/app.ts';
import { createPglite, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/lib/logger.ts';

/**
 * Starts the real app on a loopback port with an embedded database in a temp folder. `onServed` gets
 * each request's time inside the app (from the request reaching Hono to its response being built).
 */
export async function startBenchServer(
  overrides: Partial<AppDeps> = {},
  options: { onServed?: (request: Request, ms: number) => void } = {},
) {
  const env = parseEnv({ NODE_ENV: 'test' });
  const database = await openDatabase({
    kind: 'pglite',
    pglite: await createPglite(mkdtempSync(path.join(tmpdir(), 'fv-bench-'))),
  });
  await migrateDatabase(database);
  const app = createApp({
    env,
    database,
    log: createLogger(env),
    version: 'bench',
    startedAt: Date.now(),
    ...overrides,
  });
  const onServed = options.onServed;
  const fetch: typeof app.fetch = onServed
    ? async (request, ...rest) => {
        const start = performance.now();
        const response = await app.fetch(request, ...rest);
        onServed(request, performance.now() - start);
        return response;
      }
    : app.fetch;
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
    },
  };
}

export type LoadResult = {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** Bounded load on loopback only: fixed duration, fixed connections. */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}) {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
  });
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 ?? result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  } satisfies LoadResult;
}

export function rssMb(): number {
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}
