import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogEdited, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { createClaimSource } from '#server/site/claim-figures.ts';
import { CLAIM_FALLBACK, formatClaimCount } from '#shared/claims.ts';
import { FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

// Claims on served pages come from the live catalogue (issue 18, decision 0016).
const webRoot = makeWebRoot();
writeFileSync(
  path.join(webRoot, 'index.html'),
  '<!doctype html><html><head><meta name="description" content="A library of {{workflowCount}} templates" />' +
    '<meta name="flowvault:claims" content="{{workflowCount}}|{{integrationCount}}" /></head>' +
    '<body><p id="claim">{{workflowCount}} workflows · {{integrationCount}} integrations</p></body></html>',
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
    expect(plain).toMatch(/name="flowvault:claims" content="[^{|]+\|[^{|]+"/);
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

  it("falls back to the spec's figures only when the catalogue cannot be read", async () => {
    const testDb = await createTestDatabase();
    try {
      const { db } = testDb.handle;
      const source = createClaimSource({ db, bus: createEventBus() });
      expect(await source.current()).toEqual({ workflows: '0', integrations: '0' });
      // The catalogue table is gone: the figures cannot be read.
      await db.execute(sql`alter table automations rename to automations_away`);
      const broken = createClaimSource({ db, bus: createEventBus() });
      expect(await broken.current()).toEqual(CLAIM_FALLBACK);
    } finally {
      await testDb.dispose();
    }
  });
});
