// The member's templates host for their own n8n (issue 42, decision 0026): every endpoint answers in the
// shape n8n's editor reads (zod schemas written from n8n's editor source), CORS answers only the member's
// n8n origin, the token is the only credential, and rotation, turning off, refunds, bans and deletion end
// it at once.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, user } from '#server/db/schema/auth.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import { templatesHostTokens } from '#server/db/schema/templates-host.ts';
import { hashToken, redactHostToken } from '#server/templates-host/host-tokens.ts';
import { templateNumber } from '#server/templates-host/template-shapes.ts';
import { HOST_RATE_RULE } from '#server/templates-host/templates-host.routes.ts';
import {
  N8nTemplateCategoriesResponseSchema,
  N8nTemplateCollectionResponseSchema,
  N8nTemplateCollectionsResponseSchema,
  N8nTemplateSearchResponseSchema,
  N8nTemplatesHealthSchema,
  N8nTemplateWorkflowResponseSchema,
  N8nWorkflowTemplateSchema,
  TemplatesHostStatusSchema,
} from '#shared/schemas/templates-host.ts';
import { appWithInjectedMembers } from '#tests/support/library-app.ts';

const N8N = 'http://n8n.member-a.test:5678';
const PAID = { hasPaid: true, subscriptionStatus: 'active', subscriptionPeriod: 'lifetime' } as const;

