import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCatalog, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { catalogReads } from '#server/catalog/search-reads.ts';
import { user } from '#server/db/schema/auth.ts';
import { automationEvents, automationRatings } from '#server/db/schema/catalog.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { createSearchIndex } from '#server/search/index.ts';
import { loadTemplateView } from '#server/site/catalogue/catalogue.routes.ts';
import { AutomationDetailSchema, CatalogSearchResponseSchema } from '#shared/schemas/catalog.ts';
import { CatalogCountersSchema, TrendingResponseSchema } from '#shared/schemas/catalog-public.ts';
import { createTestApp, readJson } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const AS_MEMBER = { headers: { 'x-test-viewer': 'member' } };

type Body = Record<string, unknown> & { items: { id: string }[] };
type Asked = { headers?: Record<string, string> };

const read = (answer: PromiseLike<{ status: number; json(): Promise<unknown> }>) => readJson<Body>(answer);

async function appWithLibrary() {
  const t = await createTestApp({ resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const catalog = t.client.api.catalog;
  type SearchQuery = Parameters<typeof catalog.automations.$get>[0]['query'];
  const automation = catalog.automations[':id'];
  /** Raw, for values the typed client refuses (an unknown sort). */
  const get = (url: string, init: RequestInit = AS_MEMBER) => read(t.request(url, init));
  const search = (query: SearchQuery, init: Asked = AS_MEMBER) =>
    read(catalog.automations.$get({ query }, init));
  const agents = (query: Parameters<(typeof catalog)['ai-agents']['$get']>[0]['query']) =>
    read(catalog['ai-agents'].$get({ query }, AS_MEMBER));
  const detail = (id: string, init: Asked = AS_MEMBER) => read(automation.$get({ param: { id } }, init));
  return { ...t, catalog, automation, get, search, agents, detail };
}

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('member search: GET /api/catalog/automations', () => {
  it('needs a signed-in member', async () => {
    const { search } = await appWithLibrary();
    expect((await search({}, {})).status).toBe(401);
    expect((await search({}, { headers: { 'x-test-viewer': 'user' } })).status).toBe(403);
    expect((await search({}, { headers: { 'x-test-viewer': 'admin' } })).status).toBe(200);
  });

  it('lists newest first with videos first, small cards, counts per category and chip', async () => {
    const { search } = await appWithLibrary();
    const { status, body } = await search({});
    expect(status).toBe(200);
    const parsed = CatalogSearchResponseSchema.parse(body);
    expect(parsed.total).toBe(6);
    // Videos first (slack-digest 2024-05), then newest; guides (no workflow) last in every order,
    // lead-router although it has a video (decision 0023).
    expect(ids(parsed).slice(0, 2)).toEqual(['slack-digest', '0042-webhook-only']);
    expect(parsed.items.slice(-2).map((i) => i.readiness)).toEqual(['guide', 'guide']);
    expect(ids(parsed).slice(-2)).toContain('lead-router');
    expect(parsed.items[0]).not.toHaveProperty('workflowJson');
    expect(parsed.items[0]!.thumbnailUrl).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(Object.values(parsed.categoryCounts).reduce((a, b) => a + b, 0)).toBe(6);
    expect(parsed.chipCounts.telegram).toBeGreaterThanOrEqual(1);
    expect(Object.keys(parsed.chipCounts)).toHaveLength(15);
  });

  it.each([
    ['SLACK', ['slack-digest']],
    ['ada lovelace', ['slack-digest', 'telegram-agent']],
    ['v3000-email', ['v3000-email-summariser-bot']],
    ['google-sheets', ['slack-digest']],
    ['100%', []],
    ['_', []],
    ['%', []],
    ['\\', []],
    // Issue 37: no item has every word, so the ones naming "automation" answer; never SQL.
    ["'; drop table automations; --", ['telegram-agent', 'v3000-email-summariser-bot']],
    ['"quoted"', []],
    ['🚀', []],
    // The word rule (issue 16): e-mail = email; a lone letter is no prefix.
    ['e-mail', ['v3000-email-summariser-bot']],
    ['c++', []],
    ['slack:bot', []],
    ['x'.repeat(1000), []],
  ])('q=%j → %j', async (q, expected) => {
    const { search } = await appWithLibrary();
    const { status, body } = await search({ q });
    expect(status).toBe(200);
    expect(ids(body).sort()).toEqual([...expected].sort());
  });

  it('rejects more than 1,000 characters with a clear 422', async () => {
    const { search } = await appWithLibrary();
    const { status, body } = await search({ q: 'x'.repeat(1001) });
    expect(status).toBe(422);
    expect(JSON.stringify(body)).toContain('at most 1,000 characters');
  });

  it.each([
    ['telegram', ['telegram-agent']],
    ['ai-automation', ['telegram-agent', 'v3000-email-summariser-bot']],
    ['podcast', ['v3000-podcast-clipper']],
    ['ai-memory-rag', []],
    ['telegram,openai', ['telegram-agent']],
    ['telegram,business-process', []],
    ['Lead Router', ['lead-router']],
  ])('chips=%s → %j', async (chips, expected) => {
    const { search } = await appWithLibrary();
    const { body } = await search({ chips });
    expect(ids(body).sort()).toEqual([...expected].sort());
  });

  it('sorts: oldest, alphabetical (videos first), and paginates', async () => {
    const { get, search } = await appWithLibrary();
    const oldest = (await search({ sort: 'oldest' })).body;
    expect(ids(oldest).slice(0, 2)).toEqual(['slack-digest', 'telegram-agent']);
    const alpha = (await search({ sort: 'alphabetical' })).body;
    const alphaItems = alpha.items as unknown as { id: string; title: string; readiness?: string }[];
    expect(alphaItems[0]!.id).toBe('slack-digest');
    // Then the other templates A–Z, the guides last.
    const templates = alphaItems.slice(1).filter((i) => i.readiness !== 'guide');
    expect(alphaItems.slice(1, 1 + templates.length)).toEqual(templates);
    const rest = templates.map((i) => i.title);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    const page2 = (await search({ sort: 'alphabetical', pageSize: '4', page: '2' })).body;
    expect(ids(page2)).toEqual(ids(alpha).slice(4));
    expect(page2.total).toBe(6);
    expect((await get('/api/catalog/automations?sort=random')).status).toBe(422);
    expect((await search({ page: '0' })).status).toBe(422);
  });

  it('popular comes from real member events, and ratings from member ratings only (no imported score without ratings)', async () => {
    const { search, detail: one, database } = await appWithLibrary();
    let body = (await search({ sort: 'popular' })).body;
    expect((body.items as unknown as { runs: number }[]).every((i) => i.runs === 0)).toBe(true);
    // Two members (events and ratings belong to real accounts).
    await database.db.insert(user).values([
      { id: 'u1', email: 'u1@example.com' },
      { id: 'u2', email: 'u2@example.com' },
    ]);
    await database.db.insert(automationEvents).values([
      { userId: 'u1', automationId: 'telegram-agent', kind: 'deploy' },
      { userId: 'u2', automationId: 'telegram-agent', kind: 'copy' },
      { userId: 'u2', automationId: 'telegram-agent', kind: 'view' },
      { userId: 'u1', automationId: '0042-webhook-only', kind: 'download' },
    ]);
    await database.db.insert(automationRatings).values([
      { userId: 'u1', automationId: 'telegram-agent', stars: 5 },
      { userId: 'u2', automationId: 'telegram-agent', stars: 4 },
      { userId: 'u1', automationId: 'v3000-email-summariser-bot', stars: 2 },
    ]);
    processBus.publish('catalog.changed', { lastUpdated: 'events-written', changed: true });
    body = (await search({ sort: 'popular' })).body;
    const cards = body.items as unknown as {
      id: string;
      runs: number;
      rating: number | null;
      ratingCount: number;
    }[];
    // Videos first, then by runs (the guide with a video is last).
    expect(cards.slice(1, 3).map((c) => [c.id, c.runs])).toEqual([
      ['telegram-agent', 2],
      ['0042-webhook-only', 1],
    ]);
    const byId = Object.fromEntries(cards.map((c) => [c.id, c]));
    expect(byId['telegram-agent']).toMatchObject({ rating: 4.5, ratingCount: 2 });
    expect(byId['v3000-email-summariser-bot']).toMatchObject({ rating: 2, ratingCount: 1 });
    expect(byId['v3000-podcast-clipper']).toMatchObject({ rating: null, ratingCount: 0 });
    expect(byId['slack-digest']).toMatchObject({ rating: null, runs: 0 });
    // The detail counts each kind of activity on its own.
    const detail = (await one('telegram-agent')).body as unknown as {
      usage: Record<string, number>;
    };
    expect(detail.usage).toEqual({ deploys: 1, copies: 1, downloads: 0, views: 1 });
  });

  it('sees a new import right away (the change event rebuilds the index)', async () => {
    const { search, database } = await appWithLibrary();
    expect((await search({ q: 'brand-new' })).body.total).toBe(0);
    await importCatalog({
      database,
      files: [
        {
          path: 'brand-new.json',
          bytes: new TextEncoder().encode(
            JSON.stringify({ name: 'Brand-new flow', nodes: [{ type: 'n8n-nodes-base.slack' }] }),
          ),
        },
      ],
    });
    expect(ids((await search({ q: 'brand-new' })).body)).toEqual(['brand-new']);
  });
});

describe('AI agents, one automation, related, by author', () => {
  it('lists AI agents with stats', async () => {
    const { agents } = await appWithLibrary();
    const { status, body } = await agents({});
    expect(status).toBe(200);
    expect(ids(body).sort()).toEqual([
      'telegram-agent',
      'v3000-email-summariser-bot',
      'v3000-podcast-clipper',
    ]);
    // Nobody has rated an agent yet: no average is made up from imported scores.
    expect(body.stats).toEqual({ count: 3, totalRuns: 0, avgRating: 0 });
  });

  it('pages the AI agents and searches them, the tiles still counting every agent', async () => {
    const { agents } = await appWithLibrary();
    const first = await agents({ pageSize: '2' });
    const second = await agents({ pageSize: '2', page: '2' });
    expect(first.body.total).toBe(3);
    expect(ids(first.body)).toHaveLength(2);
    expect([...ids(first.body), ...ids(second.body)].sort()).toEqual([
      'telegram-agent',
      'v3000-email-summariser-bot',
      'v3000-podcast-clipper',
    ]);
    const found = await agents({ q: 'TELEGRAM' });
    expect(ids(found.body)).toEqual(['telegram-agent']);
    expect(found.body.total).toBe(1);
    expect(found.body).toMatchObject({ stats: { count: 3 } });
    expect((await agents({ q: 'no-such-agent' })).body).toMatchObject({ items: [], total: 0 });
    expect((await agents({ q: 'x'.repeat(201) })).status).toBe(422);
  });

  it('returns one automation with workflow JSON, set-up steps and config', async () => {
    const { detail: one } = await appWithLibrary();
    const { status, body } = await one('slack-digest');
    expect(status).toBe(200);
    const detail = AutomationDetailSchema.parse(body);
    expect(detail.workflowJson).toMatchObject({ name: 'Daily Slack digest' });
    expect(detail.setupSteps).toHaveLength(7);
    expect(detail.credentials.map((c) => c.type)).toEqual(['googleSheetsOAuth2Api', 'slackApi']);
    expect(detail.videoId).toBe('dQw4w9WgXcQ');
    expect(detail.thumbnails?.maxres).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/maxresdefault.jpg');
    expect(JSON.parse(detail.config)).toEqual({
      template_url: 'https://n8n.io/workflows/1',
      resource_url: 'https://www.reddit.com/r/n8n/x',
      source: 'vault',
      hasVideo: true,
    });
    expect((await one('nope')).status).toBe(404);
    expect((await one('slack-digest', {})).status).toBe(401);
  });

  it('applies the v3000- rule: an id that is not stored finds the "3000" row by name', async () => {
    const { detail } = await appWithLibrary();
    expect((await detail('v3000-email-summariser-bot')).body.id).toBe('v3000-email-summariser-bot');
    expect((await detail('v3000-summariser')).body.id).toBe('v3000-email-summariser-bot');
    expect((await detail('v3000-unknown-thing')).status).toBe(404);
  });

  it('related: graph neighbours, 3 at most, never itself, differing by item; more by the same author', async () => {
    const { automation } = await appWithLibrary();
    const of = (id: string) => ({ param: { id } });
    const related = (await read(automation.related.$get(of('telegram-agent'), AS_MEMBER))).body;
    // Issue 37: templates sharing node types (weighted by rarity), not the newest of the category.
    expect(ids(related).length).toBeGreaterThan(0);
    expect(ids(related).length).toBeLessThanOrEqual(3);
    expect(ids(related)).not.toContain('telegram-agent');
    const digestRelated = (await read(automation.related.$get(of('slack-digest'), AS_MEMBER))).body;
    expect(ids(digestRelated)).not.toEqual(ids(related));
    const byAuthor = (await read(automation['by-author'].$get(of('slack-digest'), AS_MEMBER))).body;
    expect(ids(byAuthor)).toEqual(['telegram-agent']);
    expect((await read(automation.related.$get(of('nope'), AS_MEMBER))).status).toBe(404);
  });
});

describe('public endpoints', () => {
  it('counters and trending match the shared contract, with no random numbers', async () => {
    const { catalog } = await appWithLibrary();
    const counters = CatalogCountersSchema.parse(await (await catalog.counters.$get()).json());
    // Guides (lead-router and a 3000 row without a workflow) are not templates: not counted.
    expect(counters).toMatchObject({ totalWorkflows: 4, perSource: { vault: 2, '3000': 1, library: 1 } });
    expect(counters.integrations).toBeGreaterThanOrEqual(5);
    expect(counters.lastUpdated).toMatch(/^\d{4}-/);
    expect((await catalog.trending.$get({ query: { limit: '0' } })).status).toBe(422);
  });

  it('trending ranks by real use only from a minimum of it; below, the newest, labelled as new (issue 43)', async () => {
    const { catalog, database } = await appWithLibrary();
    const trending = async () =>
      TrendingResponseSchema.parse(await (await catalog.trending.$get({ query: { limit: '3' } })).json());
    // No activity: the newest templates (newest first, no video rule), not a "trending" list of zeros.
    const fresh = await trending();
    expect(fresh.ranking).toBe('new');
    const latest = fresh.items.map((i) => i.id);
    expect(latest).toHaveLength(3);

    await database.db
      .insert(user)
      .values([1, 2, 3].map((n) => ({ id: `t${n}`, email: `t${n}@example.com` })));
    const uses = (automationId: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        userId: `t${(i % 3) + 1}`,
        automationId,
        kind: 'copy' as const,
      }));
    const changed = () =>
      processBus.publish('catalog.changed', { lastUpdated: `t${Date.now()}`, changed: true });
    // Two templates used 3 times, one twice, views that are no use: still too little to rank.
    await database.db
      .insert(automationEvents)
      .values([
        ...uses('telegram-agent', 3),
        ...uses('lead-router', 3),
        ...uses('v3000-podcast-clipper', 2),
        { userId: 't1', automationId: '0042-webhook-only', kind: 'view' },
        { userId: 't2', automationId: '0042-webhook-only', kind: 'view' },
        { userId: 't3', automationId: '0042-webhook-only', kind: 'view' },
      ]);
    changed();
    expect(await trending()).toMatchObject({ ranking: 'new' });
    expect((await trending()).items.map((i) => i.id)).toEqual(latest);

    // A third template reaches 3 uses: ranked by use, only the templates used enough.
    await database.db.insert(automationEvents).values(uses('v3000-podcast-clipper', 2));
    changed();
    const ranked = await trending();
    expect(ranked.ranking).toBe('trending');
    expect(ranked.items.map((i) => [i.id, i.runs])).toEqual([
      ['v3000-podcast-clipper', 4],
      ['telegram-agent', 3],
      ['lead-router', 3],
    ]);
  });

  it('counters before any import', async () => {
    const t = await createTestApp();
    const res = await t.client.api.catalog.counters.$get();
    expect(await res.json()).toEqual({
      totalWorkflows: 0,
      perSource: {},
      categories: 0,
      integrations: 0,
      lastUpdated: null,
    });
  });

  it("a visitor's template page has the canvas but never parameters, credentials or workflow JSON", async () => {
    const t = await appWithLibrary();
    const index = createSearchIndex({ reads: catalogReads(t.database.db), bus: processBus });
    const preview = (id: string) => loadTemplateView({ index, db: t.database.db }, id);
    const view = (await preview('telegram-agent'))!;
    expect(view).toBeDefined();
    // Credentials by name only (the page's "Credentials needed"): never their type or nodes.
    for (const c of view.credentials) expect(Object.keys(c)).toEqual(['name']);
    const { credentials: _names, ...rest } = view;
    const text = JSON.stringify(rest);
    expect(text).not.toMatch(/parameters|credentials|telegramApi|openAiApi|workflowJson/);
    expect(JSON.stringify(view)).not.toMatch(/telegramApi|openAiApi/);
    const parsed = view;
    // Shapes and names only: the author's sticky notes keep their size but never their text, in the
    // description or on the canvas.
    expect(text).not.toMatch(
      /AI agent that answers Telegram|Second note|answers Telegram messages|add your bot token/,
    );
    expect(parsed.canvas.nodes.find((n) => n.name === 'Agent')).toMatchObject({
      type: '@n8n/n8n-nodes-langchain.agent',
      kind: 'node',
      x: 200,
      y: 0,
      ports: [{ type: 'ai_languageModel', label: 'Chat Model' }],
    });
    expect(parsed.canvas.nodes.find((n) => n.name === 'Note 900')).toMatchObject({
      kind: 'sticky',
      width: 240,
      height: 160,
    });
    // The link to a node that does not exist is dropped.
    const name = new Map(parsed.canvas.nodes.map((n) => [n.id, n.name]));
    expect(parsed.canvas.edges.map((e) => [name.get(e.source), name.get(e.target), e.type])).toEqual([
      ['On message', 'Agent', 'main'],
      ['Agent', 'Reply', 'main'],
      ['Model', 'Agent', 'ai_languageModel'],
    ]);
    const secret = await preview('slack-digest');
    expect(JSON.stringify(secret)).not.toContain('secret-sheet');
    index.close();
    // The page drawn from it says as little (the visitor's HTML).
    const page = await (await t.request('/automation/telegram-agent')).text();
    expect(page).not.toMatch(
      /AI agent that answers Telegram|Second note|answers Telegram messages|add your bot token/,
    );
    expect(page).not.toMatch(/telegramApi|openAiApi|workflowJson/);
  });
});

