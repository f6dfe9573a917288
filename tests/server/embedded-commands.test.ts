// The commands and the server on one embedded data directory (issue 41). admin:create while the server
// runs goes through the server (its operator survives a restart and the mailed link has the server's own
// address); the other commands refuse with one line; a catalog:import killed mid-way leaves members the
// catalogue they had.
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { CRASHED_CLI_IMPORT_ERROR } from '#server/catalog/import-jobs.ts';
import { createPglite } from '#server/db/client.ts';
import { LOCK_FILE } from '#server/db/data-dir-lock.ts';
import { watchChild } from '#tests/support/child-output.ts';
import { freePort, type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { type SmtpCapture, startSmtpCapture } from '#tests/support/smtp-capture.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const CLI = {
  'admin:create': 'src/server/auth/admin-create-cli.ts',
  'catalog:import': 'src/server/catalog/import-cli.ts',
  'db:migrate': 'src/server/db/migrate-cli.ts',
  'verify:n8n': 'src/server/n8n/verify/verify-cli.ts',
} as const;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A command as `npm run <name>` runs it, with only the given environment (plus PATH). */
function command(name: keyof typeof CLI, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [path.resolve(CLI[name]), ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, ...watchChild(child) };
}

async function run(name: keyof typeof CLI, args: string[], env: Record<string, string>) {
  const cli = command(name, args, env);
  const code = await cli.exited;
  return { code, ...cli.output() };
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function keep(server: ServerProcess | ChildProcess) {
  const child = 'child' in server ? server.child : server;
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
}

describe('commands beside a running server on the embedded database', () => {
  it('admin:create goes through the server: the mailed link has its address, the operator signs in and survives a restart; the others refuse with one line', {
    timeout: 180_000,
  }, async () => {
    const smtp: SmtpCapture = await startSmtpCapture();
    cleanups.push(() => smtp.close());
    const dataDir = tempDir('fv-cmd-');
    const port = await freePort();
    // No BASE_URL: the server's address is http://localhost:PORT, the command's own default would be :3000.
    const shared = { NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, SMTP_URL: smtp.url };
    const env = { ...shared, WEB_ROOT: makeWebRoot(), PORT: String(port) };
    let server = await startServer(env);
    keep(server);
    const origin = `http://localhost:${port}`;

    const created = await run('admin:create', ['ops@example.com'], shared);
    expect(created, JSON.stringify(created)).toMatchObject({ code: 0 });
    expect(created.stdout.trim()).toBe(
      'Created the operator ops@example.com. A password-reset mail was sent: choose the password through it.',
    );
    const mail = await smtp.waitFor('ops@example.com');
    const link = /http\S*mode=reset\S*/.exec(mail.body)?.[0] ?? '';
    expect(link.startsWith(`${origin}/auth?mode=reset&token=`), link).toBe(true);
    const token = new URL(link).searchParams.get('token');
    const password = 'the operator chose this passphrase';
    const post = (p: string, body: unknown) =>
      server.request(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/reset-password', { token, newPassword: password })).status).toBe(200);
    const signInAsOperator = async () => {
      const signedIn = await post('/api/auth/sign-in/email', { email: 'ops@example.com', password });
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      const me = (await (await server.request('/api/me', { headers: { cookie } })).json()) as {
        user: { role: string } | null;
      };
      return me.user?.role;
    };
    expect(await signInAsOperator()).toBe('admin');

    // The endpoint answers nobody without the token in the lock file.
    const guessed = await server.request('/api/local-admin/operators', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer guessed' },
      body: JSON.stringify({ email: 'intruder@example.com' }),
    });
    expect(guessed.status).toBe(404);

    const pid = server.child.pid;
    const refusals = {
      'catalog:import': await run('catalog:import', [path.resolve('samples')], shared),
      'db:migrate': await run('db:migrate', [], shared),
      'verify:n8n': await run('verify:n8n', [], shared),
    };
    for (const [name, result] of Object.entries(refusals)) {
      expect(result.code, name).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines, name).toHaveLength(1);
      expect(lines[0], name).toMatch(
        new RegExp(`^Flowvault is running on this data directory \\(pid ${pid}\\): (stop it|it applied)`),
      );
    }
    expect(refusals['catalog:import'].stderr).toContain(
      `upload the files in the operator console (${origin}/admin/catalog)`,
    );

    // A second server on the same directory refuses too.
    const second = await startServer({ ...env, PORT: String(await freePort()) }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(second).toContain(
      `Flowvault is running on this data directory (pid ${pid}): stop it, or give this server another DATA_DIR`,
    );

    await server.stop();
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    server = await startServer(env);
    keep(server);
    expect(await signInAsOperator()).toBe('admin');
    await server.stop();
  });
});

/** Files of the samples written again under new ids and names: enough batches to kill between. */
function manyWorkflows(dir: string, count: number): void {
  const source = path.resolve('samples/workflows');
  const workflows = readdirSync(source)
    .filter((f) => f.endsWith('.json'))
    .map((name) => ({ name, workflow: JSON.parse(readFileSync(path.join(source, name), 'utf8')) as unknown }))
    .filter((w) => !Array.isArray(w.workflow));
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < count; i++) {
    const { name, workflow } = workflows[i % workflows.length]!;
    const copy = { ...(workflow as Record<string, unknown>) };
    copy.id = `crash-${i}`;
    copy.name = `${String(copy.name ?? name)} copy ${i}`;
    writeFileSync(path.join(dir, `crash-${i}-${name}`), JSON.stringify(copy));
  }
}

describe('a command-line import killed mid-way', () => {
  it('leaves members the catalogue they had, and the history says the import failed', {
    timeout: 180_000,
  }, async () => {
    const dataDir = tempDir('fv-cmd-crash-');
    const port = await freePort();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      WEB_ROOT: makeWebRoot(),
      PORT: String(port),
    };
    const counter = async (server: ServerProcess) =>
      ((await (await server.request('/api/catalog/counters')).json()) as { totalWorkflows: number })
        .totalWorkflows;
    // The first start imports the samples: the catalogue members have.
    let server = await startServer(env);
    keep(server);
    const before = await counter(server);
    expect(before).toBeGreaterThan(0);
    await server.stop();

    const folder = tempDir('fv-cmd-files-');
    manyWorkflows(folder, 4000);
    const cli = command('catalog:import', [folder], { DATA_DIR: dataDir });
    keep(cli.child);
    // Killed once its first batch is staged, well before the end (a line per batch on a non-terminal).
    await new Promise<void>((resolve, reject) => {
      cli.child.stderr!.on('data', () => {
        if (/Staged \d+\/\d+ files/.test(cli.output().stderr)) resolve();
      });
      void cli.exited.then((code) =>
        reject(new Error(`the import ended (${code}) before the kill: ${cli.output().stderr}`)),
      );
    });
    cli.child.kill('SIGKILL');
    await cli.exited;

    server = await startServer(env);
    keep(server);
    expect(await counter(server)).toBe(before);
    await server.stop();
    // The embedded database, read while no process has it.
    const pglite = await createPglite(path.join(dataDir, 'pglite'));
    onTestFinished(() => pglite.close());
    const [row] = (
      await pglite.query<{ published: number; staged: number; status: string; error: string }>(
        `select (select count(*)::int from automations where published) as published,
                (select count(*)::int from catalog_import_staging) as staged,
                status, error from catalog_imports order by created_at desc limit 1`,
      )
    ).rows;
    expect(row).toEqual({ published: before, staged: 0, status: 'failed', error: CRASHED_CLI_IMPORT_ERROR });
  });
});
