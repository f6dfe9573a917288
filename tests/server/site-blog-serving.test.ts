import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const webRoot = makeWebRoot();
mkdirSync(path.join(webRoot, 'blog/known-post'), { recursive: true });
writeFileSync(path.join(webRoot, 'blog/known-post/index.html'), '<html><body>KNOWN POST</body></html>');
writeFileSync(path.join(webRoot, 'blog/__post-not-found__.html'), '<html><body>Post Not Found</body></html>');
writeFileSync(
  path.join(webRoot, 'prerendered.json'),
  JSON.stringify({
    paths: ['/blog/known-post'],
    fallbacks: { '/blog/:slug': 'blog/__post-not-found__.html' },
  }),
);
writeFileSync(
  path.join(webRoot, 'sitemap.xml'),
  '<urlset><url><loc>__FLOWVAULT_BASE_URL__/blog</loc></url></urlset>',
);

describe('serving prerendered blog posts', () => {
  it('serves a prerendered post, with or without a trailing slash', async () => {
    const { request } = await createTestApp({ webRoot });
    for (const p of ['/blog/known-post', '/blog/known-post/']) {
      const res = await request(p, { headers: { 'accept-encoding': 'identity' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('KNOWN POST');
    }
  });

  it("answers an unknown slug with the prerendered 'Post Not Found' page and status 404", async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/blog/no-such-post', { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Post Not Found');
  });

  it('fills the base URL into the sitemap', async () => {
    const { request } = await createTestApp({ webRoot });
    const res = await request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await res.text()).toContain('<loc>http://flowvault.test/blog</loc>');
  });
});
