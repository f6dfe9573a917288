// An operator upload's progress reaches the console's stream through the event bus: the stream reads the
// import's row when it opens and when the import ends, never in between.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { recoverImports } from '#server/catalog/import-jobs.ts';
import { IMPORT_TASK } from '#server/catalog/import-uploads.ts';
import { catalogImports } from '#server/db/schema/admin.ts';
import { acquireJobLease, releaseJobLease } from '#server/jobs/scheduler.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import type { OperatorProgress } from '#server/realtime/operator-progress.ts';
import type { CatalogImport } from '#shared/schemas/admin.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const WRITER = 'catalog-import';

function libraryZip(): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const name of readdirSync(LIBRARY))
    entries[`library/${name}`] = readFileSync(path.join(LIBRARY, name));
  return zipSync(entries);
}

async function upload(t: TestApp, who: SignedIn): Promise<CatalogImport> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(libraryZip())]), 'library.zip');
  const { 'content-type': _ct, ...headers } = who.headers as Record<string, string>;
  const res = await t.request('/api/admin/catalog/imports', { method: 'POST', headers, body: form });
  expect(res.status).toBe(202);
  return (await res.json()) as CatalogImport;
}

/** Reads an SSE response one event at a time (undefined once the stream ends). */
function eventsOf(res: Response) {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  return async function next(): Promise<CatalogImport | undefined> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((l) => l.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        if (data) return JSON.parse(data.slice(6)) as CatalogImport;
        continue;
      }
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += value;
    }
  };
}

const quietFor = (ms: number) => new Promise((resolve) => setTimeout(() => resolve('quiet'), ms));

async function openStream(t: TestApp, who: SignedIn, id: string) {
  const res = await t.request(`/api/admin/catalog/imports/${id}/events`, { headers: who.headers });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return eventsOf(res);
}

describe('import progress over the event bus', () => {
  it('streams an upload from queued to its summary with the states the bus carried, not the row', async () => {
    const bus = createEventBus();
    const t = await createTestApp({ bus });
    const admin = await signIn(t, 'admin');
    const carried: OperatorProgress[] = [];
    bus.subscribe('operator.progress', (p) => carried.push(p));
    // Another writer holds the import lease: the upload waits, queued.
    const lease = { name: WRITER, owner: 'another-writer', intervalMs: 0, leaseMs: 60_000, force: true };
    expect(await acquireJobLease(t.database.db, lease)).toBe(true);
    const row = await upload(t, admin);
    const next = await openStream(t, admin, row.id);
    expect(await next()).toMatchObject({ id: row.id, status: 'queued' });

    // A stream that polled the row would send this change within half a second; this one waits for the bus.
    await t.database.db.update(catalogImports).set({ done: 7 }).where(eq(catalogImports.id, row.id));
    const waiting = next();
    expect(await Promise.race([waiting, quietFor(1_200)])).toBe('quiet');

    await releaseJobLease(t.database.db, WRITER, lease.owner);
    const events: CatalogImport[] = [];
    for (let e = await waiting; e; e = await next()) events.push(e);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ status: 'done', error: null });
    expect(last.done).toBe(last.total);
    expect(last.summary).toMatchObject({ filesHandled: last.total });
    expect(last.summary!.imported).toBeGreaterThan(0);
    // Every state before the last is one the bus carried for this import, in order; the row's own
    // done = 7 never shows.
    const mine = carried.filter((p) => p.task === IMPORT_TASK && p.id === row.id);
    expect(mine.at(0)).toMatchObject({ status: 'running', done: 0, total: last.total });
    expect(mine.at(-1)).toMatchObject({ status: 'done', done: last.total });
    expect(events.slice(0, -1).map((e) => [e.status, e.done, e.total])).toEqual(
      mine.slice(0, -1).map((p) => [p.status, p.done, p.total]),
    );
    expect(events.map((e) => e.done)).not.toContain(7);
  });

  it("ends a follower's stream when recovery marks a dead process's import failed", async () => {
    const bus = createEventBus();
    const t = await createTestApp({ bus });
    const admin = await signIn(t, 'admin');
    // Queued by a process that died: no lease holds it.
    const [row] = await t.database.db
      .insert(catalogImports)
      .values({ actorEmail: admin.email, fileName: 'library.zip', status: 'queued', total: 3 })
      .returning();
    const next = await openStream(t, admin, row!.id);
    expect(await next()).toMatchObject({ status: 'queued' });

    expect(await recoverImports({ database: t.database, bus })).toBe(1);
    expect(await next()).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped') });
    expect(await next()).toBeUndefined();
  });
});
