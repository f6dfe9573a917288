// Crash safety (issue 20): real server processes on a PostgreSQL database of their own, killed with
// SIGKILL in the middle of a catalogue import and of a payment, then started again (or left to the
// surviving process). Members must see the previous catalogue or the complete new one, never a part;
// the import must end as failed, not "running" for ever; counters must match the catalogue; a payment
// approved before the crash must be granted once. Prints `crash safety: N/N`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite } from '#server/db/client.ts';
import { type Cluster, type Instance, signUpOn, startCluster, until } from '#tests/support/crash-harness.ts';
import { loadCorpus } from '#tests/support/n8n-corpus.ts';
import { freePort, type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const checks: [string, boolean][] = [];
let corpusZip: Uint8Array;
let corpusFiles = 0;

function check(name: string, ok: boolean, detail?: unknown) {
  checks.push([name, ok]);
  expect(ok, `${name}: ${JSON.stringify(detail)}`).toBe(true);
}

beforeAll(() => {
  // The reference corpus (2,055 real workflow files): big enough that an import takes a while.
  const corpus = loadCorpus();
  corpusFiles = corpus.files.length;
  corpusZip = zipSync(
    Object.fromEntries(corpus.files.map((f) => [f.file, new TextEncoder().encode(f.text)])),
  );
  corpus.cleanup();
});

afterAll(() => {
  console.log(`crash safety: ${checks.filter(([, ok]) => ok).length}/${checks.length}`);
  for (const [name, ok] of checks) if (!ok) console.log(`  failed: ${name}`);
});

type Admin = Awaited<ReturnType<typeof signUpOn>>;

async function upload(cluster: Cluster, server: Instance, admin: Admin): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(corpusZip)]), 'corpus.zip');
  const res = await fetch(`${server.url}/api/admin/catalog/imports`, {
    method: 'POST',
    headers: { origin: cluster.baseUrl, cookie: admin.cookie },
    body: form,
  });
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
}

/** What members see and what the counters say. */
async function catalogue(cluster: Cluster, server: Instance) {
  const [row] = await cluster.query<{ published: number; staged: number }>(
    `select (select count(*)::int from automations where published) as published,
            (select count(*)::int from catalog_import_staging) as staged`,
  );
  const counters = (await (await fetch(`${server.url}/api/catalog/counters`)).json()) as {
    totalWorkflows: number;
  };
  return { published: row!.published, staged: row!.staged, counter: counters.totalWorkflows };
}

const importRow = async (cluster: Cluster, id: string) =>
  (
    await cluster.query<{ status: string; done: number; total: number; error: string | null }>(
      'select status, done, total, error from catalog_imports where id = $1',
      [id],
    )
  )[0]!;

/** Kills the process once the import has written part of its rows. */
async function killMidImport(cluster: Cluster, server: Instance, id: string) {
  await until('the import to be part-way', async () => {
    const row = await importRow(cluster, id);
    if (row.status === 'done') throw new Error('the import finished before the kill');
    // Past the first batch of 500 (written before the next batch is counted), well before the end.
    return row.status === 'running' && row.done > 600 && row.done < row.total - 300;
  });
  await server.kill();
}

describe('a process killed during a catalogue import', () => {
  it('restarted: the previous catalogue stays, the import is marked failed, the counters match, a new import completes', async () => {
    const cluster = await startCluster();
    const admin = await signUpOn(cluster, cluster.first, 'admin');
    const before = await catalogue(cluster, cluster.first);
    const running = await upload(cluster, cluster.first, admin);
    const queued = await upload(cluster, cluster.first, admin);
    await killMidImport(cluster, cluster.first, running);
    const [counted] = await cluster.query<{ n: number }>(
      'select count(*)::int as n from automations where published',
    );
    const partly = counted!.n;
    check('members see the previous catalogue right after the kill', partly === before.published, {
      partly,
      before,
    });
    await cluster.first.restart();
    const after = await catalogue(cluster, cluster.first);
    check(
      'after the restart: previous catalogue, counters match',
      after.published === before.published && after.counter === after.published,
      { before, after },
    );
    // Marked at boot once the dead process's lease has run out (at most 15 s).
    const failed = await until(
      'both imports to be marked failed',
      async () => {
        const rows = [await importRow(cluster, running), await importRow(cluster, queued)];
        return rows.every((r) => r.status === 'failed') && rows;
      },
      40_000,
    );
    check(
      'the running and the queued import are marked failed with a reason',
      failed.every((r) => r.error?.includes('The server stopped during this import')),
      failed,
    );
    const cleaned = await catalogue(cluster, cluster.first);
    check(
      'their staged rows are dropped; members still see the previous catalogue',
      cleaned.staged === 0 && cleaned.published === before.published,
      cleaned,
    );
    const again = await upload(cluster, cluster.first, admin);
    const done = await until(
      'the new import to finish',
      async () => {
        const row = await importRow(cluster, again);
        if (row.status === 'failed') throw new Error(`the new import failed: ${row.error}`);
        return row.status === 'done' && row;
      },
      180_000,
    );
    const complete = await catalogue(cluster, cluster.first);
    check(
      'a new import completes and the counters match it',
      done.done === corpusFiles &&
        complete.published > before.published &&
        complete.counter === complete.published &&
        complete.staged === 0,
      { done, complete },
    );
  });

  it('with a second process alive: it marks the import failed without a restart', {
    timeout: 180_000,
  }, async () => {
    const cluster = await startCluster();
    const other = await cluster.another();
    const admin = await signUpOn(cluster, cluster.first, 'admin');
    const before = await catalogue(cluster, other);
    const id = await upload(cluster, cluster.first, admin);
    await killMidImport(cluster, cluster.first, id);
    const row = await until(
      'the surviving process to mark the import failed',
      async () => {
        const r = await importRow(cluster, id);
        return r.status === 'failed' && r;
      },
      60_000,
    );
    const after = await catalogue(cluster, other);
    check(
      'the survivor reports the import failed; members see the previous catalogue; counters match',
      row.status === 'failed' &&
        after.published === before.published &&
        after.counter === after.published &&
        after.staged === 0,
      { row, before, after },
    );
  });
});

