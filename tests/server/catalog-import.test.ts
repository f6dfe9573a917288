import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importCatalog, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations, workflowStats } from '#server/db/schema/catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const bytes = (value: unknown) => strToU8(JSON.stringify(value));
const workflow = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  nodes: [
    { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0] },
    { name: 'Post', type: 'n8n-nodes-base.slack', position: [200, 0] },
  ],
  connections: {},
  ...extra,
});

describe('importCatalog on the fixture library (folder with manifest.json)', () => {
  it('imports rows and files, reports bad ones with path and reason, and writes workflow_stats', async () => {
    const { database } = await createTestApp();
    const report = await importCatalogPath({ database, target: LIBRARY });
    expect(report).toMatchObject({
      filesHandled: 9,
      imported: 6,
      updated: 0,
      unchanged: 0,
      templateOnly: 2,
      total: 4, // the two guides without a workflow are not counted (decision 0023)
    });
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.path, s.reason]));
    expect(reasons).toEqual({
      'broken.json': expect.stringMatching(/^invalid JSON/),
      'double-encoded.json': 'double-encoded keys (for example "nodes")',
      'empty-nodes.json': 'no nodes',
      'giant.json': 'too large: 201 executable nodes (limit 200)',
      'not-a-workflow.json': 'not an n8n workflow (no "nodes" list)',
      'manifest row 6': '3000 row without a name',
      'manifest row 7': '"orphan" has no usable workflow file and no template_url',
      'manifest row 8': 'unknown source "other" (expected "vault" or "3000")',
    });

    const rows = await database.db.select().from(automations).orderBy(automations.id);
    expect(rows.map((r) => r.id)).toEqual([
      '0042-webhook-only',
      'lead-router',
      'slack-digest',
      'telegram-agent',
      'v3000-email-summariser-bot',
      'v3000-podcast-clipper',
    ]);
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId['slack-digest']).toMatchObject({
      source: 'vault',
      title: 'Slack digest from Google Sheets',
      author: 'Ada Lovelace',
      // No manifest description: the author's statement of purpose from the note (its set-up remark
      // left out), then the graph's account (decision 0022); never the raw note.
      description:
        "Posts a summary of yesterday's Google Sheets rows to Slack every morning.\n\nEvery day at 00:00, it reads rows from Google Sheets and posts a message with Slack.",
      purpose: "Posts a summary of yesterday's Google Sheets rows to Slack every morning.",
      purposeSource: 'author',
      summarySource: 'author',
      authorNotes: [expect.stringContaining('Posts a summary')],
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      deployable: true,
      nodeCount: 4,
      triggerType: 'Schedule',
      sourceRating: null,
    });
    expect(byId['slack-digest']!.createdAt.toISOString()).toBe('2024-05-01T00:00:00.000Z');
    expect(byId['telegram-agent']).toMatchObject({
      title: 'Telegram AI agent',
      description: 'Answers Telegram messages with an AI agent.',
      authorNotes: [
        'An AI agent that answers Telegram messages with OpenAI.',
        'Second note: add your bot token.',
      ],
      howItWorks: expect.stringMatching(/^When a Telegram message arrives\.\n/),
      category: 'AI & Automation',
    });
    expect(byId['v3000-email-summariser-bot']).toMatchObject({
      source: '3000',
      author: 'Community',
      sourceRating: expect.closeTo(4.7, 5),
      workflowJson: null,
      deployable: false,
    });
    expect(byId['v3000-podcast-clipper']).toMatchObject({ sourceRating: 4, nodeCount: 4 });
    expect(byId['0042-webhook-only']).toMatchObject({
      source: 'library',
      // Its title came from the file name: replaced by one from the graph (decision 0022).
      title: 'Start a workflow when a webhook is called',
      deployable: false,
    });

    const [stats] = await database.db.select().from(workflowStats);
    // Guides (items without a workflow) are not templates and are not counted (decision 0023).
    expect(stats).toMatchObject({
      totalWorkflows: 4,
      youtubeWorkflows: 1,
      redditWorkflows: 0,
      skoolWorkflows: 0,
      otherWorkflows: 3,
      perSource: { vault: 2, '3000': 1, library: 1 },
    });
  });

  it('re-importing the same files is a no-op; a changed file updates in place with a stable id', async () => {
    const { database } = await createTestApp();
    const bus = createEventBus();
    const events: unknown[] = [];
    bus.subscribe('catalog.changed', (e) => events.push(e));
    const files = [
      { path: 'a/0001_First.json', bytes: bytes(workflow('First')) },
      { path: 'b/0002_Second.json', bytes: bytes(workflow('Second')) },
    ];
    const first = await importCatalog({ database, files, bus, now: () => new Date('2025-01-01T00:00:00Z') });
    expect(first).toMatchObject({ imported: 2, updated: 0, unchanged: 0 });
    const before = await database.db.select().from(automations).orderBy(automations.id);

    const again = await importCatalog({ database, files, bus, now: () => new Date('2025-02-01T00:00:00Z') });
    expect(again).toMatchObject({ filesHandled: 2, imported: 0, updated: 0, unchanged: 2, skipped: [] });
    expect(await database.db.select().from(automations).orderBy(automations.id)).toEqual(before);

    const changed = [files[0]!, { path: 'b/0002_Second.json', bytes: bytes(workflow('Second, renamed')) }];
    const third = await importCatalog({
      database,
      files: changed,
      bus,
      now: () => new Date('2025-03-01T00:00:00Z'),
    });
    expect(third).toMatchObject({ imported: 0, updated: 1, unchanged: 1 });
    const [second] = await database.db.select().from(automations).where(eq(automations.id, '0002-second'));
    expect(second).toMatchObject({ title: 'Second, renamed' });
    // Created stays the first import time; updated moves.
    expect(second!.createdAt.toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(second!.updatedAt.toISOString()).toBe('2025-03-01T00:00:00.000Z');

    // A stats row after each import; last_updated only moves when something changed.
    const stats = await database.db.select().from(workflowStats).orderBy(workflowStats.id);
    expect(stats.map((s) => s.lastUpdated.toISOString())).toEqual([
      '2025-01-01T00:00:00.000Z',
      '2025-01-01T00:00:00.000Z',
      '2025-03-01T00:00:00.000Z',
    ]);
    expect(events).toEqual([
      { lastUpdated: '2025-01-01T00:00:00.000Z', changed: true, total: 2 },
      { lastUpdated: '2025-01-01T00:00:00.000Z', changed: false, total: 2 },
      { lastUpdated: '2025-03-01T00:00:00.000Z', changed: true, total: 2 },
    ]);
  });

  it('reads a zip with a CSV manifest and an explicit --source', async () => {
    const { database } = await createTestApp();
    const dir = mkdtempSync(path.join(tmpdir(), 'fv-catalog-'));
    const csv = [
      'source,id,title,description,creator,youtube_url,resource_url,template_url,date_posted,name,score,file',
      'vault,zip-one,"Zip one, quoted",From CSV,Linus,,,,2024-01-02,,,',
      '3000,,,"Scored, with comma",,,,https://n8n.io/workflows/9,,Zip Three,3.5,flows/three.json',
    ].join('\n');
    const zip = zipSync({
      'pack/zip-one.json': bytes(workflow('ignored name')),
      'pack/flows/three.json': bytes(workflow('Three')),
      'pack/flows/extra.json': bytes(workflow('Extra')),
      'pack/manifest.csv': strToU8(csv),
    });
    writeFileSync(path.join(dir, 'pack.zip'), zip);
    const report = await importCatalogPath({
      database,
      target: path.join(dir, 'pack.zip'),
      source: 'zie619',
    });
    expect(report).toMatchObject({ filesHandled: 3, imported: 3, skipped: [] });
    const rows = await database.db
      .select({
        id: automations.id,
        title: automations.title,
        source: automations.source,
        rating: automations.sourceRating,
      })
      .from(automations)
      .orderBy(automations.id);
    expect(rows).toEqual([
      { id: 'extra', title: 'Extra', source: 'zie619', rating: null },
      { id: 'v3000-zip-three', title: 'Zip Three', source: '3000', rating: 3.5 },
      { id: 'zip-one', title: 'Zip one, quoted', source: 'vault', rating: null },
    ]);
  });

  it('a single JSON file imports on its own; a missing path is a clear error', async () => {
    const { database } = await createTestApp();
    const report = await importCatalogPath({ database, target: path.join(LIBRARY, 'slack-digest.json') });
    expect(report).toMatchObject({ filesHandled: 1, imported: 1 });
    await expect(importCatalogPath({ database, target: path.join(LIBRARY, 'nope') })).rejects.toThrow(
      /Nothing to import at .*nope: no such file or folder/,
    );
    const counted = await database.db.select({ n: sql<number>`count(*)::int` }).from(automations);
    expect(counted[0]?.n).toBe(1);
    expect(readdirSync(LIBRARY).length).toBeGreaterThan(0);
    expect(readFileSync(path.join(LIBRARY, 'manifest.json'), 'utf8')).toContain('"rows"');
  });
});

