// The operator runs the verification from the console against one of their own connections: the
// same runVerification, the same stored results, progress polled live, audited.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { selectVerificationBadges } from '#server/n8n/verify/verification-store.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { signIn } from '#tests/support/sessions.ts';
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
  });

  it('refuses a connection that is not the operator’s own', async () => {
    const t = await createTestApp();
    const admin = await signIn(t, 'admin');
    const res = await t.client.api.admin['n8n-verification'].$post(
      { json: { connectionId: '00000000-0000-4000-8000-000000000000' } },
      { headers: admin.headers },
    );
    expect(res.status).toBe(404);
  });
});
