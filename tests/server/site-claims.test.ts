import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogEdited, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { automationEvents, automations } from '#server/db/schema/catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { createClaimSource } from '#server/site/claim-figures.ts';
import { CLAIM_FALLBACK, CLAIMS_META_CONTENT, formatClaimCount, SOCIAL_PROOF_FLOOR } from '#shared/claims.ts';
import { FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

// Claims on served pages come from the live catalogue (issue 18, decision 0016).
const webRoot = makeWebRoot();
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="A library of {{workflowCount}} templates" />' +
    `<meta name="flowvault:claims" content="${CLAIMS_META_CONTENT}" /></head>` +
    '<body><p id="claim">{{workflowCount}} workflows · {{integrationCount}} integrations</p>' +
    '<dl><div><dt>members</dt><dd id="members">{{memberCount}}</dd></div>' +
    '<div><dt>downloads</dt><dd id="downloads">{{downloadCount}}</dd></div>' +
    '<div><dt>deploys</dt><dd id="deploys">{{deployCount}}</dd></div></dl></body></html>',
);

/** What the catalogue holds, counted here independently of the server's query. */
async function expectedClaims(db: Awaited<ReturnType<typeof createTestApp>>['database']['db']) {
  const rows = await db
    .select({ integrations: automations.integrations })
    .from(automations)
    .where(eq(automations.published, true));
  const integrations = new Set(rows.flatMap((r) => r.integrations));
  return `${formatClaimCount(rows.length)} workflows · ${formatClaimCount(integrations.size)} integrations`;
}

const claimOf = (html: string) => /<p id="claim">([^<]*)<\/p>/.exec(html)?.[1];

describe('claims on served pages', () => {
  it('writes the live counts into the page, its meta description and its meta tag, in every encoding', async () => {
    const bus = createEventBus();
    const t = await createTestApp({ webRoot, bus });
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY, bus });
    const expected = await expectedClaims(t.database.db);
    expect(expected).not.toContain(CLAIM_FALLBACK.workflows);

    const plain = await (await t.request('/', { headers: { 'accept-encoding': 'identity' } })).text();
    expect(claimOf(plain)).toBe(expected);
    expect(plain).not.toContain('{{');
    const [workflows] = expected.split(' ');
    expect(plain).toContain(`content="A library of ${workflows} templates"`);
    expect(plain).toMatch(/name="flowvault:claims" content="[^{|]+\|[^{|]+\|\|\|"/);
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.request('/', { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(decode(Buffer.from(await res.arrayBuffer())).toString()).toBe(plain);
    }
  });

  it('follows the catalogue: an unpublished template changes the figures and the ETag', async () => {
    const bus = createEventBus();
    const t = await createTestApp({ webRoot, bus });
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY, bus });
    const before = await t.request('/', { headers: { 'accept-encoding': 'identity' } });
    const beforeText = await before.text();

    // The operator unpublishes all but three templates: the claim drops to the exact small count.
    const keep = (await t.database.db.select({ id: automations.id }).from(automations).limit(3)).map(
      (r) => r.id,
    );
    for (const row of await t.database.db.select({ id: automations.id }).from(automations)) {
      if (!keep.includes(row.id)) {
        await t.database.db.update(automations).set({ published: false }).where(eq(automations.id, row.id));
      }
    }
    await catalogEdited(t.database, bus);

    const after = await t.request('/', { headers: { 'accept-encoding': 'identity' } });
    const afterText = await after.text();
    expect(claimOf(afterText)).toBe(await expectedClaims(t.database.db));
    expect(claimOf(afterText)).toMatch(/^3 workflows · \d+ integrations$/);
    expect(claimOf(afterText)).not.toBe(claimOf(beforeText));
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows members, downloads and deploys only from real rows and from the floor up (issue 43)', async () => {
    const bus = createEventBus();
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const t = await createTestApp({ webRoot, bus });
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY, bus });
    const { db } = t.database;
    const source = createClaimSource({ db, bus, now: () => clock });
    const stat = (html: string, id: string) => new RegExp(`<dd id="${id}">([^<]*)</dd>`).exec(html)?.[1];

    // A fresh install: no member, no download, no deploy: each stat is empty (the page hides it).
    const fresh = await (await t.request('/', { headers: { 'accept-encoding': 'identity' } })).text();
    for (const id of ['members', 'downloads', 'deploys']) expect(stat(fresh, id), id).toBe('');

    // One short of the floor in paying members (an operator who paid does not count), and as many
    // downloads and deploys by them.
    const ids = Array.from({ length: SOCIAL_PROOF_FLOOR }, (_, i) => `claims-member-${i}`);
    await db
      .insert(user)
      .values([
        ...ids.map((id) => ({ id, email: `${id}@example.com` })),
        { id: 'claims-operator', email: 'claims-operator@example.com', role: 'admin' },
      ]);
    await db
      .insert(profiles)
      .values([...ids.slice(1), 'claims-operator'].map((userId) => ({ userId, hasPaid: true })));
    const [first] = await db.select({ id: automations.id }).from(automations).limit(1);
    const events = (kind: 'download' | 'deploy', n: number) =>
      ids.slice(0, n).map((userId) => ({ userId, automationId: first!.id, kind }));
    await db
      .insert(automationEvents)
      .values([...events('download', SOCIAL_PROOF_FLOOR), ...events('deploy', 40)]);
    expect(await source.current()).toMatchObject({ members: '', downloads: '100+', deploys: '' });

    // The hundredth member pays: shown once the figures are read again (at most 10 minutes later).
    await db.insert(profiles).values({ userId: ids[0]!, hasPaid: true });
    expect((await source.current()).members).toBe('');
    clock += 10 * 60_000;
    expect(await source.current()).toMatchObject({ members: '100+', downloads: '100+', deploys: '' });
  });

  it("falls back to the spec's figures only when the catalogue cannot be read", async () => {
    const testDb = await createTestDatabase();
    try {
      const { db } = testDb.handle;
      const source = createClaimSource({ db, bus: createEventBus() });
      expect(await source.current()).toEqual({
        workflows: '0',
        integrations: '0',
        members: '',
        downloads: '',
        deploys: '',
      });
      // The catalogue table is gone: the figures cannot be read.
      await db.execute(sql`alter table automations rename to automations_away`);
      const broken = createClaimSource({ db, bus: createEventBus() });
      expect(await broken.current()).toEqual(CLAIM_FALLBACK);
    } finally {
      await testDb.dispose();
    }
  });
});