describe('sorts with equal dates (decision 0012)', () => {
  it("fall back to the source's own order, so Newest, Oldest and A–Z differ", async () => {
    const t = await createTestApp({ resolveViewer: viewerFromHeader() });
    // Each posts to another app: the same structure would make them variants of one card.
    const app: Record<string, string> = { Zebra: 'slack', Apple: 'telegram', Mango: 'discord' };
    const flow = (name: string) => ({
      name,
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0] },
        { name: 'Post', type: `n8n-nodes-base.${app[name]}`, position: [200, 0] },
      ],
      connections: {},
    });
    // One import, one date; file order (by path) is the source's order.
    const files = ['0001_Zebra.json', '0002_Apple.json', '0003_Mango.json'].map((p) => ({
      path: p,
      bytes: new TextEncoder().encode(JSON.stringify(flow(p.slice(5, -5)))),
    }));
    await importCatalog({ database: t.database, files, now: () => new Date('2025-01-01T00:00:00Z') });
    const order = async (sort: 'newest' | 'oldest' | 'alphabetical') => {
      const res = await t.client.api.catalog.automations.$get({ query: { sort } }, AS_MEMBER);
      return ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
    };
    expect(await order('newest')).toEqual(['Mango', 'Apple', 'Zebra']);
    expect(await order('oldest')).toEqual(['Zebra', 'Apple', 'Mango']);
    expect(await order('alphabetical')).toEqual(['Apple', 'Mango', 'Zebra']);
  });
});
