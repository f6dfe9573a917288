// Crash safety (issue 20): real server processes killed with SIGKILL in the middle of a catalogue
// import, then left to a surviving process (PostgreSQL) or started again (PGlite). Members must see the
// previous catalogue or the complete new one, never a part; the import must end as failed, not
// "running" for ever; counters must match the catalogue. Prints `crash safety: N/N`.
//
// One kill-mid-import per database kind proves it: the PostgreSQL case kills one of two processes (the
// survivor reports the running and the queued import, then the killed process is started again and a
// new import completes); the PGlite case restarts the only process, whose boot reports the import. Both
// paths run the same recovery code (recoverImports). Until session 9 a third case killed a single
// PostgreSQL process and restarted it, repeating the PGlite restart path on the other database kind
// (about 25 s), and a payment killed between approval and capture repeated the fault matrix's row of
// that name (tests/server/payments-crash-cases.ts, on the PostgreSQL leg).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createPglite } from '#server/db/client.ts';
import { type Cluster, type Instance, signUpOn, startCluster, until } from '#tests/support/crash-harness.ts';
import { loadCorpus } from '#tests/support/n8n-corpus.ts';
import { freePort, type ServerProcess, startServer } from '#tests/support/server-processes.ts';
import { sseReader } from '#tests/support/sse-reader.ts';
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

/**
 * Kills the process once the import is part-way: past the first batch of 500 (staged before the next
 * batch is counted), well before the end. It follows the console's progress stream (every 250 ms)
 * rather than polling the row, which gets its progress once a second: on a quick machine PGlite
 * imported the corpus between two row writes and the kill came after the end.
 */
async function killWhenPartWay(url: string, cookie: string, id: string, kill: () => Promise<void>) {
  const response = await fetch(`${url}/api/admin/catalog/imports/${id}/events`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const stream = sseReader(response);
  type Progress = { status: string; done: number; total: number };
  const partWay = (e: { data: unknown }) => {
    const p = e.data as Progress;
    return p.status === 'running' && p.done > 600 && p.done < p.total - 300;
  };
  try {
    await stream.waitFor(
      () => {
        const last = stream.events.at(-1)?.data as Progress | undefined;
        if (last && (last.status === 'done' || last.status === 'failed'))
          throw new Error(`the import ended (${last.status}) before the kill`);
        return stream.events.some(partWay);
      },
      'the import to be part-way',
      180_000,
    );
    await kill();
  } finally {
    await stream.close();
  }
}

describe('a process killed during a catalogue import (PostgreSQL)', () => {
  it('the survivor marks the running and the queued import failed, the previous catalogue stays, the counters match; after a restart a new import completes', {
    timeout: 240_000,
  }, async () => {
    const cluster = await startCluster();
    const other = await cluster.another();
    const admin = await signUpOn(cluster, cluster.first, 'admin');
    const before = await catalogue(cluster, other);
    const running = await upload(cluster, cluster.first, admin);
    const queued = await upload(cluster, cluster.first, admin);
    await killWhenPartWay(cluster.first.url, admin.cookie, running, () => cluster.first.kill());
    const [staged] = await cluster.query<{ n: number }>(
      'select count(*)::int as n from catalog_import_staging',
    );
    const partly = await catalogue(cluster, other);
    check(
      'members see the previous catalogue right after the kill (part of the import staged)',
      staged!.n > 0 && partly.published === before.published && partly.counter === before.published,
      { staged, partly, before },
    );
    // The dead process's lease runs out (15 s), then the survivor's recovery job (every 15 s) reports it.
    const failed = await until(
      'the surviving process to mark both imports failed',
      async () => {
        const rows = [await importRow(cluster, running), await importRow(cluster, queued)];
        return rows.every((r) => r.status === 'failed') && rows;
      },
      60_000,
    );
    check(
      'the running and the queued import are marked failed with a reason',
      failed.every((r) => r.error?.includes('The server stopped during this import')),
      failed,
    );
    const cleaned = await catalogue(cluster, other);
    check(
      'their staged rows are dropped; members see the previous catalogue; counters match',
      cleaned.staged === 0 && cleaned.published === before.published && cleaned.counter === cleaned.published,
      { cleaned, before },
    );
    await cluster.first.restart();
    const restarted = await catalogue(cluster, cluster.first);
    check(
      'after the restart: previous catalogue, counters match',
      restarted.published === before.published && restarted.counter === restarted.published,
      { before, restarted },
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
    // A failed check must not leave the server running (it once outlived the test run) or its data dir.
    onTestFinished(() => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });
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
    await killWhenPartWay(url, cookie, id, () => stop(server, 'SIGKILL'));
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
