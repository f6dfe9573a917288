// Boots the real server process (node src/server/main.ts) the way `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchChild } from '#tests/support/child-output.ts';
import { freePort } from '#tests/support/server-processes.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const MAIN = path.resolve('src/server/main.ts');
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [MAIN], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return { child, ...watchChild(child) };
}

async function waitForHealth(port: number) {
  // Boot migrates and imports the sample library: allow a loaded CI machine a minute.
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy');
}

/** main.ts on a free port with its own data folder and web root, once /api/health answers. */
async function startHealthy() {
  const port = await freePort();
  const run = start({
    PORT: String(port),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fv-')),
    WEB_ROOT: makeWebRoot(),
  });
  await waitForHealth(port);
  return { port, run };
}

describe('booting the server', () => {
  it('exits with one line naming PORT when it is invalid', async () => {
    const run = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fv-')) });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toEqual([
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "eighty")',
    ]);
  });

  it('exits with one line naming DATABASE_URL when nothing answers there', async () => {
    const port = await freePort();
    const run = start({ DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/nothing` });
    expect(await run.exited).toBe(1);
    const lines = run.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Invalid configuration: DATABASE_URL could not connect to 127\.0\.0\.1:\d+\/nothing \(ECONNREFUSED/,
    );
  });

  it('lets a slow request finish after SIGTERM, then exits cleanly', async () => {
    const { port, run } = await startHealthy();

    // A request whose body trickles in over ~1.5 s: SIGTERM arrives while it is in flight.
    const body = JSON.stringify({ kind: 'render', message: 'slow upload', path: '/' });
    const response = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/client-errors',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      const chunks = [body.slice(0, 10), body.slice(10, 30), body.slice(30)];
      let i = 0;
      const send = () => {
        req.write(chunks[i]);
        i++;
        if (i < chunks.length) setTimeout(send, 500);
        else req.end();
      };
      send();
    });
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill('SIGTERM');

    expect(await response).toBe(204);
    expect(await run.exited).toBe(0);
    // New connections are refused once it has stopped.
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  it('under keep-alive load, SIGTERM drops no request: answers say Connection: close, no connection is reset', {
    timeout: 120_000,
  }, async () => {
    const { port, run } = await startHealthy();
    // Sixteen keep-alive connections asking back to back, as a balancer or a load test does.
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const outcomes = { ok: 0, closeHeader: 0, refused: 0, failed: [] as string[] };
    let stopping = false;
    const ask = () =>
      new Promise<void>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) outcomes.ok++;
            else outcomes.failed.push(`status ${res.statusCode}`);
            if (stopping && res.headers.connection === 'close') outcomes.closeHeader++;
            resolve();
          });
        });
        req.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: the listener is gone, a client tries another process. Anything else lost a request.
          if (error.code === 'ECONNREFUSED') outcomes.refused++;
          else outcomes.failed.push(error.code ?? error.message);
          resolve();
        });
        req.end();
      });
    const worker = async () => {
      // Bounded: until this worker is refused (the server stopped listening) or 3,000 answers in all.
      while (outcomes.refused === 0 && outcomes.ok + outcomes.failed.length < 3_000) await ask();
    };
    const workers = Array.from({ length: 16 }, worker);
    while (outcomes.ok < 400) await ask();
    stopping = true;
    run.child.kill('SIGTERM');
    await Promise.all(workers);
    agent.destroy();
    expect(await run.exited).toBe(0);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.closeHeader).toBeGreaterThan(0);
  });
});
