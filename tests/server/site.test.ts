import { describe, expect, it } from 'vitest';
import { ROUTES } from '#shared/routes.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const webRoot = makeWebRoot();

describe('serving the web app', () => {
  it('serves the prerendered home page with the base URL filled in, revalidated', async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('HOME');
    expect(html).toContain('<link rel="canonical" href="http://flowvault.test/" />');
  });

  it('serves every prerendered page by its path with the base URL filled in (a folder is not a file)', async () => {
    const { request } = await createTestApp({ webRoot });
    for (const route of Object.values(ROUTES)) {
      if (!route.prerender || route.path === '/' || route.path.includes(':')) continue;
      const res = await request(route.path, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status, route.path).toBe(200);
      expect(res.headers.get('cache-control'), route.path).toBe('no-cache');
      const html = await res.text();
      expect(html, route.path).toContain(`PAGE ${route.path}`);
      expect(html, route.path).not.toContain('__FLOWVAULT_BASE_URL__');
    }
  });

  it('sends a form posted to a page before its script ran back to the page, with nothing in the URL', async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&password=secret-secret',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/auth');
    expect((await request('/no-such-page', { method: 'POST' })).status).toBe(404);
  });

  it("serves the app for the operators' PayPal panel (/?debug=paypal), the site's home page otherwise", async () => {
    const { request } = await createTestApp({ webRoot });
    const plain = { headers: { 'accept-encoding': 'identity' } };
    expect(await (await request('/?debug=paypal', plain)).text()).toContain('data-shell="app"');
    expect(await (await request('/?debug=other', plain)).text()).toContain('HOME');
  });

  it('answers a matching ETag with 304', async () => {
    const { request } = await createTestApp({ webRoot });
    const first = await request('/');
    const etag = first.headers.get('etag')!;
    const second = await request('/', { headers: { 'if-none-match': etag } });
    expect(second.status).toBe(304);
    // A browser or proxy may send the tag weak or in a list (RFC 9110 weak comparison).
    const listed = await request('/', { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.status).toBe(304);
  });

  it('compresses HTML with brotli, else gzip', async () => {
    const { request } = await createTestApp({ webRoot });
    const br = await request('/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    const gz = await request('/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const none = await request('/', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(none.headers.get('content-encoding')).toBeNull();
  });

  it('serves hashed assets precompressed and cached immutably', async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const { request } = await createTestApp({ webRoot });
    for (const path of ['/no-such-page', '/admin/../etc/passwd', '/%E2%9C%93']) {
      const res = await request(path, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Oops! Page not found');
    }
  });

  it('answers every operator page with the 404 page to visitors, users and members, the app to operators', async () => {
    const { request } = await createTestApp({ webRoot, resolveViewer: viewerFromHeader() });
    const operatorPaths = Object.values(ROUTES)
      .filter((route) => 'operator' in route)
      .map((route) => route.path);
    expect(operatorPaths).toEqual(expect.arrayContaining(['/admin/catalog', '/admin/users', '/debug-auth']));
    const unknown = await request('/no-such-page', { headers: { 'accept-encoding': 'identity' } });
    const unknownBody = await unknown.text();
    for (const path of operatorPaths) {
      for (const who of ['', 'user', 'member']) {
        const res = await request(path, { headers: { 'accept-encoding': 'identity', 'x-test-viewer': who } });
        expect(res.status, `${path} as ${who || 'visitor'}`).toBe(404);
        expect(await res.text()).toBe(unknownBody);
        expect(res.headers.get('vary')).toContain('Cookie');
      }
      const res = await request(path, {
        headers: { 'accept-encoding': 'identity', 'x-test-viewer': 'admin' },
      });
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('data-shell="app"');
    }
  });

  it('never serves files outside the web root', async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/assets/..%2f..%2fpackage.json');
    expect(res.status).toBe(404);
  });
});
