// What a careful buyer and member meet walking the site (issue 43), checked where it showed: a fresh
// install's storefront, the focus ring in both schemes, a phone's overview with activity, the detail
// page's collection toggle and counters, the Ctrl/Cmd+K keys, and settings without lifetime access.
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { PLAN_PRICE_LABEL } from '../src/shared/plans.ts';
import { becomePayingMember, signInNewMember, test } from './support.ts';

const PHONE = { width: 390, height: 844 };
const TEMPLATE = '/automation/ai-meeting-notes-to-notion';

/** Saves a screenshot in both schemes when SCREENS_DIR is set (for looking at the pages; never committed). */
async function shot(page: Page, name: string) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `${dir}/${name}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** How far the page reaches past the viewport's right edge (0 when nothing overflows). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * The focused element's outline: its width in px and its contrast with the background it is drawn on
 * (the first opaque background up the tree), colours resolved by the browser itself.
 */
function focusRing(page: Page) {
  return page.evaluate(async () => {
    const el = document.activeElement as HTMLElement;
    // Buttons transition their colours, the outline's too: read the ring once it has settled (a loaded
    // machine caught it mid-way, near the background's colour).
    await Promise.all(el.getAnimations().map((a) => a.finished));
    const rgb = (color: string) => {
      const canvas = document.createElement('canvas');
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return [...ctx.getImageData(0, 0, 1, 1).data];
    };
    const luminance = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    let behind: Element | null = el.parentElement;
    while (behind && rgb(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement;
    const style = getComputedStyle(el);
    const [a, b] = [
      luminance(rgb(style.outlineColor)),
      luminance(rgb(behind ? getComputedStyle(behind).backgroundColor : 'white')),
    ];
    return {
      name: el.textContent?.trim(),
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
    };
  });
}

test.describe('a fresh install as a visitor sees it', () => {
  test('claims nothing it cannot back: no use figures, results or ranking of zeros, one price', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    // The trust strip holds only use figures, empty below their floor: it is not shown at all.
    await expect(page.locator('dt', { hasText: /^members$/ })).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Proven results' })).toHaveCount(0);
    await expect(page.getByText(/\d+% off|GitHub stars|uptime/)).toHaveCount(0);
    await page.locator('#workflows').scrollIntoViewIfNeeded();
    const label = page.getByRole('heading', {
      name: /^(New in the library|Trending: most used by members)$/,
    });
    await expect(label).toBeVisible({ timeout: 15_000 });
    const { ranking } = (await (await request.get('/api/catalog/trending?limit=6')).json()) as {
      ranking: string;
    };
    // The label matches the ranking the server used; a new template shows no use count at all.
    if (ranking === 'new') {
      await expect(label).toHaveText('New in the library');
      await expect(page.locator('#workflows').getByText(/\d+ uses/)).toHaveCount(0);
    }
    await expect(page.getByText(/Vault|Community 3000/)).toHaveCount(0);
    await shot(page, 'landing-1366');
    await page.setViewportSize(PHONE);
    await shot(page, 'landing-390');
  });

  test('an unpaid buyer sees one price on the payment page, with nothing struck through', async ({
    page,
    baseURL,
  }) => {
    await signInNewMember(page.context(), baseURL!, 'walk-unpaid', { paid: false });
    await page.goto('/payment');
    const plan = page.getByRole('region', { name: 'Lifetime Access' });
    await expect(plan.getByText(PLAN_PRICE_LABEL, { exact: true })).toBeVisible();
    expect(await plan.locator('s, del, .line-through').count()).toBe(0);
    expect([...((await plan.textContent()) ?? '').matchAll(/\$\d+/g)].map((m) => m[0])).toEqual([
      PLAN_PRICE_LABEL,
      PLAN_PRICE_LABEL,
    ]);
    await shot(page, 'payment-1366');
  });
});

test.describe('focus', () => {
  test('the focus ring of primary buttons is visible in both schemes (WCAG 2.4.7)', async ({ page }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [path, name] of [
        ['/auth', 'Sign In'],
        ['/library', 'Search'],
      ] as const) {
        await page.goto(path);
        const button = page.getByRole('button', { name, exact: true });
        await button.focus();
        // Focus from the keyboard, as :focus-visible means it.
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect(button).toBeFocused();
        const ring = await focusRing(page);
        expect(ring.style, `${path} ${name} ${colorScheme}`).toBe('solid');
        expect(ring.width, `${path} ${name} ${colorScheme}`).toBeGreaterThanOrEqual(2);
        expect(ring.contrast, `${path} ${name} ${colorScheme}`).toBeGreaterThanOrEqual(3);
      }
    }
  });
});

test.describe('a member', () => {
  test('saves from the detail page, sees counters move, finds a result with the keys, and a phone overview fits', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await becomePayingMember(page, baseURL!, 'walk-member');
    await page.goto(TEMPLATE);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save to collection' }).click();
    await expect(page.getByRole('button', { name: 'Saved to collection' })).toBeVisible();
    const copies = page.getByText(/^\d+ cop(y|ies)$/);
    const before = Number.parseInt((await copies.textContent()) ?? '0', 10);
    const copy = page.getByRole('button', { name: 'Copy JSON' }).first();
    await copy.click();
    await expect(copies).toHaveText(`${before + 1} ${before + 1 === 1 ? 'copy' : 'copies'}`);
    // The primary button's focus ring, here too.
    await copy.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(copy).toBeFocused();
    const ring = await focusRing(page);
    expect(ring.contrast, JSON.stringify(ring)).toBeGreaterThanOrEqual(3);
    await shot(page, 'detail-1366');

    // Ctrl/Cmd+K: Down to the first result, Enter opens it.
    await page.goto('/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Quick search' });
    await expect(async () => {
      await page.keyboard.press('Control+K');
      await expect(dialog).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByLabel('Search automations').fill('meeting notes');
    const first = dialog.getByTestId('quick-result').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    const href = await first.getAttribute('href');
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    // A phone: the overview with that activity (long titles, times) stays inside 390 px.
    await page.setViewportSize(PHONE);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible();
    await expect(page.locator('main time').first()).toBeVisible();
    expect(await overflow(page)).toBe(0);
    await expect(page.getByRole('navigation', { name: 'Dashboard sections' })).toBeInViewport();
    await shot(page, 'overview-390');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shot(page, 'overview-1366');
    await page.goto('/dashboard?section=settings&tab=n8n');
    await shot(page, 'settings-1366');
  });

  test('without lifetime access, settings stay reachable: export the data, remove an n8n key', async ({
    page,
    baseURL,
  }) => {
    await signInNewMember(page.context(), baseURL!, 'walk-no-access', { paid: false });
    await page.goto('/dashboard?section=settings');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/section=settings/);
    await page.getByRole('tab', { name: 'Privacy & Data' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Data' }).click();
    const file = await download;
    const data = JSON.parse(readFileSync((await file.path())!, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['account', 'payments', 'sign_ins', 'sessions']),
    );
    await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
    await page.getByRole('tab', { name: 'N8N Integration' }).click();
    await expect(page.getByText('No instance is stored for your account.')).toBeVisible();
    await page.setViewportSize(PHONE);
    expect(await overflow(page)).toBe(0);
  });
});
