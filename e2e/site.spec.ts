import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { SUPPORT_EMAIL } from '../src/shared/constants.ts';
import { PLAN_PRICE_LABEL } from '../src/shared/plans.ts';
import { linkIn, waitForMail } from './mail.ts';
import { expectNoAxeViolations, signInOperator, test, waitForHydration } from './support.ts';

const LEGAL = [
  '/terms-conditions',
  '/refund-policy',
  '/shipping-policy',
  '/privacy-policy',
  '/about-us',
  '/docs',
  '/contact-us',
];
const POST = '/blog/complete-guide-n8n-workflow-automation';

// The social-proof card would cover content in some checks; tests that do not study it close it first.
async function withoutSocialProof(page: import('@playwright/test').Page) {
  await page.addInitScript(() => window.localStorage.setItem('socialProofClosed', 'true'));
}

test.describe('landing page', () => {
  test('every call to buy opens the sign-up form, Sign In the sign-in, "View Premium Library" the library (issue 43)', async ({
    page,
  }) => {
    await withoutSocialProof(page);
    await page.goto('/');
    const ctas = [
      page.getByRole('link', { name: `Lifetime Access for ${PLAN_PRICE_LABEL}` }),
      page.getByRole('link', { name: 'Get Premium Access' }),
      page.getByRole('link', { name: 'Get Instant Access Now' }).first(),
      page.getByRole('link', { name: 'Get Access' }),
    ];
    for (const cta of ctas) await expect(cta).toHaveAttribute('href', '/auth?mode=register');
    await expect(page.getByRole('link', { name: 'Sign In' }).first()).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Docs' }).first()).toHaveAttribute('href', '/docs');
    await expect(page.getByRole('link', { name: 'View Premium Library' }).first()).toHaveAttribute(
      'href',
      '/library',
    );
    await page.getByRole('link', { name: 'Get Access' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByText('Step 1: Create Account')).toBeAttached();
    await page.getByRole('link', { name: 'Docs' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Docs' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '6. Self-Hosted n8n' })).toBeVisible();
  });

  test('the 20 floating particles and the grid come once the page has loaded, hidden under reduced motion', async ({
    page,
    browser,
    baseURL,
  }) => {
    await withoutSocialProof(page);
    await page.goto('/');
    await expect(page.locator('.fv-particle')).toHaveCount(20);
    await expect(page.locator('.fv-particles')).toBeVisible();
    await expect(page.locator('.fv-grid-layer')).toBeVisible();
    // Motion that starts by itself ends within 5 s (WCAG 2.2.2); the rest follows the reader's scroll.
    const timed = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((a) => (a.effect as KeyframeEffect | null)?.target?.classList.contains('fv-particle'))
        .filter((a) => a.timeline instanceof DocumentTimeline)
        .map((a) => Number(a.effect?.getComputedTiming().endTime)),
    );
    expect(timed).toHaveLength(20);
    expect(Math.max(...timed)).toBeLessThanOrEqual(5000);
    const reduced = await browser.newContext({ reducedMotion: 'reduce', baseURL });
    const still = await reduced.newPage();
    await still.goto('/');
    await expect(still.locator('.fv-particle')).toHaveCount(20);
    await expect(still.locator('.fv-particles')).toBeHidden();
    await expect(still.locator('.fv-grid-layer')).toBeHidden();
    await reduced.close();
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

const TRENDING = Array.from({ length: 6 }, (_, i) => ({
  id: `trend-${i + 1}`,
  title: `Trending workflow ${i + 1}`,
  summary: 'A workflow members run often.',
  category: 'Integrations',
  difficulty: 'Beginner',
  runs: 60 - i * 5,
  integrations: ['Slack'],
  hasVideo: false,
}));

test.describe('trending carousel', () => {
  // The carousel's data comes from the stubbed endpoint; its timing from the page's fake clock.
  async function openCarousel(page: import('@playwright/test').Page) {
    await withoutSocialProof(page);
    await page.route('**/api/catalog/trending?limit=6', (route) =>
      route.fulfill({ json: { ranking: 'trending', items: TRENDING } }),
    );
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.goto('/');
    await page.locator('#workflows').scrollIntoViewIfNeeded();
    const viewport = page.locator('[data-carousel-viewport]');
    await expect(viewport.getByRole('heading', { level: 3 })).toHaveCount(6);
    await page.mouse.move(0, 0);
    // From here only runFor moves the page's time (and its animation frames).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const offset = () =>
      viewport.locator('ul').evaluate((el) => -new DOMMatrix(getComputedStyle(el).transform).m41);
    return { viewport, offset };
  }

  test('scrolls by itself, pauses on arrows and hover, resumes 3 s after an arrow', async ({ page }) => {
    const { viewport, offset } = await openCarousel(page);
    await expect(viewport).toHaveAttribute('data-mode', 'AUTO_SCAN_ACTIVE');
    const start = await offset();
    await page.clock.runFor(1000);
    expect(await offset()).toBeGreaterThan(start);

    const beforeArrow = await offset();
    await page.getByRole('button', { name: 'Next workflows' }).click();
    await page.mouse.move(0, 0);
    await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
    // One card (320 px on a wide screen) per arrow.
    expect(Math.round((await offset()) - beforeArrow)).toBe(320);
    await page.clock.runFor(2900);
    await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
    await page.clock.runFor(200);
    await expect(viewport).toHaveAttribute('data-mode', 'AUTO_SCAN_ACTIVE');

    await viewport.hover();
    const hovered = await offset();
    await page.clock.runFor(1000);
    expect(await offset()).toBe(hovered);
    await page.mouse.move(0, 0);
    await page.clock.runFor(1000);
    expect(await offset()).toBeGreaterThan(hovered);
  });

  test('after a resize to a phone width, cards are 280 px and the arrows never pass the last one', async ({
    page,
  }) => {
    const { viewport, offset } = await openCarousel(page);
    await page.setViewportSize({ width: 390, height: 800 });
    const track = viewport.locator('ul');
    await expect(track).toHaveCSS('width', `${6 * 280}px`);
    const max = 6 * 280 - (await viewport.evaluate((el) => el.clientWidth));
    const seen: number[] = [];
    for (let i = 0; i < 6; i++) {
      await page.getByRole('button', { name: 'Next workflows' }).click();
      seen.push(Math.round(await offset()));
    }
    expect(Math.max(...seen)).toBeLessThanOrEqual(max);
    // At the end it wraps to the start.
    expect(seen).toContain(0);
  });

  test('Space on the toggle pauses until pressed again', async ({ page }) => {
    const { viewport } = await openCarousel(page);
    const toggle = page.getByRole('button', { name: 'Pause auto-scroll' });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
    await expect(page.getByRole('button', { name: 'Resume auto-scroll' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.clock.runFor(10_000);
    await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
    await page.keyboard.press('Space');
    await expect(viewport).toHaveAttribute('data-mode', 'AUTO_SCAN_ACTIVE');
  });

  test.describe('on a touch screen', () => {
    test.use({ hasTouch: true });

    test('a swipe of 50 px or more moves one card; scrolling resumes 2 s after the touch ends', async ({
      page,
    }) => {
      const { viewport, offset } = await openCarousel(page);
      const swipe = (type: string, x: number) =>
        viewport.evaluate(
          (el, { type, x }) => {
            const touch = new Touch({ identifier: 1, target: el, clientX: x, clientY: 10 });
            const touches = type === 'touchend' ? [] : [touch];
            el.dispatchEvent(
              new TouchEvent(type, {
                bubbles: true,
                touches,
                changedTouches: [touch],
                targetTouches: touches,
              }),
            );
          },
          { type, x },
        );
      await swipe('touchstart', 600);
      await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
      const before = await offset();
      await swipe('touchend', 500);
      expect(Math.round((await offset()) - before)).toBe(320);
      await page.clock.runFor(1900);
      await expect(viewport).toHaveAttribute('data-mode', 'MANUAL_OVERRIDE');
      await page.clock.runFor(200);
      await expect(viewport).toHaveAttribute('data-mode', 'AUTO_SCAN_ACTIVE');
    });
  });
});

test.describe('social-proof card', () => {
  // Testimonials are the operator's real reviews (content/testimonials.json, shipped empty; issue 43):
  // a fresh install has none, so no card, however long a visitor stays. The card's timing, placement
  // and dismissal are tested with reviews in social-proof-card.test.tsx.
  test('a fresh install shows no testimonial on any public page', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    const card = page.getByRole('complementary', { name: 'What members say' });
    for (const path of ['/', '/contact-us', '/blog']) {
      await page.goto(path);
      await page.clock.runFor(10_000);
      await expect(card, path).toHaveCount(0);
    }
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

test.describe('contact and newsletter, through the real mail', () => {
  test('a contact message shows its toast, clears the form and reaches the support mailbox', async ({
    page,
  }) => {
    await withoutSocialProof(page);
    const name = `E2E Visitor ${Date.now()}`;
    await page.goto('/contact-us');
    await page.getByLabel('Your Name').fill(name);
    await page.getByLabel('Email Address').fill('visitor@example.com');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Can I deploy the templates to a self-hosted n8n?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message Sent')).toBeVisible();
    await expect(page.getByText("Thank you for your message. We'll get back to you soon!")).toBeVisible();
    await expect(page.getByLabel('Your Name')).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    const mail = await waitForMail(SUPPORT_EMAIL, `Contact form: ${name}`);
    expect(mail.body).toContain('Can I deploy the templates to a self-hosted n8n?');
  });

  test('a reader subscribes on a post and confirms; a second click says so; the operator exports them (issue 43)', async ({
    page,
    browser,
    baseURL,
  }) => {
    await withoutSocialProof(page);
    const email = `reader-${Date.now()}@example.com`;
    await page.goto(POST);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Successfully Subscribed!')).toBeVisible();
    const mail = await waitForMail(email, 'Confirm your Flowvault newsletter subscription');
    await page.goto(linkIn(mail.body, `${baseURL}/newsletter?action=confirm`));
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
    await expect(
      page.getByText("You'll receive our latest automation insights and exclusive workflow templates."),
    ).toBeVisible();
    // The same link again: it worked the first time, it is not "not valid".
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible();

    // The operator's CSV holds the confirmed reader, in a console without the marketing top bar.
    const context = await browser.newContext({ acceptDownloads: true });
    const operator = waitForHydration(await context.newPage());
    await signInOperator(operator, baseURL!);
    await operator.goto('/admin/inbox');
    await expect(operator.getByRole('banner')).toHaveCount(1);
    await expect(operator.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    const download = operator.waitForEvent('download');
    await operator.getByRole('link', { name: 'Download subscribers (CSV)' }).click();
    const csv = readFileSync((await (await download).path())!, 'utf8');
    expect(csv).toContain(`"${email}","confirmed"`);
    await context.close();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/auth', '/auth?mode=register', '/blog', POST, ...LEGAL]) {
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
