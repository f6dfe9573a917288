import { expect } from '@playwright/test';
import { PLAN_PRICE_LABEL } from '../src/shared/plans.ts';
import { expectNoAxeViolations, signUpAndVerify, test, watchConsole } from './support.ts';

// Issue 18: a visitor browses the public library, opens a template, buys from it and lands back on it.

test.describe('public catalogue', () => {
  test('/library and a template page have no axe violations', async ({ page }) => {
    // Two pages, two colour schemes each: axe takes its time on a 24-card page on a shared machine.
    test.setTimeout(120_000);
    await page.goto('/library');
    await expect(
      page.getByRole('heading', { level: 1, name: 'n8n workflow template library' }),
    ).toBeVisible();
    expect(await page.locator('main article').count()).toBeGreaterThanOrEqual(20);
    await expectNoAxeViolations(page, '/library');
    await page.locator('main article a').first().click();
    await expect(page.getByRole('link', { name: 'Get lifetime access' })).toBeVisible();
    await expectNoAxeViolations(page, 'a template page');
  });

  test('visitor → /library → search → template → Get lifetime access → register → pay → back on the template as a member', async ({
    page,
    baseURL,
  }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'View Premium Library' }).first().click();
    await expect(page).toHaveURL(/\/library$/);

    await page.getByRole('searchbox', { name: 'Search templates' }).fill('slack');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/library\?q=slack$/);
    await expect(page.getByRole('status')).toContainText('found');
    const first = page.locator('main article h2 a').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/automation\/[^/?]+$/);
    const templateUrl = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();

    await page.getByRole('link', { name: 'Get lifetime access' }).click();
    await signUpAndVerify(page, baseURL!, 'catalogue');

    await expect(page).toHaveURL(/\/payment\?next=/, { timeout: 20_000 });
    await page.getByRole('button', { name: `Purchase for ${PLAN_PRICE_LABEL}` }).click();
    await expect(page.getByRole('heading', { name: 'Test payment' })).toBeVisible({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await expect(page.getByRole('heading', { name: 'Your Lifetime Access is Active!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page).toHaveURL(new RegExp(`${templateUrl}$`), { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 10_000 });
    // The member's full page: the workflow itself, no offer.
    await expect(page.getByRole('button', { name: 'Copy JSON' }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get lifetime access' })).toHaveCount(0);
    // A reload asks the server, which now answers a member with the app at the same URL.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Copy JSON' }).first()).toBeVisible({ timeout: 10_000 });
    expect(errors.filter((e) => !/status of 40[13]/.test(e))).toEqual([]);
  });
});
