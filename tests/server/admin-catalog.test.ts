// The operator's catalogue: upload → background import with streamed progress → curation
// (edit, publish/unpublish) that members see at once, all in the audit log.
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { CLI_IMPORT_ACTOR, recordedImport } from '#server/catalog/import-jobs.ts';
import { ZIP_LIMITS } from '#server/catalog/read-input.ts';
import { automations } from '#server/db/schema/catalog.ts';
import type { AdminCatalogPage, AuditPage, CatalogImport } from '#shared/schemas/admin.ts';
import { appAs } from '#tests/support/app-as.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import type { TestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

function libraryZip(changed?: string): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const name of readdirSync(LIBRARY)) {
    const bytes = readFileSync(path.join(LIBRARY, name));
    // A changed file (trailing newline) makes the importer update that automation.
    entries[`library/${name}`] = name === changed ? Buffer.concat([bytes, Buffer.from('\n')]) : bytes;
  }
  return zipSync(entries);
}

function upload(t: TestApp, who: SignedIn, files: { name: string; bytes: Uint8Array }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name);
  const { 'content-type': _ct, ...headers } = who.headers as Record<string, string>;
  return t.request('/api/admin/catalog/imports', { method: 'POST', headers, body: form });
}

/** One item of the catalogue console, by id. */
const item = (t: TestApp) => t.client.api.admin.catalog.items[':id'];
const history = async (t: TestApp, who: SignedIn) =>
  (await (
    await t.client.api.admin.catalog.imports.$get({}, { headers: who.headers })
  ).json()) as CatalogImport[];
const audit = async (t: TestApp, who: SignedIn, q: string) =>
  (await (
    await t.client.api.admin.audit.$get({ query: { q } }, { headers: who.headers })
  ).json()) as AuditPage;

async function streamToEnd(t: TestApp, who: SignedIn, id: string): Promise<CatalogImport[]> {
  const events = t.client.api.admin.catalog.imports[':id'].events;
  const res = await events.$get({ param: { id } }, { headers: who.headers });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)) as CatalogImport);
}

const searchIds = async (t: TestApp, who: SignedIn, q = '') => {
  const res = await t.client.api.catalog.automations.$get(
    { query: { q, pageSize: '100' } },
    { headers: who.headers },
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string }[] }).items.map((i) => i.id);
};

