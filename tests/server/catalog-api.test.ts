import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCatalog, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { user } from '#server/db/schema/auth.ts';
import { automationEvents, automationRatings } from '#server/db/schema/catalog.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import {
  AutomationDetailSchema,
  AutomationPreviewSchema,
  CatalogSearchResponseSchema,
} from '#shared/schemas/catalog.ts';
import { CatalogCountersSchema, TrendingResponseSchema } from '#shared/schemas/catalog-public.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const AS_MEMBER = { headers: { 'x-test-viewer': 'member' } };

async function appWithLibrary() {
  const t = await createTestApp({ resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const get = async (url: string, init: RequestInit = AS_MEMBER) => {
    const res = await t.request(url, init);
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { items: { id: string }[] },
    };
  };
  return { ...t, get };
}

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);

describe('member search: GET /api/catalog/automations', () => {
  it('needs a signed-in member', async () => {
    const { get } = await appWithLibrary();
    expect((await get('/api/catalog/automations', {})).status).toBe(401);
    expect((await get('/api/catalog/automations', { headers: { 'x-test-viewer': 'user' } })).status).toBe(
      403,
    );
    expect((await get('/api/catalog/automations', { headers: { 'x-test-viewer': 'admin' } })).status).toBe(
      200,
    );
  });

  it('lists newest first with videos first, small cards, counts per category and chip', async () => {
    const { get } = await appWithLibrary();
    const { status, body } = await get('/api/catalog/automations');
    expect(status).toBe(200);
    const parsed = CatalogSearchResponseSchema.parse(body);
    expect(parsed.total).toBe(6);
    // Videos first (slack-digest 2024-05, lead-router 2023-01), then newest.
    expect(ids(parsed).slice(0, 2)).toEqual(['slack-digest', 'lead-router']);
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
    ["'; drop table automations; --", []],
    ['"quoted"', []],
    ['🚀', []],
    // The word rule (issue 16): e-mail = email; a lone letter is no prefix.
    ['e-mail', ['v3000-email-summariser-bot']],
    ['c++', []],
    ['slack:bot', []],
    ['x'.repeat(1000), []],
  ])('q=%j → %j', async (q, expected) => {
    const { get } = await appWithLibrary();
    const { status, body } = await get(`/api/catalog/automations?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(ids(body).sort()).toEqual([...expected].sort());
  });

  it('rejects more than 1,000 characters with a clear 422', async () => {
    const { get } = await appWithLibrary();
    const { status, body } = await get(`/api/catalog/automations?q=${'x'.repeat(1001)}`);
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
    const { get } = await appWithLibrary();
    const { body } = await get(`/api/catalog/automations?chips=${encodeURIComponent(chips)}`);
    expect(ids(body).sort()).toEqual([...expected].sort());
  });

  it('sorts: oldest, alphabetical (videos first), and paginates', async () => {
    const { get } = await appWithLibrary();
    const oldest = (await get('/api/catalog/automations?sort=oldest')).body;
    expect(ids(oldest).slice(0, 2)).toEqual(['lead-router', 'slack-digest']);
    const alpha = (await get('/api/catalog/automations?sort=alphabetical')).body;
    expect(ids(alpha).slice(0, 2)).toEqual(['lead-router', 'slack-digest']);
    const rest = (alpha.items as unknown as { title: string }[]).slice(2).map((i) => i.title);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
    const page2 = (await get('/api/catalog/automations?sort=alphabetical&pageSize=4&page=2')).body;
    expect(ids(page2)).toEqual(ids(alpha).slice(4));
    expect(page2.total).toBe(6);
    expect((await get('/api/catalog/automations?sort=random')).status).toBe(422);
    expect((await get('/api/catalog/automations?page=0')).status).toBe(422);
  });

  it('popular comes from real member events, and ratings from member ratings only (no imported score without ratings)', async () => {
    const { get, database } = await appWithLibrary();
    let body = (await get('/api/catalog/automations?sort=popular')).body;
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
    body = (await get('/api/catalog/automations?sort=popular')).body;
    const cards = body.items as unknown as {
      id: string;
      runs: number;
      rating: number | null;
      ratingCount: number;
    }[];
    // Videos first, then by runs.
    expect(cards.slice(2, 4).map((c) => [c.id, c.runs])).toEqual([
      ['telegram-agent', 2],
      ['0042-webhook-only', 1],
    ]);
    const byId = Object.fromEntries(cards.map((c) => [c.id, c]));
    expect(byId['telegram-agent']).toMatchObject({ rating: 4.5, ratingCount: 2 });
    expect(byId['v3000-email-summariser-bot']).toMatchObject({ rating: 2, ratingCount: 1 });
    expect(byId['v3000-podcast-clipper']).toMatchObject({ rating: null, ratingCount: 0 });
    expect(byId['slack-digest']).toMatchObject({ rating: null, runs: 0 });
    // The detail counts each kind of activity on its own.
    const detail = (await get('/api/catalog/automations/telegram-agent')).body as unknown as {
      usage: Record<string, number>;
    };
    expect(detail.usage).toEqual({ deploys: 1, copies: 1, downloads: 0, views: 1 });
  });

  it('sees a new import right away (the change event rebuilds the index)', async () => {
    const { get, database } = await appWithLibrary();
    expect((await get('/api/catalog/automations?q=brand-new')).body.total).toBe(0);
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
    expect(ids((await get('/api/catalog/automations?q=brand-new')).body)).toEqual(['brand-new']);
  });
});

describe('AI agents, one automation, related, by author', () => {
  it('lists AI agents with stats', async () => {
    const { get } = await appWithLibrary();
    const { status, body } = await get('/api/catalog/ai-agents');
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
    const { get } = await appWithLibrary();
    const first = await get('/api/catalog/ai-agents?pageSize=2');
    const second = await get('/api/catalog/ai-agents?pageSize=2&page=2');
    expect(first.body.total).toBe(3);
    expect(ids(first.body)).toHaveLength(2);
    expect([...ids(first.body), ...ids(second.body)].sort()).toEqual([
      'telegram-agent',
      'v3000-email-summariser-bot',
      'v3000-podcast-clipper',
    ]);
    const found = await get('/api/catalog/ai-agents?q=TELEGRAM');
    expect(ids(found.body)).toEqual(['telegram-agent']);
    expect(found.body.total).toBe(1);
    expect(found.body).toMatchObject({ stats: { count: 3 } });
    expect((await get('/api/catalog/ai-agents?q=no-such-agent')).body).toMatchObject({ items: [], total: 0 });
    expect((await get(`/api/catalog/ai-agents?q=${'x'.repeat(201)}`)).status).toBe(422);
  });

  it('returns one automation with workflow JSON, set-up steps and config', async () => {
    const { get } = await appWithLibrary();
    const { status, body } = await get('/api/catalog/automations/slack-digest');
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
    expect((await get('/api/catalog/automations/nope')).status).toBe(404);
    expect((await get('/api/catalog/automations/slack-digest', {})).status).toBe(401);
  });

  it('applies the v3000- rule: an id that is not stored finds the "3000" row by name', async () => {
    const { get } = await appWithLibrary();
    expect((await get('/api/catalog/automations/v3000-email-summariser-bot')).body.id).toBe(
      'v3000-email-summariser-bot',
    );
    expect((await get('/api/catalog/automations/v3000-summariser')).body.id).toBe(
      'v3000-email-summariser-bot',
    );
    expect((await get('/api/catalog/automations/v3000-unknown-thing')).status).toBe(404);
  });

  it('related: same category, newest first, 3 at most, never itself; more by the same author', async () => {
    const { get } = await appWithLibrary();
    const related = (await get('/api/catalog/automations/telegram-agent/related')).body;
    expect(ids(related)).toEqual(['v3000-email-summariser-bot']);
    const byAuthor = (await get('/api/catalog/automations/slack-digest/by-author')).body;
    expect(ids(byAuthor)).toEqual(['telegram-agent']);
    expect((await get('/api/catalog/automations/nope/related')).status).toBe(404);
  });
});

describe('public endpoints', () => {
  it('counters and trending match the shared contract, with no random numbers', async () => {
    const { get } = await appWithLibrary();
    const counters = CatalogCountersSchema.parse((await get('/api/catalog/counters', {})).body);
    expect(counters).toMatchObject({ totalWorkflows: 6, perSource: { vault: 3, '3000': 2, library: 1 } });
    expect(counters.integrations).toBeGreaterThanOrEqual(5);
    expect(counters.lastUpdated).toMatch(/^\d{4}-/);
    const trending = TrendingResponseSchema.parse((await get('/api/catalog/trending?limit=3', {})).body);
    expect(trending.items).toHaveLength(3);
    expect(trending.items.every((i) => i.runs === 0)).toBe(true);
    expect((await get('/api/catalog/trending?limit=0', {})).status).toBe(422);
  });

  it('counters before any import', async () => {
    const t = await createTestApp();
    const res = await t.request('/api/catalog/counters');
    expect(await res.json()).toEqual({
      totalWorkflows: 0,
      perSource: {},
      categories: 0,
      integrations: 0,
      lastUpdated: null,
    });
  });

  it('the preview for non-members has the canvas but never parameters, credentials or workflow JSON', async () => {
    const { get } = await appWithLibrary();
    const { status, body } = await get('/api/catalog/automations/telegram-agent/preview', {});
    expect(status).toBe(200);
    const preview = AutomationPreviewSchema.parse(body);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/parameters|credentials|telegramApi|openAiApi|workflowJson/);
    // Shapes and names only: the author's sticky notes keep their size but never their text, in the
    // description or on the canvas.
    expect(text).not.toMatch(
      /AI agent that answers Telegram|Second note|answers Telegram messages|add your bot token/,
    );
    expect(preview.canvas.nodes.find((n) => n.name === 'Agent')).toMatchObject({
      type: '@n8n/n8n-nodes-langchain.agent',
      kind: 'node',
      x: 200,
      y: 0,
      ports: [{ type: 'ai_languageModel', label: 'Chat Model' }],
    });
    expect(preview.canvas.nodes.find((n) => n.name === 'Note 900')).toMatchObject({
      kind: 'sticky',
      width: 240,
      height: 160,
    });
    // The link to a node that does not exist is dropped.
    const name = new Map(preview.canvas.nodes.map((n) => [n.id, n.name]));
    expect(preview.canvas.edges.map((e) => [name.get(e.source), name.get(e.target), e.type])).toEqual([
      ['On message', 'Agent', 'main'],
      ['Agent', 'Reply', 'main'],
      ['Model', 'Agent', 'ai_languageModel'],
    ]);
    const secret = await get('/api/catalog/automations/slack-digest/preview', {});
    expect(JSON.stringify(secret.body)).not.toContain('secret-sheet');
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
    const order = async (sort: string) => {
      const res = await t.request(`/api/catalog/automations?sort=${sort}`, AS_MEMBER);
      return ((await res.json()) as { items: { title: string }[] }).items.map((i) => i.title);
    };
    expect(await order('newest')).toEqual(['Mango', 'Apple', 'Zebra']);
    expect(await order('oldest')).toEqual(['Zebra', 'Apple', 'Mango']);
    expect(await order('alphabetical')).toEqual(['Apple', 'Mango', 'Zebra']);
  });
});
