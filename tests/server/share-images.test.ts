import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogEdited, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { icoFromPngs, pngSize, svgToPng, wrapText } from '#server/site/share-image.ts';
import { FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Template pages' share images: GET /og/automation/:id.png (issue 18, decision 0016).
async function appWithLibrary() {
  const bus = createEventBus();
  const t = await createTestApp({ bus });
  await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY, bus });
  const [first] = await t.database.db
    .select({ id: automations.id, title: automations.title })
    .from(automations)
    .where(eq(automations.published, true))
    .limit(1);
  return { t, bus, item: first! };
}

describe('share images of template pages', () => {
  it('draws a 1200×630 PNG for a published template, public and cached, revalidated by ETag', async () => {
    const { t, item } = await appWithLibrary();
    const res = await t.request(`/og/automation/${encodeURIComponent(item.id)}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('set-cookie')).toBeNull();
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });

    const etag = res.headers.get('etag')!;
    const again = await t.request(`/og/automation/${encodeURIComponent(item.id)}.png`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('answers 404 for an unpublished or unknown template, and for a path that is no PNG', async () => {
    const { t, bus, item } = await appWithLibrary();
    const url = `/og/automation/${encodeURIComponent(item.id)}.png`;
    expect((await t.request(url)).status).toBe(200);
    await t.database.db.update(automations).set({ published: false }).where(eq(automations.id, item.id));
    await catalogEdited(t.database, bus);
    const gone = await t.request(url);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await t.request('/og/automation/no-such-template.png')).status).toBe(404);
    expect((await t.request(`/og/automation/${encodeURIComponent(item.id)}.svg`)).status).toBe(404);
  });

  it('draws the new title after a catalogue change (the per-process copy is dropped)', async () => {
    const { t, bus, item } = await appWithLibrary();
    const url = `/og/automation/${encodeURIComponent(item.id)}.png`;
    const before = await t.request(url);
    await t.database.db
      .update(automations)
      .set({ title: 'A completely different title for the share image' })
      .where(eq(automations.id, item.id));
    const cached = await t.request(url);
    expect(cached.headers.get('etag')).toBe(before.headers.get('etag'));
    await catalogEdited(t.database, bus);
    const redrawn = await t.request(url);
    expect(redrawn.status).toBe(200);
    expect(redrawn.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });
});

describe('drawing helpers', () => {
  it('wraps long titles and marks cut text with an ellipsis', () => {
    expect(wrapText('one two three four', 9, 3)).toEqual(['one two', 'three', 'four']);
    expect(wrapText('one two three four five six', 9, 2)).toEqual(['one two', 'three…']);
  });

  it('packs PNGs into an .ico that names each size', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32"/></svg>';
    const pngs = await Promise.all([16, 32].map(async (size) => ({ size, png: await svgToPng(svg, size) })));
    const ico = icoFromPngs(pngs);
    expect([...ico.subarray(0, 6)]).toEqual([0, 0, 1, 0, 2, 0]);
    expect([ico[6], ico[22]]).toEqual([16, 32]);
    const offset = ico.readUInt32LE(6 + 16 + 12);
    expect(pngSize(ico.subarray(offset))).toEqual({ width: 32, height: 32 });
  });
});
