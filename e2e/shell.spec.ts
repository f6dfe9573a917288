import { expect } from '@playwright/test';
import { test, watchConsole } from './support.ts';

test.describe('home page', () => {
  test('is prerendered HTML with the top bar, even with JavaScript disabled', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['Features', 'Workflows', 'Pricing', 'Blog', 'Docs']) {
      await expect(nav.getByRole('link', { name })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('link', { name: 'Get Access' })).toHaveAttribute(
      'href',
      '/auth?mode=register',
    );
    await expect(page).toHaveTitle(/Flowvault/);
    await context.close();
  });

  test('hydrates without console errors and the footer carries the legal links', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      '/terms-conditions',
    );
    await expect(page.getByText('Nothing is shipped')).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/#pricing$/);
    expect(errors).toEqual([]);
  });

  test('a prerendered page opened with a query string renders without a hydration error', async ({
    page,
  }) => {
    // The HTML of /auth was prerendered without ?mode=reset; the client must not try to hydrate it as if
    // it matched (React error #418).
    const errors = watchConsole(page);
    await page.goto('/auth?mode=reset&token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the small-screen menu opens and offers Sign In', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByText('Menu').or(page.getByLabel('Menu')).first().click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobile.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(mobile.getByRole('link', { name: 'Docs' })).toBeVisible();
  });
});

test.describe('not-found page', () => {
  test('shows the 404 texts with status 404 and no console errors', async ({ page }) => {
    const errors = watchConsole(page);
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The browser's own note about the 404 document status is not an app error.
    expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
  });

  test('shows the 404 texts with JavaScript disabled', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/nope');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await context.close();
  });
});

test.describe('parts that need no script', () => {
  for (const path of ['/', '/blog/complete-guide-n8n-workflow-automation', '/terms-conditions']) {
    test(`${path} keeps its prerendered static parts as they are, with no hydration error`, async ({
      page,
    }) => {
      const errors = watchConsole(page);
      // Remember the nodes the server sent, before the page's script runs.
      await page.addInitScript(() => {
        document.addEventListener('DOMContentLoaded', () => {
          const nodes = [...document.querySelectorAll('[data-static] *')];
          (window as unknown as { fvStatic: Element[] }).fvStatic = nodes;
        });
      });
      await page.goto(path);
      const kept = await page.evaluate(() => {
        const nodes = (window as unknown as { fvStatic: Element[] }).fvStatic;
        return {
          total: nodes.length,
          connected: nodes.filter((n) => n.isConnected).length,
          // React marks every node it hydrates with its fiber; a kept node has none.
          hydrated: nodes.filter((n) => Object.keys(n).some((k) => k.startsWith('__reactFiber'))).length,
        };
      });
      expect(kept.total).toBeGreaterThan(20);
      expect(kept.connected).toBe(kept.total);
      expect(kept.hydrated).toBe(0);
      // …while the parts around them are React's (the top bar here).
      expect(
        await page
          .locator('header a')
          .first()
          .evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber'))),
      ).toBe(true);
      // The footer is one of them, and its links still lead on.
      await page
        .getByRole('navigation', { name: 'Legal' })
        .getByRole('link', { name: 'Refund Policy' })
        .click();
      await expect(page).toHaveURL(/\/refund-policy$/);
      expect(errors).toEqual([]);
    });
  }
});