describe('a process killed during a payment', () => {
  it('killed between approval and capture: granted once after the restart, counters of payments match', async () => {
    const cluster = await startCluster();
    const buyer = await signUpOn(cluster, cluster.first);
    const send = (path: string, body: unknown) =>
      fetch(`${cluster.first.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: cluster.baseUrl, cookie: buyer.cookie },
        body: JSON.stringify(body),
      });
    const { orderId } = (await (await send('/api/billing/checkout', { planId: 'lifetime' })).json()) as {
      orderId: string;
    };
    await cluster.query(
      `insert into paypal_sandbox_records (kind, id, data) values ('faults', 'current', '{"loseWebhooks":true}')
       on conflict (kind, id) do update set data = excluded.data`,
    );
    const approved = await fetch(
      `${cluster.first.url}/__paypal-sandbox/checkoutnow/approve?token=${orderId}`,
      { method: 'POST', redirect: 'manual' },
    );
    expect(approved.status).toBe(303);
    await cluster.first.restart();
    const captured = (await (await send('/api/billing/capture', { orderId })).json()) as { outcome: string };
    const [state] = await cluster.query<{ status: string; grants: number; paid: boolean }>(
      `select p.status,
        (select count(*)::int from payment_events e where e.payment_id = p.id and e.kind = 'state' and e.name = 'granted') as grants,
        (select has_paid from profiles where user_id = p.user_id) as paid
       from payments p where p.provider_order_id = $1`,
      [orderId],
    );
    check(
      'the approved order survived the kill and was granted exactly once',
      captured.outcome === 'granted' && state?.status === 'completed' && state.grants === 1 && state.paid,
      { captured, state },
    );
  });
});

describe('the embedded database (PGlite): a process killed during an import', () => {
  it('restarted on the same data dir: previous catalogue, import failed, counters match', {
    timeout: 240_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fv-crash-pglite-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      BASE_URL: url,
      WEB_ROOT: makeWebRoot(),
      AUTH_SECRET: 'p'.repeat(48),
      PORT: String(port),
    };
    // The embedded database has one user at a time: the test reads it only while no server runs.
    const inDatabase = async <T>(
      work: (q: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
    ) => {
      const pglite = await createPglite(path.join(dataDir, 'pglite'));
      try {
        return await work(async (sql) => (await pglite.query<Record<string, unknown>>(sql)).rows);
      } finally {
        await pglite.close();
      }
    };
    const stop = async (server: ServerProcess, signal: 'SIGTERM' | 'SIGKILL') => {
      server.child.kill(signal);
      await server.exited;
    };
    let server = await startServer(env);
    const email = `pglite-${Date.now()}@example.com`;
    const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email, password: 'crash safety password' }),
    });
    expect(signedUp.status).toBe(200);
    await stop(server, 'SIGTERM');
    const { link, before } = await inDatabase(async (q) => {
      await q(`update users set role = 'admin' where email = '${email}'`);
      const [mail] = await q(
        `select text from mail_outbox where "to" = '${email}' and kind = 'verification'`,
      );
      const [count] = await q('select count(*)::int as n from automations where published');
      return {
        link: new URL(/http\S*verify-email\S*/.exec(String(mail!.text))![0]),
        before: Number(count!.n),
      };
    });
    server = await startServer(env);
    const verified = await fetch(`${url}${link.pathname}${link.search}`, { redirect: 'manual' });
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(corpusZip)]), 'corpus.zip');
    const started = await fetch(`${url}/api/admin/catalog/imports`, {
      method: 'POST',
      headers: { origin: url, cookie },
      body: form,
    });
    expect(started.status).toBe(202);
    const { id } = (await started.json()) as { id: string };
    const importRow = async () =>
      (await (await fetch(`${url}/api/admin/catalog/imports/${id}`, { headers: { cookie } })).json()) as {
        status: string;
        done: number;
        total: number;
        error: string | null;
      };
    await until(
      'the import to be part-way',
      async () => {
        const row = await importRow();
        if (row.status === 'done') throw new Error('the import finished before the kill');
        return row.status === 'running' && row.done > 600 && row.done < row.total - 300;
      },
      180_000,
    );
    await stop(server, 'SIGKILL');
    server = await startServer(env);
    const counters = (await (await fetch(`${url}/api/catalog/counters`)).json()) as {
      totalWorkflows: number;
    };
    const failed = await until(
      'the import to be marked failed',
      async () => {
        const row = await importRow();
        return row.status === 'failed' && row;
      },
      60_000,
    );
    await stop(server, 'SIGTERM');
    const after = await inDatabase(async (q) => {
      const [row] = await q(`select
        (select count(*)::int from automations where published) as published,
        (select count(*)::int from catalog_import_staging) as staged,
        (select total_workflows from workflow_stats order by created_at desc, id desc limit 1) as stats`);
      return { published: Number(row!.published), staged: Number(row!.staged), stats: Number(row!.stats) };
    });
    check(
      'PGlite: after a kill mid-import and a restart, members see the previous catalogue and the counters match',
      counters.totalWorkflows === before && after.published === before && after.stats === before,
      { before, counters, after },
    );
    check(
      'PGlite: the import is marked failed and its staged rows are gone',
      failed.error?.includes('The server stopped during this import') === true && after.staged === 0,
      { failed, after },
    );
  });
});
