import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { AUTOMATION_ALERT_KIND, sendAutomationAlerts } from '#server/n8n/automation-alerts.ts';
import { createN8nDeps } from '#server/n8n/n8n.routes.ts';
import type { N8nDeployResult } from '#shared/schemas/n8n.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';

// Automation Alerts (Settings → Notifications, "when automations fail"): the job reads the member's
// real executions from their n8n (the stand-in, over HTTP) and mails each failure once.

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

beforeAll(async () => {
  await (await createTestDatabase()).dispose();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function memberWithDeployment() {
  const s = await startN8nStandin();
  cleanups.push(() => s.close());
  const t = await createTestApp({
    envVars: { N8N_ALLOW_PRIVATE_TARGETS: 'true', N8N_ALLOW_HTTP: 'true', N8N_ALLOWED_PORTS: String(s.port) },
  });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const member = await signIn(t, 'member');
  const routes = t.client.api.n8n;
  const as = { headers: member.headers };
  const rows = await t.database.db
    .select({ id: automations.id, json: automations.workflowJson })
    .from(automations)
    .where(and(eq(automations.deployable, true), eq(automations.published, true)));
  const automationId = rows.find((r) => r.json?.includes('"nodes"'))!.id;
  await routes.connections.$post({ json: { instanceUrl: s.url, apiKey: s.apiKey } }, as);
  const deployed = (await (
    await routes.deploy.$post({ json: { automationId } }, as)
  ).json()) as N8nDeployResult;
  if (!deployed.ok) throw new Error(`deploy failed: ${deployed.message}`);
  const n8n = createN8nDeps({ env: t.deps.env, database: t.database, log: t.deps.log });
  const run = (now: Date) => sendAutomationAlerts({ ...n8n, baseUrl: 'http://flowvault.test', now });
  const alerts = () =>
    t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, AUTOMATION_ALERT_KIND));
  return { s, t, member, run, alerts, workflowId: deployed.deployment.n8nWorkflowId!, deployed };
}

const at = (iso: string) => new Date(iso);

describe('Automation Alerts', () => {
  it('mails a failure of a deployed workflow once, and nothing for successes or other workflows', async () => {
    const { s, member, run, alerts, workflowId, deployed } = await memberWithDeployment();
    // First look: only failures from the last 15 minutes count (no mail about old history).
    s.reportExecution({ workflowId, status: 'error', stoppedAt: '2026-03-01T09:00:00.000Z' });
    expect(await run(at('2026-03-01T10:00:00.000Z'))).toEqual({ queued: 0, checked: 1 });

    s.reportExecution({ workflowId, status: 'success', stoppedAt: '2026-03-01T10:05:00.000Z' });
    s.reportExecution({ workflowId: 'not-ours', status: 'error', stoppedAt: '2026-03-01T10:06:00.000Z' });
    s.reportExecution({ workflowId, status: 'error', stoppedAt: '2026-03-01T10:07:00.000Z' });
    expect(await run(at('2026-03-01T10:15:00.000Z'))).toEqual({ queued: 1, checked: 1 });
    const [mail] = await alerts();
    expect(mail!.to).toBe(member.email);
    expect(mail!.subject).toBe('An automation failed in your n8n');
    const name = deployed.ok ? deployed.deployment.workflowName : '';
    expect(mail!.text).toContain(`${name} on ${s.url} failed at 2026-03-01 10:07 UTC.`);
    expect(mail!.text).toContain('http://flowvault.test/dashboard?section=data-processing');
    expect(mail!.text).not.toContain('not-ours');

    // Already mailed: the next look finds nothing new.
    expect(await run(at('2026-03-01T10:30:00.000Z'))).toEqual({ queued: 0, checked: 1 });
    expect(await alerts()).toHaveLength(1);
  });

  it('keeps its place while the instance is down, and alerts once it answers again', async () => {
    const { s, run, alerts, workflowId } = await memberWithDeployment();
    await run(at('2026-03-01T10:00:00.000Z'));
    s.reportExecution({ workflowId, status: 'error', stoppedAt: '2026-03-01T10:10:00.000Z' });
    s.setFaults({ status: { status: 503, body: { message: 'down for maintenance' } } });
    expect(await run(at('2026-03-01T10:15:00.000Z'))).toEqual({ queued: 0, checked: 1 });
    s.setFaults({});
    expect(await run(at('2026-03-01T10:30:00.000Z'))).toEqual({ queued: 1, checked: 1 });
    expect(await alerts()).toHaveLength(1);
  });

  it('sends nothing when Automation Alerts or Email Notifications is off', async () => {
    const { s, t, member, run, alerts, workflowId } = await memberWithDeployment();
    await run(at('2026-03-01T10:00:00.000Z'));
    s.reportExecution({ workflowId, status: 'crashed', stoppedAt: '2026-03-01T10:05:00.000Z' });
    await t.database.db
      .update(profiles)
      .set({ automationAlerts: false })
      .where(eq(profiles.userId, member.userId));
    expect(await run(at('2026-03-01T10:15:00.000Z'))).toEqual({ queued: 0, checked: 0 });
    await t.database.db
      .update(profiles)
      .set({ automationAlerts: true, emailNotifications: false })
      .where(eq(profiles.userId, member.userId));
    expect(await run(at('2026-03-01T10:15:00.000Z'))).toEqual({ queued: 0, checked: 0 });
    expect(await alerts()).toHaveLength(0);
  });
});
