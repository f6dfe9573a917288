// The automation page's answer is cached per process (src/server/catalog/detail-cache.ts): whatever
// changes the answer must show on the very next read — an edit, unpublishing, a re-import, activity.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDetailCache } from '#server/catalog/detail-cache.ts';
import { importCatalog, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

type Detail = { id: string; title: string; usage: Record<string, number>; workflowJson: { name: string } };

async function setUp() {
  const t = await createTestApp();
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const admin = await signIn(t, 'admin');
  const member = await signIn(t, 'member');
  const read = async (who: SignedIn, id: string) => {
    const res = await t.client.api.catalog.automations[':id'].$get(
      { param: { id } },
      { headers: who.headers },
    );
    return { status: res.status, etag: res.headers.get('etag'), body: (await res.json()) as Detail };
  };
  return { t, admin, member, read };
}

/** The catalogue console's slack-digest item, as this operator. */
function slackDigest(t: TestApp, admin: SignedIn) {
  const item = t.client.api.admin.catalog.items[':id'];
  const target = { param: { id: 'slack-digest' } };
  const as = { headers: admin.headers };
  return {
    edit: (title: string) => item.$patch({ ...target, json: { title } }, as),
    publish: (published: boolean) => item.published.$put({ ...target, json: { published } }, as),
  };
}

describe('the detail cache: changes show on the next read', () => {
  it('an operator edit and unpublish/publish change the answer at once', async () => {
    const { t, admin, member, read } = await setUp();
    expect((await read(member, 'slack-digest')).body.title).toBe('Slack digest from Google Sheets');
    const edited = await slackDigest(t, admin).edit('Morning Slack digest');
    expect(edited.status).toBe(200);
    expect((await read(member, 'slack-digest')).body.title).toBe('Morning Slack digest');

    await slackDigest(t, admin).publish(false);
    expect((await read(member, 'slack-digest')).status).toBe(404);
    await slackDigest(t, admin).publish(true);
    expect((await read(member, 'slack-digest')).status).toBe(200);
  });

  it('a re-import that changes only the workflow JSON changes the answer and its ETag', async () => {
    const { t, member, read } = await setUp();
    const file = (name: string) => ({
      path: 'cache-probe.json',
      bytes: new TextEncoder().encode(
        JSON.stringify({ name: 'Cache probe', nodes: [{ type: 'n8n-nodes-base.slack', name }] }),
      ),
    });
    await importCatalog({ database: t.database, files: [file('First')] });
    const before = await read(member, 'cache-probe');
    expect(JSON.stringify(before.body.workflowJson)).toContain('First');
    await importCatalog({ database: t.database, files: [file('Second')] });
    const after = await read(member, 'cache-probe');
    expect(JSON.stringify(after.body.workflowJson)).toContain('Second');
    expect(after.etag).not.toBe(before.etag);
  });

  it("a member's view counts in the usage on the next read, for every member", async () => {
    const { t, admin, member, read } = await setUp();
    expect((await read(member, 'telegram-agent')).body.usage.views).toBe(0);
    expect((await read(admin, 'telegram-agent')).body.usage.views).toBe(0);
    const viewed = await t.client.api.library.events.$post(
      { json: { automationId: 'telegram-agent', kind: 'view' } },
      { headers: member.headers },
    );
    expect(viewed.status).toBe(201);
    expect((await read(admin, 'telegram-agent')).body.usage.views).toBe(1);
    expect((await read(member, 'telegram-agent')).body.usage.views).toBe(1);
  });

  it('a repeat with the ETag answers 304, and membership is still checked on every read', async () => {
    const { t, member, read } = await setUp();
    const first = await read(member, 'slack-digest');
    const again = await t.client.api.catalog.automations[':id'].$get(
      { param: { id: 'slack-digest' } },
      { headers: { ...member.headers, 'if-none-match': first.etag! } },
    );
    expect(again.status).toBe(304);
    const user = await signIn(t, 'user');
    expect((await read(user, 'slack-digest')).status).toBe(403);
  });
});

describe('createDetailCache', () => {
  const answer = (body: string) => ({
    body: Buffer.from(body),
    etag: `W/"${body.length}"`,
    tag: 't1',
    automationId: 'a',
  });

  it('keeps at most its byte budget, dropping the least recently used', () => {
    const cache = createDetailCache({ bus: createEventBus(), maxBytes: 4_000 });
    for (const id of ['a', 'b', 'c']) cache.set(id, answer('x'.repeat(900)), cache.epoch());
    cache.get('a', 't1');
    cache.set('d', answer('x'.repeat(900)), cache.epoch());
    cache.set('e', answer('x'.repeat(900)), cache.epoch());
    expect(cache.stats().bytes).toBeLessThanOrEqual(4_000);
    expect(cache.get('b', 't1')).toBeUndefined();
    expect(cache.get('a', 't1')?.body).toHaveLength(900);
    expect(cache.get('e', 't1')).toBeDefined();
  });

  it('misses under another index tag, and drops what a catalogue or activity event touches', () => {
    const bus = createEventBus();
    const cache = createDetailCache({ bus });
    cache.set('a', answer('one'), cache.epoch());
    cache.set('alias-of-a', answer('one'), cache.epoch());
    cache.set('b', { ...answer('two'), automationId: 'b' }, cache.epoch());
    expect(cache.get('a', 't2')).toBeUndefined();
    bus.publish('catalog.activity', { automationId: 'a' });
    expect(cache.get('alias-of-a', 't1')).toBeUndefined();
    expect(cache.get('b', 't1')?.body.toString()).toBe('two');
    bus.publish('catalog.changed', { lastUpdated: 'x', changed: true });
    expect(cache.get('b', 't1')).toBeUndefined();
  });

  it('does not store a read that began before a drop', () => {
    const bus = createEventBus();
    const cache = createDetailCache({ bus });
    const since = cache.epoch();
    bus.publish('catalog.activity', { automationId: 'a' });
    cache.set('a', answer('stale'), since);
    expect(cache.get('a', 't1')).toBeUndefined();
  });
});
