// Defects found walking every page as a visitor, a buyer, a member and the operator (issue 21), each
// checked end to end at the width where it showed (a phone is 390 px wide).
import { expect, type Page } from '@playwright/test';
import { becomePayingMember, test } from './support.ts';

const PHONE = { width: 390, height: 844 };

/** Saves a screenshot when SCREENS_DIR is set (for looking at the pages by eye; never committed). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: false });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** How far the page reaches past the viewport's right edge (0 when nothing overflows). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('operator pages', () => {
  test('answer a visitor and a member with status 404, like an unknown path', async ({ page, baseURL }) => {
    const unknown = await page.request.get('/no-such-page');
    expect(unknown.status()).toBe(404);
    for (const path of ['/admin/catalog', '/admin/users', '/admin-recovery', '/debug-auth']) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      expect(await res.text(), path).toBe(await unknown.text());
    }
    await becomePayingMember(page, baseURL!, 'defects-admin404');
    for (const path of ['/admin/catalog', '/admin/audit', '/admin-payment-recovery']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
    }
  });
});

test.describe('a paying member', () => {
  test('gets one header on member pages and is never offered an upgrade', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await becomePayingMember(page, baseURL!, 'defects-header');
    for (const width of [1366, PHONE.width]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(page.getByText(/Upgrade/)).toHaveCount(0);
      await shot(page, `dashboard-${width}`);
      await page.goto('/automation/ai-email-triage-gmail-openai');
      await expect(page.getByRole('heading', { level: 1, name: 'AI Email Triage for Gmail' })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByText(/Upgrade/)).toHaveCount(0);
    }
  });

  test('at 390 px: nothing overflows on Overview or AI Agents, and the bottom bar works', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await becomePayingMember(page, baseURL!, 'defects-phone-width-with-a-rather-long-mail-address-name');
    await page.setViewportSize(PHONE);
    for (const section of ['', '?section=ai-agents', '?section=collections', '?section=settings']) {
      await page.goto(`/dashboard${section}`);
      await expect(page.locator('main h2').first()).toBeVisible();
      // (Not 'networkidle': the dashboard keeps its live-sync stream open.)
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      expect(await overflow(page), section || 'overview').toBe(0);
      await shot(page, `phone-dashboard${section.replace('?section=', '-') || '-overview'}`);
    }
    // A long title with no break opportunity wraps inside its card instead of widening the page.
    await page.goto('/dashboard?section=ai-agents');
    await expect(page.getByText(/^Showing \d+ of \d+$/)).toBeVisible();
    await page
      .locator('main li h3')
      .first()
      .evaluate((h) => {
        h.textContent = `Workflow${'_unbroken'.repeat(20)}`;
      });
    expect(await overflow(page), 'ai agents with a long title').toBe(0);
    // The other pages a member sees on a phone.
    for (const path of ['/automation/ai-email-triage-gmail-openai', '/', '/blog', '/contact-us']) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      expect(await overflow(page), path).toBe(0);
    }
    await page.goto('/dashboard');
    const bar = page.getByRole('navigation', { name: 'Dashboard sections' });
    await expect(bar).toBeInViewport();
    await bar.getByRole('button', { name: 'More' }).click();
    await bar.getByRole('button', { name: 'Collections' }).click();
    await expect(page).toHaveURL(/section=collections/);
  });
});
