// Two real server processes on one PostgreSQL database, as behind a load balancer: a session made on
// one is valid on the other, the sign-in limit is shared, each job runs once, a member's events reach
// the other process's stream, and a rolling restart loses no request. Prints `multi-process: N/N`.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LEASE_MS } from '#server/catalog/import-jobs.ts';
import { emptyDatabase, freePort, type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const SAMPLE = 'ai-email-triage-gmail-openai';
const PASSWORD = 'multi process password';
let database: Awaited<ReturnType<typeof emptyDatabase>>;
let env: Record<string, string>;
const servers: ServerProcess[] = [];
const checks: [string, boolean][] = [];
let baseUrl = '';
let firstStart = 0;

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function post(server: ServerProcess, path: string, body: unknown, cookie = '') {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');

/** Records a check for the summary line, then asserts it. */
function check(name: string, ok: boolean, detail?: unknown) {
  checks.push([name, ok]);
  expect(ok, `${name}: ${JSON.stringify(detail)}`).toBe(true);
}

beforeAll(async () => {
  database = await emptyDatabase();
  const [portA, portB] = [await freePort(), await freePort()];
  baseUrl = `http://127.0.0.1:${portA}`;
  env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    BASE_URL: baseUrl,
    WEB_ROOT: makeWebRoot(),
    AUTH_SECRET: 'm'.repeat(48),
  };
  // The first boot migrates and imports the samples; the second finds both done.
  firstStart = Date.now();
  servers.push(await startServer({ ...env, PORT: String(portA) }));
  servers.push(await startServer({ ...env, PORT: String(portB) }));
}, 120_000);

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await database?.drop();
  console.log(`multi-process: ${checks.filter(([, ok]) => ok).length}/${checks.length}`);
  for (const [name, ok] of checks) if (!ok) console.log(`  failed: ${name}`);
});

describe('two processes on one database', () => {
  let cookie = '';
  const email = `multi-${Date.now()}@example.com`;

  it('a session made on one process is valid on the other', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    expect((await post(a, '/api/auth/sign-up/email', { email, password: PASSWORD })).status).toBe(200);
    const [mail] = await query<{ text: string }>(
      'select text from mail_outbox where "to" = $1 and kind = \'verification\'',
      [email],
    );
    const link = new URL(/http\S*verify-email\S*/.exec(mail!.text)![0]);
    // Verified through B (which signs the user in), the session then read on A.
    const verified = await fetch(`${b.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(verified.status).toBe(302);
    cookie = cookieOf(verified);
    const session = await fetch(`${a.url}/api/auth/get-session`, { headers: { cookie } });
    const body = (await session.json()) as { user?: { email: string } } | null;
    check('session valid on both processes', body?.user?.email === email, body);
  });

  it('the sign-in limit counts attempts on both processes together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const server = servers[i % 2]!;
      const response = await post(server, '/api/auth/sign-in/email', { email, password: 'wrong password 1' });
      statuses.push(response.status);
    }
    // 10 a minute per address (src/server/auth/create-auth.ts): the 11th is refused wherever it lands.
    check(
      'rate limit shared',
      statuses.slice(0, 10).every((s) => s === 401) && statuses.slice(10).every((s) => s === 429),
      statuses,
    );
  });

  it('each background job ran once across both processes', async () => {
    // Each job's first round runs at start; on a loaded machine the last one may take a few seconds
    // (a fixed 2.5 s wait failed in a full run with six jobs). Wait until every job ran, then check once.
    const read = () =>
      query<{ name: string; run_count: number }>('select name, run_count from jobs order by name');
    const deadline = Date.now() + 20_000;
    let rows = await read();
    while ((rows.length < 3 || rows.some((r) => r.run_count < 1)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      rows = await read();
    }
    // A second process that also ran a round would show within the same wait: look once more.
    await new Promise((r) => setTimeout(r, 1_000));
    rows = await read();
    // The import recovery repeats every lease (15 s): on a loaded machine the test can outlast one, so
    // it may have run once per lease since the first start, never once per process.
    const allowed = (name: string) =>
      name === 'catalog-import-recovery' ? 1 + Math.floor((Date.now() - firstStart) / IMPORT_LEASE_MS) : 1;
    check(
      'each job once',
      rows.length >= 3 && rows.every((r) => r.run_count >= 1 && r.run_count <= allowed(r.name)),
      rows,
    );
  });

  it("a member's event on one process reaches their stream on the other", async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Access granted by hand in the database, then announced the way the product's grant does
    // ('viewer.changed' on the bridged channel), so both processes drop their cached viewer.
    const [user] = await query<{ id: string }>('select id from users where email = $1', [email]);
    await query(
      "update profiles set has_paid = true, subscription_status = 'active', subscription_period = 'lifetime' where user_id = $1",
      [user!.id],
    );
    await query('select pg_notify($1, $2)', [
      'flowvault_events',
      JSON.stringify({ origin: 'test', topic: 'viewer.changed', payload: { userId: user!.id } }),
    ]);
    // The notification reaches each process within milliseconds (decision 0011): wait for both.
    for (const server of [a, b]) {
      const deadline = Date.now() + 5_000;
      while ((await fetch(`${server.url}/api/library/collections`, { headers: { cookie } })).status !== 200) {
        if (Date.now() > deadline) throw new Error(`${server.url} kept the old viewer past 5 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const controller = new AbortController();
    const stream = await fetch(`${b.url}/api/events`, { headers: { cookie }, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const until = async (text: string) => {
      const deadline = Date.now() + 10_000;
      while (!seen.includes(text) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value);
      }
      return seen.includes(text);
    };
    expect(await until('event: ready')).toBe(true);
    expect((await post(a, '/api/library/collections', { automationId: SAMPLE }, cookie)).status).toBe(201);
    const arrived = await until('event: collection');
    controller.abort();
    check('event reached the other process', arrived && seen.includes(SAMPLE), seen);
  });

  it('a rolling restart behind a balancer fails no request', async () => {
    // The balancer: round robin over the processes in rotation. A process leaves the rotation, gets
    // SIGTERM while its last requests are in flight (they must finish), is started again, and returns.
    const rotation = [...servers];
    let next = 0;
    let done = false;
    const failures: string[] = [];
    let answered = 0;
    const client = async () => {
      while (!done) {
        const target = rotation[next++ % rotation.length]!;
        try {
          const response = await fetch(`${target.url}/api/catalog/automations?q=gmail`, {
            headers: { cookie },
          });
          await response.arrayBuffer();
          if (response.status === 200) answered++;
          else failures.push(`${target.port}: ${response.status}`);
        } catch (error) {
          failures.push(`${target.port}: ${(error as Error).cause ?? (error as Error).message}`);
        }
      }
    };
    const clients = Array.from({ length: 6 }, client);
    for (let i = 0; i < servers.length; i++) {
      const old = servers[i]!;
      await new Promise((r) => setTimeout(r, 500));
      rotation.splice(rotation.indexOf(old), 1);
      old.child.kill('SIGTERM');
      const code = await old.exited;
      expect(code).toBe(0);
      const fresh = await startServer({ ...env, PORT: String(old.port) });
      servers[i] = fresh;
      rotation.push(fresh);
    }
    await new Promise((r) => setTimeout(r, 500));
    done = true;
    await Promise.all(clients);
    check('rolling restart without a failed request', failures.length === 0 && answered > 50, {
      answered,
      failures: failures.slice(0, 5),
    });
  }, 120_000);
});
