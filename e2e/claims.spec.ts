// Claims match the library, and every public page has its share image and icons (issue 18, decision 0016).
// The server here is the real app on a fresh install: the 49 sample workflows.
import { expect } from '@playwright/test';
import { pngSize } from '../src/server/site/share-image.ts';
import { formatClaimCount } from '../src/shared/claims.ts';
import { PLAN_PRICE_LABEL } from '../src/shared/plans.ts';
import { test, watchConsole } from './support.ts';

/**
 * The spec's figures for the original, much larger library, its static social proof and its struck-through
 * prices (issue 43): a fresh install claims none of them.
 */
const FOREIGN_CLAIMS = [
  '2,170+',
  '2170+',
  '3300+',
  '3,300+',
  '500+',
  '50K+',
  '2.4K+',
  'GitHub stars',
  '99.9%',
  '15,000+',
  '15k+',
  'happy users',
  '40h+',
  '85%',
  '% off',
  'line-through',
  '<s>',
  '<del>',
  'Verified customer',
];

type Counters = { totalWorkflows: number; integrations: number };

test.describe('claims on a fresh install', () => {
  test('no public page claims a library the install does not have; each states the live figures', async ({
    request,
  }) => {
    const counters = (await (await request.get('/api/catalog/counters')).json()) as Counters;
    expect(counters.totalWorkflows).toBeGreaterThanOrEqual(40);
    const workflows = formatClaimCount(counters.totalWorkflows);
    const integrations = formatClaimCount(counters.integrations);

    // Every page the sitemap lists (landing, blog, every post, legal and contact pages), plus the
    // pages it leaves out: the newsletter page, the app shell and the not-found page.
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(listed).toEqual(expect.arrayContaining(['/', '/blog', '/contact-us', '/terms-conditions']));
    expect(listed.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThanOrEqual(6);
    const pages = [...listed, '/newsletter', '/dashboard', '/payment', '/no-such-page'];

    for (const path of pages) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
      const html = await res.text();
      for (const claim of FOREIGN_CLAIMS) expect(html, `${path} claims ${claim}`).not.toContain(claim);
      expect(html, `${path} leaves a placeholder unfilled`).not.toMatch(/\{\{\w+\}\}/);
      // The use figures (members, downloads, deploys) are empty below their floor of 100.
      expect(html, path).toContain(`<meta name="flowvault:claims" content="${workflows}|${integrations}|`);
      // One price, the plan table's: no other dollar amount on any page. A template page quotes its
      // author's workflow (a note may say "$5 a month"), so only its text outside the template is checked.
      // Its offer box states the plan's price.
      const template = path.startsWith('/automation/');
      if (template) expect(html, path).toMatch(new RegExp(`>\\${PLAN_PRICE_LABEL}</span>`));
      const ours = template ? html.replace(/<main[\s\S]*<\/main>/, '') : html;
      for (const [amount] of ours.matchAll(/\$\d+(?:\.\d\d)?/g)) expect(amount, path).toBe(PLAN_PRICE_LABEL);
    }

    // The text as a reader sees it: without React's separators between adjacent text parts.
    const text = async (path: string) => (await (await request.get(path)).text()).replaceAll('<!-- -->', '');
    const home = await text('/');
    expect(home).toContain(`${integrations} integrations`);
    expect(home).toContain(`content="A library of ${workflows} ready-made n8n workflow templates`);
    expect(home).toContain(`(${workflows} workflow templates and growing)`);
    const post = await text(listed.find((p) => p.startsWith('/blog/'))!);
    expect(post).toMatch(new RegExp(`>${workflows.replace('+', '\\+')}</dd>`));
  });

  test('the browser keeps the figures the server wrote (no hydration mismatch)', async ({
    page,
    request,
  }) => {
    const counters = (await (await request.get('/api/catalog/counters')).json()) as Counters;
    const errors = watchConsole(page);
    await page.addInitScript(() => window.localStorage.setItem('socialProofClosed', 'true'));
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: `${formatClaimCount(counters.integrations)} integrations` }),
    ).toBeVisible();
    const faq = page.getByText('What exactly do I get?');
    await faq.click();
    await expect(
      page.getByText(`(${formatClaimCount(counters.totalWorkflows)} workflow templates`),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('share images and icons', () => {
  test('every public page names a 1200×630 PNG share image that the server sends', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const all = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    // Every page of the site and the blog, and the first templates: each template's image is drawn on
    // request the same way, and other specs may have imported a whole corpus into this server.
    const templates = all.filter((p) => p.startsWith('/automation/'));
    const pages = [...all.filter((p) => !p.startsWith('/automation/')), ...templates.slice(0, 12)];
    expect(templates.length).toBeGreaterThan(0);
    for (const path of pages) {
      const html = await (await request.get(path)).text();
      const og = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
      const twitter = /<meta name="twitter:image" content="([^"]+)"/.exec(html)?.[1];
      expect(og, path).toMatch(/\/og\/((page|blog)\/[a-z0-9-]+|automation\/[^/]+)\.png$/);
      expect(twitter, path).toBe(og);
      expect(html, path).toContain('<meta property="og:image:width" content="1200" />');
      expect(html, path).toContain('<meta property="og:image:height" content="630" />');
      expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image" />');
      const image = await request.get(new URL(og!).pathname);
      expect(image.status(), og).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
      expect(image.headers()['cache-control']).toContain('public');
      expect(pngSize(await image.body()), og).toEqual({ width: 1200, height: 630 });
    }
  });

  test('a template page image is drawn on request; an unknown template has none', async ({ request }) => {
    const { items } = (await (await request.get('/api/catalog/trending?limit=1')).json()) as {
      items: { id: string }[];
    };
    const res = await request.get(`/og/automation/${encodeURIComponent(items[0]!.id)}.png`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
    expect(res.headers()['cache-control']).toBe('public, max-age=3600');
    expect(pngSize(await res.body())).toEqual({ width: 1200, height: 630 });
    expect((await request.get('/og/automation/no-such-template.png')).status()).toBe(404);
  });

  test('favicon.ico, touch icons and the manifest are served', async ({ request }) => {
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    for (const [path, size] of [
      ['/apple-touch-icon.png', 180],
      ['/icon-192.png', 192],
      ['/icon-512.png', 512],
    ] as const) {
      const icon = await request.get(path);
      expect(icon.status(), path).toBe(200);
      expect(pngSize(await icon.body()), path).toEqual({ width: size, height: size });
    }
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    expect(((await manifest.json()) as { icons: unknown[] }).icons).toHaveLength(3);
    const home = await (await request.get('/')).text();
    expect(home).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(home).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});
