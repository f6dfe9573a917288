// Real Flowvault processes on one PostgreSQL database that a test can kill -9 and start again on the
// same port (so BASE_URL, the sandbox's links and its webhook target stay valid), with the database
// read and written directly to stage faults and check what survived (issue 20's crash tests).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach } from 'vitest';
import { emptyDatabase, freePort, type ServerProcess, startServer } from './server-processes.ts';
import { makeWebRoot } from './web-root.ts';

export type Instance = {
  url: string;
  /** The process now serving this port (changes on restart). */
  server(): ServerProcess;
  kill(): Promise<void>;
  restart(): Promise<void>;
};

export type Cluster = {
  databaseUrl: string;
  baseUrl: string;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** A second process on the same database (its own port; BASE_URL stays the first one's). */
  another(): Promise<Instance>;
  first: Instance;
};

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

async function instance(env: Record<string, string>, port: number): Promise<Instance> {
  let current = await startServer({ ...env, PORT: String(port) });
  const kill = async () => {
    if (current.child.exitCode !== null || current.child.signalCode !== null) return;
    current.child.kill('SIGKILL');
    await current.exited;
  };
  cleanups.push(kill);
  return {
    url: `http://127.0.0.1:${port}`,
    server: () => current,
    kill,
    async restart() {
      await kill();
      current = await startServer({ ...env, PORT: String(port) });
    },
  };
}

/** A fresh database and one process on it. */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const database = await emptyDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  // The database is dropped WITH (FORCE) after each test: a client still connected then gets
  // 'terminating connection', which without a listener is an uncaught error in the test run.
  pool.on('error', () => {});
  cleanups.push(async () => {
    await pool.end();
    await database.drop();
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    BASE_URL: baseUrl,
    WEB_ROOT: makeWebRoot(),
    // Every process must sign and read the same sessions (NODE_ENV=test makes one per process otherwise).
    AUTH_SECRET: randomBytes(24).toString('hex'),
    ...extraEnv,
  };
  const first = await instance(env, port);
  return {
    databaseUrl: database.url,
    baseUrl,
    first,
    query: async (text, values = []) => (await pool.query(text, values)).rows,
    another: async () => instance(env, await freePort()),
  };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** Signs a new account up through `server` and verifies it by its mailed link; answers its cookie. */
export async function signUpOn(
  cluster: Cluster,
  server: Instance,
  role: 'user' | 'admin' = 'user',
): Promise<{ cookie: string; userId: string; email: string }> {
  const email = `crash-${randomBytes(5).toString('hex')}@example.com`;
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.baseUrl },
    body: JSON.stringify({ email, password: 'crash safety password' }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
  const [user] = await cluster.query<{ id: string }>('select id from users where email = $1', [email]);
  if (role !== 'user') await cluster.query('update users set role = $1 where id = $2', [role, user!.id]);
  const [mail] = await cluster.query<{ text: string }>(
    'select text from mail_outbox where "to" = $1 and kind = \'verification\'',
    [email],
  );
  const link = new URL(/http\S*verify-email\S*/.exec(mail!.text)![0]);
  const verified = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  return { cookie: cookieOf(verified), userId: user!.id, email };
}

/** Polls `probe` until it answers a truthy value (at most `ms`). */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  ms = 60_000,
): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