async function setup() {
  const t = await appWithInjectedMembers();
  for (const userId of ['member-a', 'member-b'])
    await t.database.db
      .insert(profiles)
      .values({ userId, ...PAID })
      .onConflictDoUpdate({ target: profiles.userId, set: PAID });
  const settings = async (who: string | null, method: string, path = '', body?: unknown) => {
    const res = await t.request(`/api/templates-host${path}`, {
      method,
      headers: {
        ...(who ? { 'x-test-viewer': who } : {}),
        origin: t.deps.env.baseUrl,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** Turns the member's library on; the path of their host (`/t/<token>/api/`). */
  const enable = async (who: string, allowedOrigin = N8N) => {
    const { status, body } = await settings(who, 'POST', '', { allowedOrigin });
    expect(status).toBe(200);
    const parsed = TemplatesHostStatusSchema.parse(body);
    return new URL(parsed.hostUrl!).pathname;
  };
  /** A request as n8n's editor makes it: cross-origin, credentialed, with its version header. */
  const editor = (host: string, path: string, init: RequestInit & { origin?: string } = {}) =>
    t.request(`${host}${path}`, {
      ...init,
      headers: { origin: init.origin ?? N8N, 'n8n-version': '2.40.7', ...(init.headers ?? {}) },
    });
  return { ...t, settings, enable, editor };
}

async function json(res: Response) {
  return (await res.json()) as unknown;
}

describe('settings API', () => {
  it('is for members only; the host URL is shown once and only its hash is stored', async () => {
    const t = await setup();
    expect((await t.settings(null, 'GET')).status).toBe(401);
    expect((await t.settings('user-1', 'POST', '', { allowedOrigin: N8N })).status).toBe(403);
    expect((await t.settings('member-a', 'POST', '', { allowedOrigin: 'not a url' })).status).toBe(422);

    const enabled = TemplatesHostStatusSchema.parse(
      (await t.settings('member-a', 'POST', '', { allowedOrigin: `${N8N}/home/` })).body,
    );
    expect(enabled).toMatchObject({ enabled: true, allowedOrigin: N8N });
    const url = new URL(enabled.hostUrl!);
    expect(url.origin).toBe(t.deps.env.baseUrl);
    const token = /^\/t\/([A-Za-z0-9_-]{43})\/api\/$/.exec(url.pathname)![1]!;
    const [row] = await t.database.db
      .select()
      .from(templatesHostTokens)
      .where(eq(templatesHostTokens.userId, 'member-a'));
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const status = TemplatesHostStatusSchema.parse((await t.settings('member-a', 'GET')).body);
    expect(status).toMatchObject({ enabled: true, allowedOrigin: N8N, hostUrl: null });
    expect(redactHostToken(`${url.pathname}health`)).toBe('/t/***/api/health');
  });

  it('refuses a cross-site change (the origin guard covers the settings API)', async () => {
    const t = await setup();
    const res = await t.request('/api/templates-host', {
      method: 'POST',
      headers: { 'x-test-viewer': 'member-a', origin: N8N, 'content-type': 'application/json' },
      body: JSON.stringify({ allowedOrigin: N8N }),
    });
    expect(res.status).toBe(403);
  });
});

describe('the host in n8n’s shapes', () => {
  it('answers every endpoint n8n’s template browser calls', async () => {
    const t = await setup();
    const host = await t.enable('member-a');

    const health = await t.editor(host, 'health');
    expect(health.status).toBe(200);
    N8nTemplatesHealthSchema.parse(await json(health));
    expect(health.headers.get('access-control-allow-origin')).toBe(N8N);
    expect(health.headers.get('access-control-allow-credentials')).toBe('true');
    expect(health.headers.get('cache-control')).toContain('private');
    expect(health.headers.get('set-cookie')).toBeNull();

    const categories = N8nTemplateCategoriesResponseSchema.parse(
      await json(await t.editor(host, 'templates/categories')),
    );
    expect(categories.categories.map((c) => c.name)).toContain('AI & Automation');

    const all = N8nTemplateSearchResponseSchema.parse(
      await json(await t.editor(host, 'templates/search?page=1&limit=20&search=&category=')),
    );
    expect(all.totalWorkflows).toBeGreaterThan(0);
    expect(all.workflows.length).toBe(Math.min(20, all.totalWorkflows));

    const slack = N8nTemplateSearchResponseSchema.parse(
      await json(await t.editor(host, 'templates/search?page=1&limit=20&search=slack')),
    );
    const hit = slack.workflows.find((w) => w.name === 'Slack digest from Google Sheets');
    expect(hit).toBeDefined();
    expect(hit!.id).toBe(templateNumber('slack-digest'));
    const slackNode = hit!.nodes.find((n) => n.name === 'n8n-nodes-base.slack');
    expect(slackNode?.iconData).toMatchObject({ type: 'file' });
    // n8n's own nodes by their full type, so the editor finds them; sticky notes are not listed.
    expect(hit!.nodes.map((n) => n.name).sort()).toEqual([
      'n8n-nodes-base.googleSheets',
      'n8n-nodes-base.scheduleTrigger',
      'n8n-nodes-base.set',
      'n8n-nodes-base.slack',
    ]);

    // A category filter by n8n's ids (comma-separated) keeps only that category.
    const category = categories.categories.find((c) => c.name === 'AI & Automation')!;
    const filtered = N8nTemplateSearchResponseSchema.parse(
      await json(await t.editor(host, `templates/search?page=1&limit=20&search=&category=${category.id}`)),
    );
    expect(filtered.totalWorkflows).toBeLessThan(all.totalWorkflows);

    const detail = N8nTemplateWorkflowResponseSchema.parse(
      await json(await t.editor(host, `templates/workflows/${hit!.id}`)),
    );
    expect(detail.workflow.name).toBe('Slack digest from Google Sheets');
    expect(detail.workflow.workflow.nodes.length).toBeGreaterThan(0);

    const imported = N8nWorkflowTemplateSchema.parse(
      await json(await t.editor(host, `workflows/templates/${hit!.id}`)),
    );
    expect(imported.id).toBe(hit!.id);
    expect(imported.workflow.nodes.map((n) => n.type)).toContain('n8n-nodes-base.slack');
    // Credentials go by name for n8n to bind, never the author's ids; private test data never.
    for (const node of imported.workflow.nodes)
      for (const ref of Object.values(node.credentials ?? {})) expect(ref).toMatchObject({ id: null });
    expect(imported.workflow).not.toHaveProperty('pinData');

    // The view and the import are member events (runs and popularity), and totalViews counts views.
    const events = await t.database.db
      .select({ kind: automationEvents.kind })
      .from(automationEvents)
      .where(and(eq(automationEvents.userId, 'member-a'), eq(automationEvents.automationId, 'slack-digest')));
    expect(events.map((e) => e.kind).sort()).toEqual(['copy', 'view']);
    const again = N8nTemplateWorkflowResponseSchema.parse(
      await json(await t.editor(host, `templates/workflows/${hit!.id}`)),
    );
    expect(again.workflow.totalViews).toBe(1);

    expect((await t.editor(host, 'templates/workflows/12345')).status).toBe(404);
    expect((await t.editor(host, 'workflows/templates/12345')).status).toBe(404);
  });

  it('serves the member’s own saved templates as a collection, never another member’s', async () => {
    const t = await setup();
    const hostA = await t.enable('member-a');
    const hostB = await t.enable('member-b', 'https://n8n.member-b.test');
    const none = N8nTemplateCollectionsResponseSchema.parse(
      await json(await t.editor(hostA, 'templates/collections?search=')),
    );
    expect(none.collections).toEqual([]);

    await t.database.db.insert(collections).values({ userId: 'member-a', automationId: 'slack-digest' });
    const mine = N8nTemplateCollectionsResponseSchema.parse(
      await json(await t.editor(hostA, 'templates/collections?search=')),
    );
    expect(mine.collections).toHaveLength(1);
    expect(mine.collections[0]!.workflows).toEqual([{ id: templateNumber('slack-digest') }]);
    const one = N8nTemplateCollectionResponseSchema.parse(
      await json(await t.editor(hostA, `templates/collections/${mine.collections[0]!.id}`)),
    );
    expect(one.collection.workflows.map((w) => w.name)).toEqual(['Slack digest from Google Sheets']);

    const other = { origin: 'https://n8n.member-b.test' };
    const theirs = N8nTemplateCollectionsResponseSchema.parse(
      await json(await t.editor(hostB, 'templates/collections', other)),
    );
    expect(theirs.collections).toEqual([]);
    expect((await t.editor(hostB, `templates/collections/${mine.collections[0]!.id}`, other)).status).toBe(
      404,
    );
  });
});

describe('CORS, credentials and limits', () => {
  it('answers a preflight for the member’s n8n origin only, with credentials and the n8n-version header', async () => {
    const t = await setup();
    const host = await t.enable('member-a');
    const preflight = await t.request(`${host}templates/search`, {
      method: 'OPTIONS',
      headers: {
        origin: N8N,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'n8n-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(N8N);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('n8n-version');
    expect(preflight.headers.get('access-control-allow-methods')).not.toContain('POST');

    for (const origin of ['https://evil.test', t.deps.env.baseUrl]) {
      const refused = await t.editor(host, 'templates/search', { origin });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    }
    // Read-only: no method changes anything.
    expect((await t.editor(host, 'templates/search', { method: 'POST' })).status).toBe(405);
  });

  it('needs no cookie and ignores one: a visitor or a wrong token gets nothing', async () => {
    const t = await setup();
    const host = await t.enable('member-a');
    const fake = `/t/${'A'.repeat(43)}/api/`;
    for (const path of [
      'health',
      'templates/categories',
      'templates/search',
      `workflows/templates/${templateNumber('slack-digest')}`,
    ]) {
      const res = await t.editor(fake, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await t.request('/t/short/api/health')).status).toBe(404);
    // A session of another member does not open this host either: only the path's token counts.
    expect((await t.editor(host, 'health', { headers: { 'x-test-viewer': 'member-b' } })).status).toBe(200);
  });

  it('limits requests per token', async () => {
    const t = await setup();
    const host = await t.enable('member-a');
    let last: Response | undefined;
    for (let i = 0; i <= HOST_RATE_RULE.max; i++) last = await t.editor(host, 'health');
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).not.toBeNull();
    expect(last!.headers.get('access-control-allow-origin')).toBe(N8N);
    // Another member's host has its own budget.
    const other = await t.enable('member-b', 'https://n8n.member-b.test');
    expect((await t.editor(other, 'health', { origin: 'https://n8n.member-b.test' })).status).toBe(200);
  });
});

describe('revocation', () => {
  it('a rotated, turned-off, refunded, banned or deleted member’s token stops at once', async () => {
    const t = await setup();
    const first = await t.enable('member-a');
    const rotated = TemplatesHostStatusSchema.parse((await t.settings('member-a', 'POST', '/rotate')).body);
    const second = new URL(rotated.hostUrl!).pathname;
    expect(second).not.toBe(first);
    expect((await t.editor(first, 'health')).status).toBe(404);
    expect((await t.editor(second, 'health')).status).toBe(200);

    // A new origin: the old one is refused.
    await t.settings('member-a', 'PUT', '/origin', { allowedOrigin: 'https://n8n.elsewhere.test' });
    expect((await t.editor(second, 'health')).status).toBe(403);
    expect((await t.editor(second, 'health', { origin: 'https://n8n.elsewhere.test' })).status).toBe(200);

    expect((await t.settings('member-a', 'DELETE')).status).toBe(200);
    expect((await t.editor(second, 'health', { origin: 'https://n8n.elsewhere.test' })).status).toBe(404);
    expect((await t.settings('member-a', 'POST', '/rotate')).status).toBe(404);

    const db = t.database.db;
    const refunded = await t.enable('member-a');
    await db
      .update(profiles)
      .set({ hasPaid: false, subscriptionStatus: 'refunded', subscriptionPeriod: null })
      .where(eq(profiles.userId, 'member-a'));
    expect((await t.editor(refunded, 'health')).status).toBe(404);

    const banned = await t.enable('member-b', N8N);
    await db.update(user).set({ banned: true }).where(eq(user.id, 'member-b'));
    expect((await t.editor(banned, 'templates/categories')).status).toBe(404);
    await db.update(user).set({ banned: false }).where(eq(user.id, 'member-b'));
    expect((await t.editor(banned, 'templates/categories')).status).toBe(200);
    await db.delete(user).where(eq(user.id, 'member-b'));
    expect((await t.editor(banned, 'templates/categories')).status).toBe(404);
  });

  it('follows the paid period: open until it ends, closed after', async () => {
    const t = await setup();
    const host = await t.enable('member-a');
    const setProfile = (set: Partial<typeof profiles.$inferInsert>) =>
      t.database.db.update(profiles).set(set).where(eq(profiles.userId, 'member-a'));
    // A monthly plan cancelled: paid, not active, not lifetime; access until the period ends.
    const day = 24 * 60 * 60 * 1000;
    await setProfile({
      subscriptionStatus: 'cancelled',
      subscriptionPeriod: 'monthly',
      subscriptionExpiresAt: new Date(Date.now() + day),
    });
    expect((await t.editor(host, 'health')).status).toBe(200);
    await setProfile({ subscriptionExpiresAt: new Date(Date.now() - day) });
    expect((await t.editor(host, 'health')).status).toBe(404);
    // No profile row at all: nothing paid.
    await t.database.db.delete(profiles).where(eq(profiles.userId, 'member-a'));
    expect((await t.editor(host, 'health')).status).toBe(404);
  });
});
