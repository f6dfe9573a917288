// The operator runs the verification from the console against one of their own connections: the
// same runVerification, the same stored results, progress live on operators' event streams, audited.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { selectVerificationBadges } from '#server/catalog/verification-store.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { appAs } from '#tests/support/app-as.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { signIn } from '#tests/support/sessions.ts';
import { sseReader } from '#tests/support/sse-reader.ts';
import { createTestApp, readJson } from '#tests/support/test-app.ts';

const SAMPLES = path.resolve(import.meta.dirname, '../../samples');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

describe('console verification: /api/admin/n8n-verification', () => {
  it('verifies the library on the operator’s connection with live progress and stores the results', async () => {
    const s = await startN8nStandin({ version: 'newer' });
    cleanups.push(() => s.close());
    const t = await createTestApp({
      bus: createEventBus(),
      envVars: {
        N8N_ALLOW_PRIVATE_TARGETS: 'true',
        N8N_ALLOW_HTTP: 'true',
        N8N_ALLOWED_PORTS: String(s.port),
      },
    });
    await importCatalogPath({ database: t.database, target: SAMPLES, source: 'library' });
    const admin = await signIn(t, 'admin');
    const as = { headers: admin.headers };
    const verification = t.client.api.admin['n8n-verification'];
    const progress = () => readJson<VerificationProgress>(verification.$get({}, as));
    const start = <T>(connectionId: string) =>
      readJson<T>(verification.$post({ json: { connectionId } }, as));
    const connection = await readJson<{ id: string }>(
      t.client.api.n8n.connections.$post({ json: { instanceUrl: s.url, apiKey: s.apiKey } }, as),
    );
    expect(connection.status).toBe(201);

    // The operator's stream hears the run; a member's stream does not.
    const openStream = async (headers: Record<string, string>) => {
      const stream = sseReader(await t.request('/api/events', { headers }));
      await stream.waitForEvent('ready');
      cleanups.push(() => stream.close());
      return stream;
    };
    const operatorStream = await openStream(admin.headers);
    const memberStream = await openStream((await signIn(t, 'member')).headers);

    const idle = await progress();
    expect(idle.body.state).toBe('idle');
    const started = await start<VerificationProgress>(connection.body.id);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ state: 'running', n8nVersion: '1.123.0' });
    const again = await start<{ error: { code: string } }>(connection.body.id);
    expect(again.status).toBe(409);

    const seen = new Set<number>();
    let last: VerificationProgress = started.body;
    await expect
      .poll(
        async () => {
          last = (await progress()).body;
          seen.add(last.done);
          return last.state;
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe('done');
    expect(last.total).toBeGreaterThan(40);
    expect(last).toMatchObject({ done: last.total, accepted: last.total });
    expect(seen.size).toBeGreaterThan(1); // progress moved while it ran
    expect((await selectVerificationBadges(t.database.db)).size).toBe(last.total);
    expect(s.workflows.size).toBe(0);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'n8n.verify'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.email,
      target: connection.body.id,
      detail: { n8nVersion: '1.123.0' },
    });

    const progressOf = (stream: typeof operatorStream) =>
      stream.events.filter((e) => e.event === 'verification').map((e) => e.data as VerificationProgress);
    await operatorStream.waitFor(
      () => progressOf(operatorStream).at(-1)?.state === 'done',
      'the final state',
      10_000,
    );
    const events = progressOf(operatorStream);
    expect(events.at(-1)).toEqual(last);
    expect(events[0]).toMatchObject({ state: 'running', startedAt: started.body.startedAt });
    const running = events.filter((e) => e.state === 'running');
    expect(new Set(running.map((e) => e.done)).size).toBeGreaterThan(1); // it moved while it ran
    for (let i = 1; i < events.length; i++)
      expect(events[i]!.done).toBeGreaterThanOrEqual(events[i - 1]!.done);
    expect(progressOf(memberStream)).toEqual([]);
  });

  it('audits a stop', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const res = await t.client.api.admin['n8n-verification'].stop.$post({}, { headers: admin.headers });
    expect(res.status).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'n8n.verify.stop'));
    expect(audit).toMatchObject([{ actorEmail: admin.email }]);
  });

  it('refuses a connection that is not the operator’s own', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const res = await t.client.api.admin['n8n-verification'].$post(
      { json: { connectionId: '00000000-0000-4000-8000-000000000000' } },
      { headers: admin.headers },
    );
    expect(res.status).toBe(404);
  });
});
