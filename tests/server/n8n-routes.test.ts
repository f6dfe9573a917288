import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { automationEvents, automations } from '#server/db/schema/catalog.ts';
import { deployments, n8nConnections, quickActionUses } from '#server/db/schema/n8n.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import type {
  DeploymentView,
  EmergencyStopResult,
  N8nConnectionView,
  N8nDeployResult,
  N8nHealthView,
  N8nPreflightView,
  N8nRunsView,
  N8nTestResult,
  QuickAction,
  QuickActionsView,
} from '#shared/schemas/n8n.ts';
import { appAs } from '#tests/support/app-as.ts';
import { type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';
import { jsonHeaders, type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp, readJson, type TestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { node } from '#tests/support/workflows.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const NOT_CONFIGURED = 'N8N instance URL and API key are required. Please configure them in Settings.';

// Creating and migrating the worker's database takes seconds under load: done once, before the tests' clocks start.
beforeAll(async () => {
  await (await createTestDatabase()).dispose();
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function standin(version: StandinVersion = 'newer') {
  const s = await startN8nStandin({ version });
  cleanups.push(() => s.close());
  return s;
}

async function setup(version: StandinVersion = 'newer', options: { library?: boolean } = {}) {
  const s = await standin(version);
  const t = await createTestApp({
    envVars: {
      N8N_ALLOW_PRIVATE_TARGETS: 'true',
      N8N_ALLOW_HTTP: 'true',
      N8N_ALLOWED_PORTS: String(s.port),
    },
  });
  if (options.library) await importCatalogPath({ database: t.database, target: LIBRARY });
  const member = await signIn(t, 'member');
  return { s, t, member, n8n: caller(t, member) };
}

/** The member's n8n routes through the typed client: `{ status, body }` of each answer. */
function caller(t: TestApp, who: SignedIn) {
  const api = t.client.api.n8n;
  const as = { headers: who.headers };
  const connection = (id: string) => ({ param: { id } });
  type Create = Parameters<typeof api.connections.$post>[0]['json'];
  type Update = Parameters<(typeof api.connections)[':id']['$patch']>[0]['json'];
  type Deploy = Parameters<typeof api.deploy.$post>[0]['json'];
  type Page = Parameters<typeof api.deployments.$get>[0]['query'];
  type Tested = { result: N8nTestResult; connection: N8nConnectionView };
  return {
    connect: <T = N8nConnectionView>(json: Create) => readJson<T>(api.connections.$post({ json }, as)),
    connections: <T = { items: N8nConnectionView[] }>() => readJson<T>(api.connections.$get({}, as)),
    edit: <T = N8nConnectionView>(id: string, json: Update) =>
      readJson<T>(api.connections[':id'].$patch({ ...connection(id), json }, as)),
    remove: (id: string) => readJson(api.connections[':id'].$delete(connection(id), as)),
    test: <T = Tested>(id: string) => readJson<T>(api.connections[':id'].test.$post(connection(id), as)),
    health: (id: string) => readJson<N8nHealthView>(api.connections[':id'].health.$get(connection(id), as)),
    testDraft: <T = N8nTestResult>(json: Create) => readJson<T>(api.test.$post({ json }, as)),
    preflight: <T = N8nPreflightView>(json: Deploy) => readJson<T>(api.preflight.$post({ json }, as)),
    deploy: <T = N8nDeployResult>(json: Deploy) => readJson<T>(api.deploy.$post({ json }, as)),
    deployments: <T = { items: DeploymentView[]; total: number }>(query: Page = {}) =>
      readJson<T>(api.deployments.$get({ query }, as)),
    runs: () => readJson<N8nRunsView>(api.runs.$get({ query: {} }, as)),
    emergencyStop: () => readJson<EmergencyStopResult>(api['emergency-stop'].$post({}, as)),
    quickActions: () => readJson<QuickActionsView>(api['quick-actions'].$get({}, as)),
    deployLatest: <T = N8nDeployResult>() => readJson<T>(api['quick-actions']['deploy-latest'].$post({}, as)),
    used: (action: QuickAction) =>
      readJson<{ action: string; lastUsedAt: string }>(
        api['quick-actions'].used[':action'].$post({ param: { action } }, as),
      ),
    /** Raw, for what the typed client refuses (an action that does not exist). */
    post: async (url: string) => {
      const res = await t.request(`/api/n8n${url}`, { method: 'POST', headers: jsonHeaders(t, who.headers) });
      return { status: res.status, body: (await res.json()) as unknown };
    },
  };
}

async function deployableId(t: TestApp): Promise<string> {
  const rows = await t.database.db
    .select({ id: automations.id, json: automations.workflowJson })
    .from(automations)
    .where(and(eq(automations.deployable, true), eq(automations.published, true)));
  const row = rows.find((r) => r.json?.includes('"nodes"'));
  if (!row) throw new Error('fixture library has no deployable automation');
  return row.id;
}

describe('n8n connections', () => {
  it('stores the key sealed, shows it masked, never returns it', async () => {
    const { s, t, n8n } = await setup();
    const created = await n8n.connect<N8nConnectionView>({
      instanceUrl: `${s.url}/`,
      apiKey: s.apiKey,
    });
    expect(created.status).toBe(201);
    expect(created.body.instanceUrl).toBe(s.url);
    expect(created.body.apiKeyMasked).toBe(`••••${s.apiKey.slice(-4)}`);
    expect(created.body.isDefault).toBe(true);
    expect(created.body.status).toBe('disconnected');
    expect(JSON.stringify(created.body)).not.toContain(s.apiKey);
    const [row] = await t.database.db.select().from(n8nConnections);
    expect(row!.apiKeySealed).not.toContain(s.apiKey);
    expect(row!.apiKeySealed.startsWith('v1.')).toBe(true);
    const list = await n8n.connections<{ items: N8nConnectionView[] }>();
    expect(JSON.stringify(list.body)).not.toContain(s.apiKey);
    const badWebhook = await n8n.edit(created.body.id, {
      webhookUrl: 'javascript:alert(1)',
    });
    expect(badWebhook.status).toBe(422);
    const webhook = await n8n.edit<N8nConnectionView>(created.body.id, {
      webhookUrl: `${s.url}/webhook/abc`,
    });
    expect(webhook.body.webhookUrl).toBe(`${s.url}/webhook/abc`);
    expect(webhook.body.status).toBe('disconnected');
    expect(list.body.items).toHaveLength(1);
  });

  it('keeps several instances with exactly one default', async () => {
    const { s, n8n } = await setup();
    const staging = await n8n.connect<N8nConnectionView>({
      name: 'Staging',
      instanceUrl: s.url,
      apiKey: s.apiKey,
    });
    const production = await n8n.connect<N8nConnectionView>({
      name: 'Production',
      instanceUrl: `${s.url}/api/v1`,
      apiKey: s.apiKey,
      isDefault: true,
    });
    let list = await n8n.connections<{ items: N8nConnectionView[] }>();
    expect(list.body.items.map((c) => [c.name, c.isDefault])).toEqual([
      ['Production', true],
      ['Staging', false],
    ]);
    await n8n.edit(staging.body.id, { isDefault: true });
    list = await n8n.connections<{ items: N8nConnectionView[] }>();
    expect(list.body.items.filter((c) => c.isDefault).map((c) => c.name)).toEqual(['Staging']);
    await n8n.remove(staging.body.id);
    list = await n8n.connections<{ items: N8nConnectionView[] }>();
    expect(list.body.items.map((c) => [c.id, c.isDefault])).toEqual([[production.body.id, true]]);
  });

  it('refuses http unless the operator allows it', async () => {
    const s = await standin();
    const t = await createTestApp({
      envVars: { N8N_ALLOW_PRIVATE_TARGETS: 'true', N8N_ALLOWED_PORTS: String(s.port) },
    });
    const member = await signIn(t, 'member');
    const res = await caller(t, member).connect<{ error: { message: string } }>({
      instanceUrl: s.url,
      apiKey: s.apiKey,
    });
    expect(res.status).toBe(422);
    // It says what the operator can allow (issue 43).
    expect(res.body.error.message).toBe(
      'The n8n instance URL must start with https://. An n8n served over plain http can be used only if the operator of this Flowvault sets N8N_ALLOW_HTTP=true.',
    );
  });

  it('refuses an n8n on this server or a private network, naming the setting that allows it (issue 43)', async () => {
    const { t, viewer: member } = await appAs('member');
    const n8n = caller(t, member);
    const saved = await n8n.connect<{ error: { message: string } }>({
      instanceUrl: 'https://127.0.0.1',
      apiKey: 'key-1234567890',
    });
    expect(saved.status).toBe(422);
    expect(saved.body.error.message).toBe(
      'This n8n address cannot be used: Address 127.0.0.1 is not allowed (loopback). An n8n on a private network or on this server can be used only if the operator of this Flowvault sets N8N_ALLOW_PRIVATE_TARGETS=true.',
    );
    const port = await n8n.connect<{ error: { message: string } }>({
      instanceUrl: 'https://n8n.example.com:8443',
      apiKey: 'key-1234567890',
    });
    expect(port.body.error.message).toContain('allow another port with N8N_ALLOWED_PORTS');
  });

  it('a user who lost access (refunded) still lists and removes a stored key, but connects nothing new (issue 43)', async () => {
    const { s, t, n8n } = await setup();
    const member = await signIn(t, 'member');
    const saved = await caller(t, member).connect({ instanceUrl: s.url, apiKey: s.apiKey });
    expect(saved.status).toBe(201);
    // The refund takes lifetime access away.
    await t.database.db
      .update(profiles)
      .set({ hasPaid: false, subscriptionStatus: 'refunded' })
      .where(eq(profiles.userId, member.userId));
    // (what refundAccess does after its change: the user's cached sessions are read again)
    (t.deps.bus ?? processBus).publish('viewer.changed', { userId: member.userId });
    const former = caller(t, member);
    expect((await former.connect({ instanceUrl: s.url, apiKey: s.apiKey })).status).toBe(403);
    const list = await former.connections();
    expect(list.status).toBe(200);
    expect(list.body.items.map((c) => c.id)).toEqual([saved.body.id]);
    expect((await former.remove(saved.body.id)).status).toBe(200);
    expect(
      await t.database.db.select().from(n8nConnections).where(eq(n8nConnections.userId, member.userId)),
    ).toEqual([]);
    // Nobody else's: another member's own list is untouched by it.
    expect((await n8n.connections()).status).toBe(200);
  });

  it('does not show one member another member’s connections', async () => {
    const { s, t, n8n } = await setup();
    const mine = await n8n.connect<N8nConnectionView>({
      instanceUrl: s.url,
      apiKey: s.apiKey,
    });
    const other = caller(t, await signIn(t, 'member'));
    expect((await other.connections<{ items: unknown[] }>()).body.items).toEqual([]);
    expect((await other.test(mine.body.id)).status).toBe(404);
    expect((await other.remove(mine.body.id)).status).toBe(404);
  });
});

describe('connection state machine', () => {
  it('disconnected → connected with the workflow count; editing the key resets it', async () => {
    const { s, n8n } = await setup();
    const created = await n8n.connect<N8nConnectionView>({
      instanceUrl: s.url,
      apiKey: s.apiKey,
    });
    const id = created.body.id;
    const tested = await n8n.test<{ result: N8nTestResult; connection: N8nConnectionView }>(id);
    expect(tested.body.result).toMatchObject({ ok: true, status: 'connected', workflowCount: 0 });
    expect(tested.body.connection.status).toBe('connected');
    expect(tested.body.connection.lastTestedAt).not.toBeNull();
    const testRequest = s.requests.at(-1)!;
    expect(testRequest.apiKey).toBe(s.apiKey);

    const edited = await n8n.edit<N8nConnectionView>(id, {
      apiKey: 'wrong-key-123456',
    });
    expect(edited.body.status).toBe('disconnected');
    expect(edited.body.apiKeyMasked).toBe('••••3456');

    const failed = await n8n.test<{ result: N8nTestResult; connection: N8nConnectionView }>(id);
    expect(failed.body.result.ok).toBe(false);
    expect(failed.body.result.message).toBe(
      `Connection failed: 401 Unauthorized. {"message":"'X-N8N-API-KEY' header required"}`,
    );
    expect(failed.body.connection.status).toBe('disconnected');

    const renamed = await n8n.edit<N8nConnectionView>(id, { apiKey: s.apiKey });
    expect(renamed.body.status).toBe('disconnected');
    await n8n.test(id);
    const sameUrl = await n8n.edit<N8nConnectionView>(id, {
      instanceUrl: `${s.url}/`,
    });
    expect(sameUrl.body.status).toBe('connected');
    const otherUrl = await n8n.edit<N8nConnectionView>(id, {
      instanceUrl: `${s.url}/n8n`,
    });
    expect(otherUrl.body.status).toBe('disconnected');
  });

  it('tests draft values without storing them', async () => {
    const { s, t, n8n } = await setup('older');
    const ok = await n8n.testDraft<N8nTestResult>({ instanceUrl: s.url, apiKey: s.apiKey });
    expect(ok.body).toMatchObject({ ok: true, status: 'connected' });
    expect(await t.database.db.select().from(n8nConnections)).toEqual([]);
    const missing = await n8n.testDraft<{ error: { fields: Record<string, string[]> } }>({
      instanceUrl: s.url,
      apiKey: '',
    });
    expect(missing.status).toBe(422);
  });

  it('refuses a target the SSRF guard does not allow', async () => {
    const { n8n } = await setup();
    const res = await n8n.testDraft<N8nTestResult>({
      instanceUrl: 'http://169.254.169.254',
      apiKey: 'key-1234567890',
    });
    expect(res.body.ok).toBe(false);
    expect(res.body.message).toMatch(/^Refused: /);
    // No setting allows a cloud metadata address: no hint that one would.
    expect(res.body.message).not.toContain('N8N_ALLOW');
  });
});

describe('deploying an item the library marks not deployable', () => {
  it('is refused with a clear 422 until the operator overrides the wiring flag (decision 0012)', async () => {
    const { s, t, n8n } = await setup('newer', { library: true });
    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    const automationId = await deployableId(t);
    await t.database.db
      .update(automations)
      .set({ deployable: false })
      .where(eq(automations.id, automationId));
    const refused = await n8n.preflight<{ error: { message: string } }>({ automationId });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toBe(
      'This automation cannot be deployed as it is: its wiring is incomplete or it has nothing for n8n to run.',
    );
    const deploy = await n8n.deploy({ automationId });
    expect(deploy.status).toBe(422);
  });
});

describe.each(['older', 'newer'] as const)('deploy to the %s n8n stand-in', (version) => {
  it('preflights, deploys, records history and the deploy event, shows runs, stops', async () => {
    const { s, t, member, n8n } = await setup(version, { library: true });
    const automationId = await deployableId(t);
    const notConfigured = await n8n.deploy<{ error: { message: string } }>({ automationId });
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.error.message).toBe(NOT_CONFIGURED);

    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    const preflight = await n8n.preflight<N8nPreflightView>({ automationId });
    expect(preflight.status).toBe(200);
    expect(preflight.body.capabilitiesSource).toBe('openapi');
    expect(preflight.body.newWorkflowUrl).toBe(`${s.url}/workflow/new`);
    expect(preflight.body.payload).not.toHaveProperty('pinData');
    expect(Object.keys(preflight.body.payload).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);

    const activity: unknown[] = [];
    const stop = processBus.subscribe('catalog.activity', (p) => activity.push(p));
    const deployed = await n8n.deploy<N8nDeployResult>({ automationId });
    stop();
    expect(deployed.status).toBe(200);
    if (!deployed.body.ok) throw new Error(`deploy failed: ${deployed.body.message}`);
    const workflowId = deployed.body.deployment.n8nWorkflowId!;
    expect(deployed.body.workflowUrl).toBe(`${s.url}/workflow/${workflowId}`);
    expect(s.workflows.has(workflowId)).toBe(true);
    expect(activity).toContainEqual({ automationId });
    const events = await t.database.db
      .select()
      .from(automationEvents)
      .where(and(eq(automationEvents.userId, member.userId), eq(automationEvents.kind, 'deploy')));
    expect(events.map((e) => e.automationId)).toEqual([automationId]);

    const history = await n8n.deployments<{ items: DeploymentView[] }>();
    expect(history.body.items).toHaveLength(1);
    expect(history.body.items[0]).toMatchObject({
      automationId,
      status: 'deployed',
      n8nWorkflowId: workflowId,
    });
    // The history is paged: a total, and the next page past the end is empty.
    expect(history.body).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    const next = await n8n.deployments<{ items: DeploymentView[]; total: number }>({
      page: '2',
      pageSize: '1',
    });
    expect(next.body).toMatchObject({ items: [], total: 1 });
    expect((await n8n.deployments({ pageSize: '101' })).status).toBe(422);
    // One template's copies, for the dialog's warning before a second one (issue 43).
    const ofThis = await n8n.deployments<{ items: DeploymentView[]; total: number }>({ automationId });
    expect(ofThis.body).toMatchObject({ total: 1, items: [{ automationId, n8nWorkflowId: workflowId }] });
    const ofOther = await n8n.deployments<{ items: DeploymentView[]; total: number }>({
      automationId: 'no-such-template',
    });
    expect(ofOther.body).toMatchObject({ total: 0, items: [] });

    let runs = await n8n.runs();
    expect(runs.body.runs).toEqual([]);
    expect(runs.body.totals).toMatchObject({ totalRuns: 0, successRate: 0, avgTimeMs: 0 });

    s.reportExecution({ workflowId: 'not-ours', status: 'success' });
    s.reportExecution({
      workflowId,
      status: 'success',
      startedAt: '2026-01-01T10:00:00.000Z',
      stoppedAt: '2026-01-01T10:00:02.000Z',
    });
    s.reportExecution({
      workflowId,
      status: 'error',
      startedAt: '2026-01-01T11:00:00.000Z',
      stoppedAt: '2026-01-01T11:00:04.000Z',
      items: { processed: 3, total: 5 },
    });
    runs = await n8n.runs();
    expect(runs.body.runs.map((r) => r.status)).toEqual(['failed', 'success']);
    // Item counts come from the execution's run data where n8n reports it, and are null otherwise.
    expect(runs.body.runs.map((r) => r.items)).toEqual([{ processed: 3, total: 5 }, null]);
    expect(runs.body.totals).toEqual({
      totalRuns: 2,
      successfulRuns: 1,
      failedRuns: 1,
      successRate: 50,
      avgTimeMs: 3000,
      runningRuns: 0,
      waitingRuns: 0,
      itemsProcessed: 3,
    });
    expect(runs.body.avgDurationByWorkflow).toEqual({ [`${s.url} ${workflowId}`]: 2000 });

    await s.app.request(`/api/v1/workflows/${workflowId}/activate`, {
      method: 'POST',
      headers: { 'X-N8N-API-KEY': s.apiKey, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(s.workflows.get(workflowId)!.active).toBe(true);
    const stopped = await n8n.emergencyStop();
    expect(stopped.body.deactivated.map((d) => d.workflowId)).toEqual([workflowId]);
    expect(stopped.body.failed).toEqual([]);
    expect(s.workflows.get(workflowId)!.active).toBe(false);
    const [row] = await t.database.db.select().from(deployments);
    expect(row!.deactivatedAt).not.toBeNull();
    // A second stop finds nothing active: n8n is asked which workflows run, no deactivate call is sent.
    const before = s.requests.length;
    const again = await n8n.emergencyStop();
    expect(again.body.deactivated).toEqual([]);
    const sent = s.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((line) => line.includes('/deactivate'))).toEqual([]);
    expect(sent.some((line) => line.startsWith('GET /api/v1/workflows'))).toBe(true);
  });
});

describe('Emergency Stop without an answer from n8n', () => {
  it('says the instance could not be reached (502), never a server error', async () => {
    const { s, n8n } = await setup();
    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    await s.close();
    const stopped = await readJson<{ error: { code: string; message: string } }>(
      Promise.resolve(n8n.post('/emergency-stop')).then((r) => ({
        status: r.status,
        json: async () => r.body,
      })),
    );
    expect(stopped.status).toBe(502);
    expect(stopped.body.error.code).toBe('UPSTREAM_FAILED');
    expect(stopped.body.error.message).toMatch(/^Emergency Stop could not reach your n8n: /);
  });
});

describe('deploy failure', () => {
  it("records 'Failed to create workflow: …' and returns the browser fallback", async () => {
    const { s, t, n8n } = await setup('newer', { library: true });
    const automationId = await deployableId(t);
    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    s.setFaults({ status: { status: 500, body: { message: 'boom' } } });
    const res = await n8n.deploy<N8nDeployResult>({ automationId });
    expect(res.status).toBe(200);
    if (res.body.ok) throw new Error('expected a failure');
    expect(res.body.message).toBe('Failed to create workflow: 500 Internal Server Error. {"message":"boom"}');
    expect(res.body.fallback?.newWorkflowUrl).toBe(`${s.url}/workflow/new`);
    expect(res.body.fallback?.payload).toHaveProperty('nodes');
    expect(res.body.deployment).toMatchObject({ status: 'failed', n8nWorkflowId: null });
    const events = await t.database.db
      .select()
      .from(automationEvents)
      .where(eq(automationEvents.kind, 'deploy'));
    expect(events).toEqual([]);
  });

  it('answers health with the n8n version and what the API accepts', async () => {
    const { s, n8n } = await setup('older');
    const c = await n8n.connect<N8nConnectionView>({ instanceUrl: s.url, apiKey: s.apiKey });
    const health = await n8n.health(c.body.id);
    expect(health.body.connection.ok).toBe(true);
    expect(health.body.n8nVersion).toBe('1.36.0');
    expect(health.body.capabilities?.source).toBe('openapi');
    expect(health.body.capabilities?.settingsKeys).not.toContain('executionOrder');
  });
});

describe('quick actions', () => {
  it('names Deploy Latest and Duplicate Top 5 targets, deploys the latest, keeps real last-used times', async () => {
    const { s, t, member, n8n } = await setup('newer', { library: true });
    let view = await n8n.quickActions();
    expect(view.status).toBe(200);
    expect(view.body.lastUsed).toEqual({
      'deploy-latest': null,
      'duplicate-top-5': null,
      'emergency-stop': null,
      'health-check': null,
    });
    const deployable = await t.database.db
      .select({ id: automations.id, createdAt: automations.createdAt })
      .from(automations)
      .where(and(eq(automations.deployable, true), eq(automations.published, true)));
    const newest = [...deployable].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || a.id.localeCompare(b.id),
    )[0]!;
    expect(view.body.latest?.id).toBe(newest.id);
    expect(view.body.top).toHaveLength(Math.min(5, deployable.length));

    // Popularity is real activity: the automation with the most runs comes first.
    const popular = deployable.at(-1)!.id;
    await t.database.db.insert(automationEvents).values([
      { userId: member.userId, automationId: popular, kind: 'copy' },
      { userId: member.userId, automationId: popular, kind: 'download' },
    ]);
    view = await n8n.quickActions();
    expect(view.body.top[0]?.id).toBe(popular);

    const notConfigured = await n8n.deployLatest<{ error: { message: string } }>();
    expect(notConfigured.status).toBe(409);
    expect(notConfigured.body.error.message).toBe(NOT_CONFIGURED);

    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    const deployed = await n8n.deployLatest<N8nDeployResult>();
    expect(deployed.status).toBe(200);
    if (!deployed.body.ok) throw new Error(deployed.body.message);
    expect(deployed.body.deployment.automationId).toBe(newest.id);

    const used = await n8n.used('health-check');
    expect(used.status).toBe(200);
    const bad = await n8n.post('/quick-actions/used/format-disk');
    expect(bad.status).toBe(422);
    await n8n.emergencyStop();
    view = await n8n.quickActions();
    expect(view.body.lastUsed['deploy-latest']).not.toBeNull();
    expect(view.body.lastUsed['health-check']).toBe(used.body.lastUsedAt);
    expect(view.body.lastUsed['emergency-stop']).not.toBeNull();
    expect(view.body.lastUsed['duplicate-top-5']).toBeNull();
    const rows = await t.database.db.select().from(quickActionUses);
    expect(rows.every((r) => r.userId === member.userId)).toBe(true);
  });

  it('gives each deployment of the same template its own webhook ids', async () => {
    const { s, t, n8n } = await setup('newer', { library: true });
    const automationId = await deployableId(t);
    const [row] = await t.database.db.select().from(automations).where(eq(automations.id, automationId));
    const workflow = JSON.parse(row!.workflowJson!) as { nodes: Record<string, unknown>[] };
    const oldId = '5f0c2a4e-1111-4222-8333-944455556666';
    const webhookNode = (name: string, y: number, parameters: Record<string, unknown>, webhookId?: string) =>
      node(name, 'n8n-nodes-base.webhook', {
        typeVersion: 2,
        position: [0, y],
        parameters,
        ...(webhookId ? { webhookId } : {}),
      });
    workflow.nodes.push(
      webhookNode('Incoming hook', 400, { path: oldId, httpMethod: 'POST' }, oldId),
      // A custom path, and a Webhook node without a webhookId (n8n would serve it under the workflow id).
      webhookNode(
        'Orders hook',
        600,
        { path: 'orders', httpMethod: 'POST' },
        '5f0c2a4e-2222-4222-8333-944455556666',
      ),
      webhookNode('Status hook', 800, { path: 'status' }),
    );
    await t.database.db
      .update(automations)
      .set({ workflowJson: JSON.stringify(workflow) })
      .where(eq(automations.id, automationId));
    await n8n.connect({ instanceUrl: s.url, apiKey: s.apiKey });
    const first = await n8n.deploy<N8nDeployResult>({ automationId });
    const second = await n8n.deploy<N8nDeployResult>({ automationId });
    if (!first.body.ok || !second.body.ok) throw new Error('deploy failed');
    const hook = (id: string) =>
      (s.workflows.get(id)!.nodes as { webhookId?: string; parameters: { path?: string } }[]).find(
        (n) => n.webhookId,
      )!;
    const a = hook(first.body.deployment.n8nWorkflowId!);
    const b = hook(second.body.deployment.n8nWorkflowId!);
    expect(a.webhookId).not.toBe(oldId);
    expect(b.webhookId).not.toBe(oldId);
    expect(a.webhookId).not.toBe(b.webhookId);
    // A path that was the old id follows the new one.
    expect(a.parameters.path).toBe(a.webhookId);
    expect(b.parameters.path).toBe(b.webhookId);
    expect(first.body.preflight.changes.map((c) => c.code)).toContain('webhook-renewed');

    // Both copies can be active at once (the stand-in refuses a taken path like n8n), and the URLs
    // the member is shown are where n8n listens.
    for (const result of [first.body, second.body]) {
      const activated = await fetch(`${s.url}/api/v1/workflows/${result.deployment.n8nWorkflowId}/activate`, {
        method: 'POST',
        headers: { 'X-N8N-API-KEY': s.apiKey, 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(activated.status, await activated.clone().text()).toBe(200);
      const hooks = result.preflight.webhooks;
      expect(hooks.map((h) => h.node)).toEqual(['Incoming hook', 'Orders hook', 'Status hook']);
      expect(hooks[1]!.productionUrl).toMatch(new RegExp(`^${s.url}/webhook/orders-[0-9a-f]{8}$`));
      expect(hooks[2]!.testUrl).toMatch(new RegExp(`^${s.url}/webhook-test/status-[0-9a-f]{8}$`));
      for (const hook of hooks) {
        const answer = await fetch(hook.productionUrl, { method: hook.method });
        expect(answer.status, `${hook.method} ${hook.productionUrl}`).toBe(200);
      }
    }
    expect(first.body.preflight.webhooks[1]!.productionUrl).not.toBe(
      second.body.preflight.webhooks[1]!.productionUrl,
    );
  });
});
