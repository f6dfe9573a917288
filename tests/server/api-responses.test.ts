// Cheap responses: catalogue reads compressed when asked (brotli or gzip), ETags answered with 304,
// and nothing personal marked as cacheable by shared caches (decision 0011).
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { user } from '#server/db/schema/auth.ts';
import { automationRatings } from '#server/db/schema/catalog.ts';
import { createEncodedAnswers, pickEncoding } from '#server/lib/compress.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { compress } from '#server/site/pages.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const MEMBER = { 'x-test-viewer': 'member' };

async function appWithLibrary() {
  const t = await createTestApp({ resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  return t;
}

describe('compression', () => {
  it('sends search and detail as brotli or gzip when asked, the same JSON either way', async () => {
    const t = await appWithLibrary();
    for (const url of ['/api/catalog/automations?pageSize=20', '/api/catalog/automations/slack-digest']) {
      const plain = await t.request(url, { headers: MEMBER });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toContain('Accept-Encoding');
      const raw = Buffer.from(await plain.arrayBuffer());
      expect(raw.byteLength).toBeGreaterThan(1024);

      const br = await t.request(url, { headers: { ...MEMBER, 'accept-encoding': 'gzip, deflate, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      const brBytes = Buffer.from(await br.arrayBuffer());
      expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
      expect(brotliDecompressSync(brBytes)).toEqual(raw);
      expect(brBytes.byteLength).toBeLessThan(raw.byteLength / 2);

      const gz = await t.request(url, { headers: { ...MEMBER, 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer()))).toEqual(raw);
    }
  });

  it('leaves small answers alone and honours q=0', async () => {
    const t = await appWithLibrary();
    const small = await t.request('/api/health', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('gzip');
  });
});

describe('answers kept by ETag', () => {
  const body = (n: number) =>
    Buffer.from(JSON.stringify({ items: Array.from({ length: n }, (_, i) => `card ${i}`) }));
  /** `build` for an answer of n cards, counting how often it runs. */
  const builder = (n: number) => {
    const built = {
      count: 0,
      build: async () => {
        built.count++;
        return body(n);
      },
    };
    return built;
  };

  it('builds and compresses an answer once per ETag and encoding, and keeps within its byte bound', async () => {
    const answers = createEncodedAnswers(12_000);
    const a = builder(400);
    const first = await answers.answer('br, gzip', 'W/"a"', a.build);
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body)).toEqual(body(400));
    // The same ETag again: the very bytes kept, neither built nor compressed a second time.
    expect((await answers.answer('br', 'W/"a"', a.build)).body).toBe(first.body);
    expect(a.count).toBe(1);
    const gz = await answers.answer('gzip', 'W/"a"', a.build);
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(body(400));
    // Without an encoding the plain bytes are kept as well.
    const plain = await answers.answer(undefined, 'W/"a"', a.build);
    expect(plain).toEqual({ body: body(400), encoding: null });
    expect((await answers.answer(undefined, 'W/"a"', a.build)).body).toBe(plain.body);
    expect(a.count).toBe(3);
    // Past the bound the least recently used goes: "a" in brotli is built and compressed anew.
    for (let i = 0; i < 30; i++) await answers.answer('gzip', `W/"other-${i}"`, builder(300 + i).build);
    expect((await answers.answer('br', 'W/"a"', a.build)).body).not.toBe(first.body);
    expect(a.count).toBe(4);
  });

  it('keeps each answer in memory of its own size, never a view of a larger buffer', async () => {
    const answers = createEncodedAnswers();
    // 400 cards compress to a few hundred bytes, which zlib hands back as a view of its 16 KB chunk.
    for (const accept of ['br', 'gzip', undefined]) {
      const { body: kept } = await answers.answer(accept, `W/"own-${accept}"`, builder(400).build);
      expect(kept.buffer.byteLength, accept).toBe(kept.byteLength);
    }
    // A plain answer built as a view of a larger buffer (as a small Buffer is a view of Node's pool).
    const view = Buffer.alloc(8_192, 'x').subarray(100, 2_100);
    const { body: kept } = await answers.answer(undefined, 'W/"view"', async () => view);
    expect(kept.buffer.byteLength).toBe(kept.byteLength);
    expect(Buffer.from(kept).equals(view)).toBe(true);
    // The public catalogue's pages keep their compressed forms too.
    const page = { raw: body(400), etag: `"page"` };
    for (const encoding of ['br', 'gzip'] as const) {
      const compressed = compress(page, encoding);
      expect(compressed.buffer.byteLength, encoding).toBe(compressed.byteLength);
    }
  });

  it('leaves a small answer or a client without an encoding uncompressed', async () => {
    const answers = createEncodedAnswers();
    const small = Buffer.from('{"items":[]}');
    expect(await answers.answer('br', 'W/"s"', async () => small)).toEqual({ body: small, encoding: null });
    expect((await answers.answer(undefined, 'W/"b"', builder(400).build)).encoding).toBeNull();
  });
});

describe('ETags on catalogue reads', () => {
  it('answers 304 to a repeat, a new ETag when the catalogue or the query changes', async () => {
    const t = await appWithLibrary();
    const url = '/api/catalog/automations?q=slack';
    const first = await t.request(url, { headers: MEMBER });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');

    const again = await t.request(url, { headers: { ...MEMBER, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);

    const other = await t.request('/api/catalog/automations?q=telegram', { headers: MEMBER });
    expect(other.headers.get('etag')).not.toBe(etag);

    await t.database.db.insert(user).values({ id: 'u1', email: 'u1@example.com' });
    await t.database.db
      .insert(automationRatings)
      .values({ userId: 'u1', automationId: 'slack-digest', stars: 5 });
    processBus.publish('catalog.changed', { lastUpdated: 'rated', changed: true });
    const changed = await t.request(url, { headers: { ...MEMBER, 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('detail and lists have ETags too; a non-member gets 403, never a 304', async () => {
    const t = await appWithLibrary();
    for (const url of [
      '/api/catalog/automations/slack-digest',
      '/api/catalog/ai-agents',
      '/api/catalog/automations/slack-digest/related',
    ]) {
      const first = await t.request(url, { headers: MEMBER });
      const etag = first.headers.get('etag')!;
      expect(etag, url).toBeTruthy();
      expect((await t.request(url, { headers: { ...MEMBER, 'if-none-match': etag } })).status).toBe(304);
      const nonMember = await t.request(url, { headers: { 'x-test-viewer': 'user', 'if-none-match': etag } });
      expect(nonMember.status).toBe(403);
    }
  });

  it('personal answers are never stored by a shared cache', async () => {
    const t = await appWithLibrary();
    for (const url of ['/api/me', '/api/library/collections', '/api/catalog/counters', '/api/nope']) {
      const res = await t.request(url, { headers: MEMBER });
      expect(res.headers.get('cache-control'), url).toMatch(/no-store|private/);
    }
  });
});

describe('routing', () => {
  // One fixed path beside a parameter under the same method (POST /x/reconcile next to POST /x/:id/…)
  // makes Hono's SmartRouter drop its compiled regular-expression router for the trie router, for every
  // request of the app: ~15× the matching time and ~5 KB of garbage a request (decision 0011).
  it('every route compiles into the regular-expression router, which the app then uses', async () => {
    const t = await createTestApp({ resolveViewer: viewerFromHeader() });
    const refused: string[] = [];
    const router = new RegExpRouter<unknown>();
    for (const route of t.app.routes) {
      try {
        router.add(route.method, route.path, route.handler);
      } catch {
        refused.push(`${route.method} ${route.path}`);
      }
    }
    expect([...new Set(refused)]).toEqual([]);
    expect((await t.request('/api/health')).status).toBe(200);
    expect(t.app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});
