// The headers every answer carries, as Node serves them (@hono/node-server, a real socket), where a
// route's answer goes through the adapter's own header handling; system.test.ts checks the answers
// of the app in process (app.request).
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const MEMBER = { 'x-test-viewer': 'member' };
const SECURITY_HEADERS = {
  'content-security-policy': /^default-src 'self'; script-src 'self';.*frame-ancestors 'none'/,
  'cross-origin-opener-policy': /^same-origin$/,
  'cross-origin-resource-policy': /^same-origin$/,
  'referrer-policy': /^strict-origin-when-cross-origin$/,
  'x-content-type-options': /^nosniff$/,
  'x-frame-options': /^DENY$/,
};
const closers: (() => void)[] = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

async function served() {
  const t = await createTestApp({ resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  closers.push(() => server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { t, base };
}

describe('headers on answers served by Node', () => {
  it('every kind of answer carries the security headers and a request id, as in process', async () => {
    const { t, base } = await served();
    const paths = [
      '/api/health', // a JSON answer made by the context
      '/api/catalog/automations?q=slack&pageSize=5', // a catalogue read with its own ETag (kept bytes)
      '/api/catalog/automations/slack-digest', // the detail answer
      '/api/nothing-here', // the JSON 404
      '/', // the site's HTML
    ];
    for (const p of paths) {
      const res = await fetch(`${base}${p}`, { headers: MEMBER });
      await res.arrayBuffer();
      for (const [name, value] of Object.entries(SECURITY_HEADERS))
        expect(res.headers.get(name) ?? '', `${name} on ${p}`).toMatch(value);
      // Every answer names its request, catalogue reads included (a raw Response used to drop it).
      expect(res.headers.get('x-request-id') ?? 'none', p).toMatch(/^[\w-]{8,}$/);
      // The same set as the in-process answer (which tests elsewhere read).
      const local = await t.request(p, { headers: MEMBER });
      expect(local.headers.get('x-request-id') ?? 'none', p).toMatch(/^[\w-]{8,}$/);
      for (const name of Object.keys(SECURITY_HEADERS))
        expect(res.headers.get(name)).toBe(local.headers.get(name));
    }
    // A catalogue read still says what it is and how it may be cached.
    const read = await fetch(`${base}/api/catalog/automations?q=slack&pageSize=5`, { headers: MEMBER });
    expect(read.headers.get('etag')).toMatch(/^W\//);
    expect(read.headers.get('cache-control')).toBe('private, no-cache');
    expect(read.headers.get('content-type')).toContain('application/json');
    const other = await fetch(`${base}/api/health`);
    expect(other.headers.get('cache-control')).toBe('no-store');
  });

  it("keeps a caller's plain request id and replaces anything else", async () => {
    const { base } = await served();
    const mine = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'proxy-id-42' } });
    expect(mine.headers.get('x-request-id')).toBe('proxy-id-42');
    for (const hostile of ['a b', 'x'.repeat(65), '<script>']) {
      const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': hostile } });
      expect(res.headers.get('x-request-id')).not.toBe(hostile);
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
    }
  });
});
