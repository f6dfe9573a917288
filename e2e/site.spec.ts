import { expect } from '@playwright/test';
import { expectNoAxeViolations, gotoBeforeHydration, test } from './support.ts';

const LEGAL = [
  '/terms-conditions',
  '/refund-policy',
  '/shipping-policy',
  '/privacy-policy',
  '/about-us',
  '/contact-us',
];
const POST = '/blog/complete-guide-n8n-workflow-automation';

// The social-proof card would cover content in some checks; tests that do not study it close it first.
async function withoutSocialProof(page: import('@playwright/test').Page) {
  await page.addInitScript(() => window.localStorage.setItem('socialProofClosed', 'true'));
}

test.describe('landing page', () => {
  test('every call to action reaches /auth', async ({ page }) => {
    await withoutSocialProof(page);
    await page.goto('/');
    const ctas = [
      page.getByRole('link', { name: /Lifetime Access for \$35/ }),
      page.getByRole('link', { name: 'Get Premium Access' }),
      page.getByRole('link', { name: 'Sign In' }).first(),
      page.getByRole('link', { name: 'Get Instant Access Now' }).first(),
      page.getByRole('link', { name: 'View Premium Library' }).first(),
    ];
    for (const cta of ctas) await expect(cta).toHaveAttribute('href', '/auth');
    await page.getByRole('link', { name: 'Get Premium Access' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("the counter shows '1,500+' when the stats call fails", async ({ page }) => {
    await withoutSocialProof(page);
    await page.route('**/api/catalog/counters', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await expect(page.getByTestId('workflow-counter')).toHaveText('1,500+');
  });

  test('the counter shows the live total in K+', async ({ page }) => {
    await withoutSocialProof(page);
    await page.route('**/api/catalog/counters', (route) =>
      route.fulfill({
        json: {
          totalWorkflows: 2049,
          perSource: { vault: 2049 },
          categories: 8,
          integrations: 120,
          lastUpdated: null,
        },
      }),
    );
    await page.goto('/');
    await expect(page.getByTestId('workflow-counter')).toHaveText('2.0K+');
  });
});

test.describe('social-proof card', () => {
  test('appears at 3 s, and stays dismissed after a reload', async ({ page }) => {
    // Paused: only runFor moves the page's time, however long loading takes on a busy machine.
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    await gotoBeforeHydration(page, '/blog');
    await page.waitForLoadState('networkidle');
    // Hydration starts on the frame after the first paint: let that frame happen, then count 3 s.
    await page.clock.runFor(100);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    const card = page.getByRole('complementary', { name: 'What members say' });
    await page.clock.runFor(2900);
    await expect(card).toBeHidden();
    await page.clock.runFor(200);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Close testimonial' }).click();
    await expect(card).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('socialProofClosed'))).toBe('true');
    await page.reload();
    await page.clock.runFor(10_000);
    await expect(card).toBeHidden();
  });
});

test.describe('blog', () => {
  test('search and category filter combine', async ({ page }) => {
    await withoutSocialProof(page);
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(6);
    await page.getByPlaceholder('Search articles...').fill('n8n');
    await page.getByRole('button', { name: 'Case Studies' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(1);
    await page.getByPlaceholder('Search articles...').fill('shopify');
    await expect(page.getByText('No articles found matching your criteria.')).toBeVisible();
  });

  test('the table of contents follows scrolling', async ({ page }) => {
    await withoutSocialProof(page);
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(POST);
    const toc = page.getByRole('navigation', { name: 'Table of contents' });
    await expect(toc.locator('[aria-current="location"]')).toHaveText('How an n8n workflow thinks');
    await page.evaluate(() => {
      const el = document.getElementById('credentials-and-secrets')!;
      window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100);
    });
    await expect(toc.locator('[aria-current="location"]')).toHaveText('Credentials and secrets');
  });

  test("an unknown slug shows 'Post Not Found' with status 404", async ({ page }) => {
    const res = await page.goto('/blog/no-such-post');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/blog', POST, ...LEGAL]) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await withoutSocialProof(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page, path);
    });
  }
});

test.describe('prerendered HTML without JavaScript', () => {
  for (const path of ['/', '/blog', POST, ...LEGAL]) {
    test(`${path} has its title, description and canonical link`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page).toHaveTitle(/Flowvault/);
      expect(
        (await page.locator('meta[name="description"]').getAttribute('content'))?.length,
      ).toBeGreaterThan(40);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(
        new RegExp(`${path === '/' ? '/' : path}$`),
      );
      await context.close();
    });
  }
});