describe('import quality flags (decision 0012)', () => {
  const flow = (name: string, connections: Record<string, unknown>) => ({
    name,
    nodes: [
      { name: 'Every day', type: 'n8n-nodes-base.scheduleTrigger', position: [0, 0] },
      { name: 'Fetch Rows', type: 'n8n-nodes-base.googleSheets', position: [200, 0] },
      { name: 'Shape', type: 'n8n-nodes-base.set', position: [400, 0] },
      { name: 'Post', type: 'n8n-nodes-base.slack', position: [600, 0] },
      { name: 'Shape', type: 'n8n-nodes-klicktipp.klicktipp', position: [800, 0] },
    ],
    connections,
  });
  const main = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });

  it('repairs unambiguous wiring, flags the rest as incomplete and keeps the operator override on re-import', async () => {
    const { database } = await createTestApp();
    const files = [
      {
        path: 'repairable.json',
        bytes: bytes(flow('Repairable', { 'Every day': main('fetch rows'), 'Fetch Rows 2': main('Post') })),
      },
      {
        path: 'broken.json',
        bytes: bytes(flow('Broken', { 'Every day': main('Fetch Rows'), Ghost: main('Post') })),
      },
    ];
    const report = await importCatalog({ database, files });
    expect(report.imported).toBe(2);
    const flags = Object.fromEntries(report.flagged.map((f) => [f.id, f.flags]));
    expect(flags.repairable).toEqual([
      'wiring repaired: "fetch rows" → "Fetch Rows", "Fetch Rows 2" → "Fetch Rows"',
      'duplicate node names: Shape',
      'needs community node n8n-nodes-klicktipp.klicktipp',
    ]);
    expect(flags.broken?.[0]).toBe('incomplete wiring: connections name missing nodes (Ghost)');

    const rows = Object.fromEntries((await database.db.select().from(automations)).map((r) => [r.id, r]));
    expect(rows.repairable).toMatchObject({ deployable: true, quality: { incompleteWiring: false } });
    expect(JSON.parse(rows.repairable!.workflowJson!).connections).toEqual({
      'Every day': main('Fetch Rows'),
      'Fetch Rows': main('Post'),
    });
    expect(rows.broken).toMatchObject({
      deployable: false,
      quality: { incompleteWiring: true, missingNodes: ['Ghost'] },
    });

    // The operator overrides; a changed file re-imported keeps the override.
    await database.db.update(automations).set({ deployOverride: true }).where(eq(automations.id, 'broken'));
    const changed = { path: 'broken.json', bytes: bytes(flow('Broken, v2', { Ghost: main('Post') })) };
    await importCatalog({ database, files: [changed] });
    const [after] = await database.db.select().from(automations).where(eq(automations.id, 'broken'));
    expect(after).toMatchObject({ title: 'Broken, v2', deployOverride: true, deployable: true });
  });
});
