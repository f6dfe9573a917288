import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { user } from '#server/db/schema/auth.ts';
import { automationEvents, automations } from '#server/db/schema/catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { appAs } from '#tests/support/app-as.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerOf } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const SMALL_SAMPLE = path.resolve(
  import.meta.dirname,
  '../../samples/workflows/webhook-json-normalizer.json',
);

async function appWithMember() {
  const t = await createTestApp({
    bus: createEventBus(),
    resolveViewer: async (headers) => {
      const id = headers.get('x-test-viewer');
      if (!id) return null;
      return { ...viewerOf('member')!, userId: id, email: `${id}@flowvault.test` };
    },
  });
  await t.database.db.insert(user).values([{ id: 'member-a', email: 'member-a@flowvault.test' }]);
  await importCatalogPath({ database: t.database, target: LIBRARY });
  // A second whole workflow: most fixture files are broken on purpose (decision 0023 blocks them).
  await importCatalogPath({ database: t.database, target: SMALL_SAMPLE });
  const as = { headers: { 'x-test-viewer': 'member-a', origin: t.deps.env.baseUrl } };
  const collections = t.client.api.library.collections;
  const save = (automationId: string) => collections.$post({ json: { automationId } }, as);
  const archive = () => collections.archive.$get({}, as);
  return { ...t, save, archive };
}

describe('GET /api/library/collections/archive', () => {
  it('zips every saved workflow JSON, lists template-only ones, and counts each as a download', async () => {
    const t = await appWithMember();
    const rows = await t.database.db
      .select({ id: automations.id, deployable: automations.deployable, title: automations.title })
      .from(automations);
    const deployable = rows.filter((r) => r.deployable);
    const templateOnly = rows.filter((r) => !r.deployable);
    expect(deployable.length).toBeGreaterThan(1);
    for (const r of [...deployable.slice(0, 2), ...templateOnly.slice(0, 1)])
      expect((await t.save(r.id)).status).toBe(201);

    const res = await t.archive();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="flowvault-collection-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const jsonNames = Object.keys(files).filter((n) => n.endsWith('.json'));
    expect(jsonNames).toHaveLength(2);
    for (const name of jsonNames) {
      const workflow = JSON.parse(strFromU8(files[name]!)) as { nodes: unknown[]; connections: unknown };
      expect(Array.isArray(workflow.nodes)).toBe(true);
      expect(workflow.connections).toBeDefined();
    }
    const readme = strFromU8(files['README.txt']!);
    for (const name of jsonNames) expect(readme).toContain(name);
    if (templateOnly[0]) expect(readme).toContain('Template only');

    const downloads = await t.database.db
      .select()
      .from(automationEvents)
      .where(and(eq(automationEvents.userId, 'member-a'), eq(automationEvents.kind, 'download')));
    expect(downloads.map((d) => d.automationId).sort()).toEqual(
      deployable
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    );
  });

  it('answers 404 with a clear message when nothing is saved', async () => {
    const t = await appWithMember();
    const res = await t.archive();
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { message: 'Your collection has no automations to download yet.' },
    });
  });

  it('is for members only (real sessions)', async () => {
    const { t, viewer: unpaid } = await appAs('user');
    const archive = t.client.api.library.collections.archive;
    expect((await archive.$get()).status).toBe(401);
    expect((await archive.$get({}, { headers: unpaid.headers })).status).toBe(403);
  });
});
