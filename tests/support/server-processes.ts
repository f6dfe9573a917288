// Real server processes (node src/server/main.ts) on a PostgreSQL database of their own, for the
// production-boot, multi-process and session-cache tests of tests/server-pg (the one helper that
// starts main.ts; decision 0019).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import path from 'node:path';
import { inject } from 'vitest';
import { adminQuery, databaseUrl, RUN_PREFIX } from './pg-urls.ts';

const MAIN = path.resolve(import.meta.dirname, '../../src/server/main.ts');

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An empty database of this run (dropped by `drop` or by the run's global teardown). */
export async function emptyDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${RUN_PREFIX}${inject('pgRunId')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database "${name}"`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  exited: Promise<number | null>;
  output(): string;
  /** A request to this process; redirects are answered, not followed. */
  request(requestPath: string, init?: RequestInit): Promise<Response>;
  /** SIGTERM, resolved once the process has exited. */
  stop(): Promise<void>;
};

/**
 * Starts main.ts (or `entry`, the production build's file) with only the given environment (plus
 * PATH); resolves once /api/health answers.
 */
export async function startServer(env: Record<string, string>, entry = MAIN): Promise<ServerProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    port,
    url,
    exited,
    output: () => output,
    request: (requestPath, init) => fetch(`${url}${requestPath}`, { redirect: 'manual', ...init }),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let i = 0; i < 900; i++) {
    if (gone) throw new Error(`the server exited while booting:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not become healthy:\n${output}`);
}

/** What production needs (src/server/env.ts), with test values; PayPal is never reached by these tests. */
export function productionEnv(databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    BASE_URL: 'https://flowvault.example',
    AUTH_SECRET: randomBytes(36).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:9',
    PAYPAL_CLIENT_ID: 'client-id',
    PAYPAL_CLIENT_SECRET: 'client-secret',
    PAYPAL_MODE: 'sandbox',
    PAYPAL_WEBHOOK_ID: 'WH-TEST',
    N8N_KEY_SECRET: randomBytes(36).toString('base64'),
    LOG_LEVEL: 'info',
  };
}
