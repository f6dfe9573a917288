// Readiness at import (every flag, on crafted files), guides (items without a workflow) and the
// operator's editorial queue: edits members see at once, kept across re-imports, CSV round trip.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automationEvents, automations } from '#server/db/schema/catalog.ts';
import type { EditorialCsvResult, EditorialDetail, EditorialPage } from '#shared/schemas/editorial.ts';
import { appAs } from '#tests/support/app-as.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { node } from '#tests/support/workflows.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const B = 'n8n-nodes-base.';
const L = '@n8n/n8n-nodes-langchain.';
const main = (...to: string[]) => ({ main: [to.map((n) => ({ node: n, type: 'main', index: 0 }))] });
const ai = (kind: string, to: string) => ({ [kind]: [[{ node: to, type: kind, index: 0 }]] });

/** One crafted file per readiness flag, and a complete 3-node workflow. */
const CRAFTED: Record<string, { workflow: object; deployable: boolean; code?: string }> = {
  'three-node-weather': {
    workflow: {
      name: 'Telegram weather',
      nodes: [
        node('Telegram Trigger', `${B}telegramTrigger`),
        node('OpenWeatherMap', `${B}openWeatherMap`),
        node('Telegram', `${B}telegram`),
      ],
      connections: { 'Telegram Trigger': main('OpenWeatherMap'), OpenWeatherMap: main('Telegram') },
    },
    deployable: true,
  },
  'notes-only': {
    workflow: { name: 'Notes', nodes: [node('Note', `${B}stickyNote`, { parameters: { content: 'Idea' } })] },
    deployable: false,
    code: 'no-nodes',
  },
  'no-trigger': {
    workflow: {
      name: 'No trigger',
      nodes: [node('HTTP', `${B}httpRequest`), node('Slack', `${B}slack`)],
      connections: { HTTP: main('Slack') },
    },
    deployable: false,
    code: 'no-trigger',
  },
  'trigger-only': {
    workflow: { name: 'Trigger only', nodes: [node('Every day', `${B}scheduleTrigger`)] },
    deployable: false,
    code: 'no-action',
  },
  'agent-without-model': {
    workflow: {
      name: 'Agent without model',
      nodes: [node('Chat', `${L}chatTrigger`), node('Agent', `${L}agent`)],
      connections: { Chat: main('Agent') },
    },
    deployable: false,
    code: 'model-missing',
  },
  'agent-not-connected': {
    workflow: {
      name: 'Agent not connected',
      nodes: [
        node('Chat', `${L}chatTrigger`),
        node('Set', `${B}set`),
        node('Agent', `${L}agent`),
        node('Model', `${L}lmChatOpenAi`),
      ],
      connections: { Chat: main('Set'), Model: ai('ai_languageModel', 'Agent') },
    },
    deployable: false,
    code: 'ai-not-connected',
  },
  'unknown-node-type': {
    workflow: {
      name: 'Hugging Face chat',
      nodes: [node('Chat', `${L}chatTrigger`), node('Agent', `${L}agent`), node('HF', `${L}lmChatHf`)],
      connections: { Chat: main('Agent'), HF: ai('ai_languageModel', 'Agent') },
    },
    deployable: false,
    code: 'unknown-node',
  },
  'noop-placeholder': {
    workflow: {
      name: 'Placeholder',
      nodes: [node('Hook', `${B}webhook`), node('HTTP', `${B}httpRequest`), node('Replace Me', `${B}noOp`)],
      connections: { Hook: main('HTTP'), HTTP: main('Replace Me') },
    },
    deployable: true,
    code: 'noop-placeholder',
  },
  'community-node': {
    workflow: {
      name: 'KlickTipp',
      nodes: [node('Hook', `${B}webhook`), node('Tip', 'n8n-nodes-klicktipp.klicktipp')],
      connections: { Hook: main('Tip') },
    },
    deployable: true,
    code: 'community-node',
  },
  'broken-wiring': {
    workflow: {
      name: 'Broken wiring',
      nodes: [node('Every day', `${B}scheduleTrigger`), node('Slack', `${B}slack`)],
      connections: { 'Every day': main('Get Alerts'), 'Get Alerts': main('Slack') },
    },
    deployable: false,
    code: 'broken-wiring',
  },
};

function craftedFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-readiness-'));
  for (const [id, c] of Object.entries(CRAFTED))
    writeFileSync(path.join(dir, `${id}.json`), JSON.stringify(c.workflow));
  return dir;
}

const searchIds = async (t: TestApp, who: SignedIn, q = '') => {
  const res = await t.client.api.catalog.automations.$get(
    { query: { q, pageSize: '100' } },
    { headers: who.headers },
  );
  return ((await res.json()) as { items: { id: string; title: string }[] }).items;
};

const editorial = (t: TestApp) => t.client.api.admin.editorial;

describe('readiness at import', () => {
  it('stores every flag with its reason; deployable follows the graph, not the node count', async () => {
    const t = await createTestApp();
    const dir = craftedFolder();
    try {
      const report = await importCatalogPath({ database: t.database, target: dir });
      const rows = await t.database.db
        .select({ id: automations.id, deployable: automations.deployable, quality: automations.quality })
        .from(automations);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [id, c] of Object.entries(CRAFTED)) {
        const row = byId.get(id);
        expect(row?.deployable, id).toBe(c.deployable);
        if (c.code)
          expect(
            row?.quality?.readiness?.flags.map((f) => f.code),
            id,
          ).toContain(c.code);
        else expect(row?.quality?.readiness, id).toEqual({ level: 'ready', flags: [] });
      }
      // The import report names each problem in the operator's words.
      const flagged = new Map(report.flagged.map((f) => [f.id, f.flags.join(' | ')]));
      expect(flagged.get('agent-without-model')).toContain('“Agent” has no chat model connected');
      expect(flagged.get('unknown-node-type')).toContain('lmChatHf does not exist in n8n');
      expect(flagged.get('noop-placeholder')).toContain('“Replace Me” is a No-Op placeholder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('guides: items without a workflow', () => {
  it('are never first, never counted, and hidden when the operator chooses', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const member = await signIn(t, 'member');
    await importCatalogPath({ database: t.database, target: LIBRARY });
    // lead-router is a manifest row with a video and no workflow file: a guide.
    const items = (await searchIds(t, member)) as { id: string; readiness?: string }[];
    expect(items.map((i) => i.id)).toContain('lead-router');
    const kinds = items.map((i) => (i.readiness === 'guide' ? 'guide' : 'template'));
    // Guides come after every template, though lead-router has a video (videos sort first).
    expect(kinds.indexOf('guide')).toBeGreaterThan(kinds.lastIndexOf('template'));
    const total = async () => (await (await t.client.api.catalog.counters.$get()).json()).totalWorkflows;
    const published = await t.database.db.select({ json: automations.workflowJson }).from(automations);
    expect(await total()).toBe(published.filter((r) => r.json !== null).length);

    const set = (guides: 'show' | 'hide') =>
      editorial(t).settings.$put({ json: { guides } }, { headers: admin.headers });
    expect(await (await set('hide')).json()).toEqual({ guides: 'hide' });
    expect((await searchIds(t, member)).map((i) => i.id)).not.toContain('lead-router');
    const detail = t.client.api.catalog.automations[':id'];
    expect((await detail.$get({ param: { id: 'lead-router' } }, { headers: member.headers })).status).toBe(
      404,
    );
    await set('show');
    expect((await searchIds(t, member)).map((i) => i.id)).toContain('lead-router');
  });
});

describe('editorial queue', () => {
  it('lists by views, edits members see at once, keeps edits across re-imports, CSV round trip', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const member = await signIn(t, 'member');
    const dir = mkdtempSync(path.join(tmpdir(), 'fv-editorial-'));
    cpSync(LIBRARY, dir, { recursive: true });
    try {
      await importCatalogPath({ database: t.database, target: dir });
      // Members viewed telegram-agent three times, slack-digest once.
      const view = (id: string) => ({ userId: member.userId, automationId: id, kind: 'view' as const });
      await t.database.db
        .insert(automationEvents)
        .values([
          view('telegram-agent'),
          view('telegram-agent'),
          view('telegram-agent'),
          view('slack-digest'),
        ]);

      const queue = async (query: Record<string, string> = {}) =>
        (await (await editorial(t).$get({ query }, { headers: admin.headers })).json()) as EditorialPage;
      const first = await queue();
      expect(first.items.slice(0, 2).map((i) => [i.id, i.views])).toEqual([
        ['telegram-agent', 3],
        ['slack-digest', 1],
      ]);
      expect(first.items.find((i) => i.id === 'lead-router')).toMatchObject({
        readiness: 'guide',
        reasons: expect.arrayContaining(['flagged', 'unreviewed']),
      });
      const flagged = await queue({ reason: 'flagged' });
      expect(flagged.items.every((i) => i.readiness !== 'ready')).toBe(true);
      expect(flagged.total).toBe(first.counts.flagged);

      const one = (await (
        await editorial(t).items[':id'].$get({ param: { id: 'telegram-agent' } }, { headers: admin.headers })
      ).json()) as EditorialDetail;
      expect(one.canvas.nodes.length).toBeGreaterThan(0);

      const patch = (json: Record<string, unknown>) =>
        editorial(t).items[':id'].$patch(
          { param: { id: 'telegram-agent' }, json },
          { headers: admin.headers },
        );
      expect(
        (await (await patch({ title: 'Answer Telegram messages with an AI agent' })).json()).changed,
      ).toEqual(['title']);
      // Members see it at once.
      expect((await searchIds(t, member, 'Answer Telegram messages')).map((i) => [i.id, i.title])).toEqual([
        ['telegram-agent', 'Answer Telegram messages with an AI agent'],
      ]);

      // A re-import of the changed file derives everything again but keeps the operator's title.
      const file = path.join(dir, 'telegram-agent.json');
      writeFileSync(file, `${(await import('node:fs')).readFileSync(file, 'utf8')}\n`);
      const again = await importCatalogPath({ database: t.database, target: dir });
      expect(again.updated).toBe(1);
      const [kept] = await t.database.db
        .select({ title: automations.title })
        .from(automations)
        .where(eq(automations.id, 'telegram-agent'));
      expect(kept?.title).toBe('Answer Telegram messages with an AI agent');

      // Accept: out of the queue.
      await patch({ reviewed: true });
      expect((await queue()).items.map((i) => i.id)).not.toContain('telegram-agent');

      // CSV: export, change one summary in a "spreadsheet", import.
      const csv = await (await editorial(t)['export.csv'].$get({}, { headers: admin.headers })).text();
      expect(csv.split('\r\n')[0]).toBe('"id","title","summary","tags","reviewed"');
      const line = csv.split('\r\n').find((l) => l.startsWith('"slack-digest"'))!;
      const edited = `"id","summary"\r\n"slack-digest","Posts yesterday's new rows to Slack every morning."\r\n"nope","x"\r\n"slack-digest",""\r\n`;
      expect(line).toContain('"no"');
      const result = (await (
        await editorial(t).import.$post({ json: { csv: edited } }, { headers: admin.headers })
      ).json()) as EditorialCsvResult;
      expect(result).toEqual({
        updated: 1,
        unchanged: 0,
        errors: ['line 4: the summary must have 1 to 160 characters', 'nope: no such template'],
      });
      const digest = (await searchIds(t, member, 'digest')).find((i) => i.id === 'slack-digest');
      expect(digest).toBeDefined();
      const [summary] = await t.database.db
        .select({ summary: automations.summary })
        .from(automations)
        .where(eq(automations.id, 'slack-digest'));
      expect(summary?.summary).toBe("Posts yesterday's new rows to Slack every morning.");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