describe('operator catalogue', () => {
  it('imports an uploaded ZIP in the background, streams progress to the F2 summary, keeps history', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const started = await upload(t, admin, [{ name: 'library.zip', bytes: libraryZip() }]);
    expect(started.status).toBe(202);
    const row = (await started.json()) as CatalogImport;
    expect(row).toMatchObject({ status: 'queued', fileName: 'library.zip', actorEmail: admin.email });

    const events = await streamToEnd(t, admin, row.id);
    const last = events.at(-1)!;
    expect(last.status).toBe('done');
    expect(last.done).toBe(last.total);
    expect(last.summary).toMatchObject({ filesHandled: last.total });
    expect(last.summary!.imported).toBeGreaterThan(0);
    expect(last.summary!.skipped.map((s) => s.path)).toContain('broken.json');

    expect((await history(t, admin)).map((h) => [h.id, h.status])).toEqual([[row.id, 'done']]);
  });

  it('lists a command-line import in the history with its skipped files and their reasons', async () => {
    const { t, viewer: admin } = await appAs('admin');
    // What `npm run catalog:import -- <folder>` runs (src/server/catalog/import-cli.ts).
    await recordedImport({ database: t.database }, { fileName: 'library' }, (hooks) =>
      importCatalogPath({ database: t.database, target: LIBRARY, ...hooks }),
    );
    const listed = await history(t, admin);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ actorEmail: CLI_IMPORT_ACTOR, fileName: 'library', status: 'done' });
    const broken = listed[0]!.summary!.skipped.find((s) => s.path === 'broken.json');
    expect(broken?.reason).toBeTruthy();
    // A failed command-line import is in the history too, with its error.
    await expect(
      recordedImport({ database: t.database }, { fileName: 'missing' }, (hooks) =>
        importCatalogPath({ database: t.database, target: path.join(LIBRARY, 'no-such-folder'), ...hooks }),
      ),
    ).rejects.toThrow();
    const after = await history(t, admin);
    expect(after[0]).toMatchObject({ fileName: 'missing', status: 'failed' });
    expect(after[0]!.error).toBeTruthy();
  });

  it('refuses an empty upload and anything over 50 MB', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const none = await upload(t, admin, [{ name: 'notes.txt', bytes: new TextEncoder().encode('hi') }]);
    expect(none.status).toBe(400);
    const big = await upload(t, admin, [{ name: 'big.zip', bytes: new Uint8Array(51 * 1024 * 1024) }]);
    expect(big.status).toBe(413);
  });

  it('refuses a zip that would unpack past the caps (entry, ratio, total), before inflating it', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const workflow = readFileSync(path.join(LIBRARY, 'slack-digest.json'));
    // Sizes as a zip declares them (fflate inflates into a buffer of the declared size): a bomb says
    // what it unpacks to, and the caps are checked on that before a byte is inflated.
    const declaring = (entries: Record<string, Uint8Array>, sizes: number[], level: 0 | 9 = 9) => {
      const zip = zipSync(entries, { level });
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
      let at = 0;
      for (const size of sizes) {
        while (view.getUint32(at, true) !== 0x02014b50) at++;
        view.setUint32(at + 24, size, true);
        at += 4;
      }
      return zip;
    };
    const MIB = 1024 * 1024;
    const bombs = {
      // The case: one 512 MiB entry in a small zip.
      entry: declaring({ 'a.json': workflow }, [512 * MIB]),
      ratio: declaring({ 'a.json': workflow }, [ZIP_LIMITS.entryBytes - 1]),
      // Stored entries of 2 MiB declaring 30 MiB each: each is fine, together they pass the total.
      total: declaring(
        Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`w${i}.json`, randomBytes(2 * MIB)])),
        Array(9).fill(30 * MIB),
        0,
      ),
    };
    for (const [cap, bytes] of Object.entries(bombs)) {
      const res = await upload(t, admin, [{ name: `${cap}.zip`, bytes }]);
      expect(res.status, cap).toBe(413);
      expect(((await res.json()) as { error: { message: string } }).error.message, cap).toMatch(
        new RegExp(`^${cap}\\.zip: The zip is too large to unpack: `),
      );
    }
    expect(await history(t, admin)).toEqual([]);
  });

  it('unpublish hides an item from member search, detail and counters; re-import keeps it hidden; edits and reasons', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const member = await signIn(t, 'member');
    const first = (await (
      await upload(t, admin, [{ name: 'library.zip', bytes: libraryZip() }])
    ).json()) as CatalogImport;
    await streamToEnd(t, admin, first.id);

    const before = await searchIds(t, member);
    expect(before).toContain('slack-digest');
    const counters = async () => (await (await t.client.api.catalog.counters.$get()).json()).totalWorkflows;
    const totalBefore = await counters();

    const publish = (published: boolean) =>
      item(t).published.$put(
        { param: { id: 'slack-digest' }, json: { published } },
        { headers: admin.headers },
      );
    const off = await publish(false);
    expect(await off.json()).toEqual({ success: true, published: false });
    expect(await searchIds(t, member)).not.toContain('slack-digest');
    const slackDigest = { param: { id: 'slack-digest' } };
    const automation = t.client.api.catalog.automations[':id'];
    expect((await automation.$get(slackDigest, { headers: member.headers })).status).toBe(404);
    expect((await t.request('/automation/slack-digest')).status).toBe(404);
    expect(await counters()).toBe(totalBefore - 1);

    // A re-import of changed files keeps the operator's flag.
    const again = (await (
      await upload(t, admin, [{ name: 'library.zip', bytes: libraryZip('slack-digest.json') }])
    ).json()) as CatalogImport;
    const end = (await streamToEnd(t, admin, again.id)).at(-1)!;
    expect(end.status).toBe('done');
    expect(end.summary!.updated).toBe(1);
    expect(await searchIds(t, member)).not.toContain('slack-digest');

    const items = (status: 'unpublished' | 'not-deployable') =>
      t.client.api.admin.catalog.items.$get({ query: { status } }, { headers: admin.headers });
    const unpublished = (await (await items('unpublished')).json()) as AdminCatalogPage;
    expect(unpublished.items.map((i) => i.id)).toEqual(['slack-digest']);

    const notDeployable = (await (await items('not-deployable')).json()) as AdminCatalogPage;
    expect(notDeployable.total).toBeGreaterThan(0);
    for (const item of notDeployable.items) expect(item.notDeployableReason).toMatch(/\w/);

    const edit = await item(t).$patch(
      {
        param: { id: 'telegram-agent' },
        json: { title: 'Chat with your documents', tags: ['rag', 'chat'], videoUrl: '' },
      },
      { headers: admin.headers },
    );
    expect(await edit.json()).toMatchObject({
      success: true,
      changed: expect.arrayContaining(['title', 'tags']),
    });
    expect(await searchIds(t, member, 'Chat with your documents')).toEqual(['telegram-agent']);
    // The edit is the operator's: a re-import of the changed file derives the text again but keeps it.
    const reimport = (await (
      await upload(t, admin, [{ name: 'library.zip', bytes: libraryZip('telegram-agent.json') }])
    ).json()) as CatalogImport;
    // Two updates: telegram-agent changed, slack-digest back to its first bytes.
    expect((await streamToEnd(t, admin, reimport.id)).at(-1)!.summary!.updated).toBe(2);
    expect(await searchIds(t, member, 'Chat with your documents')).toEqual(['telegram-agent']);
    const [kept] = await t.database.db
      .select({ title: automations.title, tags: automations.tags })
      .from(automations)
      .where(eq(automations.id, 'telegram-agent'));
    expect(kept).toEqual({ title: 'Chat with your documents', tags: ['rag', 'chat'] });
    // Raw: the typed client refuses a category that does not exist.
    const badCategory = await t.request('/api/admin/catalog/items/telegram-agent', {
      method: 'PATCH',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'Nope' }),
    });
    expect(badCategory.status).toBe(422);

    const on = await publish(true);
    expect(on.status).toBe(200);
    expect(await searchIds(t, member)).toContain('slack-digest');

    expect((await audit(t, admin, 'catalog')).entries.map((e) => [e.action, e.actorEmail])).toEqual([
      ['catalog.publish', admin.email],
      ['catalog.import', admin.email],
      ['catalog.edit', admin.email],
      ['catalog.import', admin.email],
      ['catalog.unpublish', admin.email],
      ['catalog.import', admin.email],
    ]);
  });

  it('an item with incomplete wiring is not deployable until the operator overrides it (audited)', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const member = await signIn(t, 'member');
    const main = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
    const broken = {
      name: 'Broken wiring',
      nodes: [
        { name: 'Every day', type: 'n8n-nodes-base.scheduleTrigger', position: [0, 0] },
        { name: 'Fetch', type: 'n8n-nodes-base.googleSheets', position: [200, 0] },
        { name: 'Shape', type: 'n8n-nodes-base.set', position: [400, 0] },
        { name: 'Post', type: 'n8n-nodes-base.slack', position: [600, 0] },
      ],
      connections: { 'Every day': main('Fetch'), Fetch: main('TWETTER') },
    };
    const started = await upload(t, admin, [
      { name: 'broken-wiring.json', bytes: new TextEncoder().encode(JSON.stringify(broken)) },
    ]);
    const { id } = (await started.json()) as CatalogImport;
    const events = await streamToEnd(t, admin, id);
    expect(events.at(-1)!.summary!.flagged).toEqual([
      {
        path: 'broken-wiring.json',
        id: 'broken-wiring',
        flags: ['incomplete wiring: connections name missing nodes (TWETTER)'],
      },
    ]);
    const list = async () =>
      (
        (await (
          await t.client.api.admin.catalog.items.$get({ query: { q: 'broken' } }, { headers: admin.headers })
        ).json()) as AdminCatalogPage
      ).items[0]!;
    expect(await list()).toMatchObject({
      deployable: false,
      incompleteWiring: true,
      deployOverride: false,
      notDeployableReason: 'Incomplete wiring: connections name missing nodes (TWETTER).',
    });
    const detail = async () =>
      (await (
        await t.client.api.catalog.automations[':id'].$get(
          { param: { id: 'broken-wiring' } },
          { headers: member.headers },
        )
      ).json()) as {
        deployable: boolean;
        quality: { missingNodes: string[] };
      };
    expect(await detail()).toMatchObject({ deployable: false, quality: { missingNodes: ['TWETTER'] } });

    const override = (who: SignedIn) =>
      item(t)['deploy-override'].$put(
        { param: { id: 'broken-wiring' }, json: { override: true } },
        { headers: who.headers },
      );
    expect((await override(member)).status).toBe(404); // the console's routes do not exist for members
    const res = await override(admin);
    expect(await res.json()).toEqual({ success: true, override: true, deployable: true });
    expect(await list()).toMatchObject({ deployable: true, deployOverride: true, notDeployableReason: null });
    await vi_waitForDeployable(detail);
    expect((await audit(t, admin, 'deploy-override')).entries.map((e) => [e.action, e.target])).toEqual([
      ['catalog.deploy-override', 'broken-wiring'],
    ]);
  });
});

/** The member detail reads the row; the search index catches up on the catalogue event. */
async function vi_waitForDeployable(detail: () => Promise<{ deployable: boolean }>) {
  for (let i = 0; i < 50; i++) {
    if ((await detail()).deployable) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the detail never became deployable');
}
