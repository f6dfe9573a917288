import { expect } from '@playwright/test';
import { expectNoAxeViolations, test, watchConsole } from './support.ts';

// Visitors' paywall-safe preview, end to end. The member flows (sign-up, payment, search, live
// collections, rating, copy, download) are in e2e/member.spec.ts.

const SAMPLE = 'ai-email-triage-gmail-openai';

test.describe('automation detail for a visitor', () => {
  test('shows the redacted preview and the upgrade call to action, never the JSON', async ({ page }) => {
    const errors = watchConsole(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/catalog/')) apiCalls.push(url.pathname);
    });
    await page.goto(`/automation/${SAMPLE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Email Triage for Gmail' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Unlock this workflow' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up to get access' })).toHaveAttribute('href', '/auth');
    await expect(page.getByRole('button', { name: 'Copy JSON' })).toHaveCount(0);
    expect(apiCalls).toEqual([`/api/catalog/automations/${SAMPLE}/preview`]);
    // The canvas is drawn from node positions without parameters.
    await expect(page.locator('.react-flow__node').first()).toBeVisible();
    await expectNoAxeViolations(page, 'automation detail (visitor)');
    expect(errors).toEqual([]);
  });

  test('an unknown automation sends the visitor through /dashboard (then /auth)', async ({ page }) => {
    await page.goto('/automation/no-such-automation');
    await expect(page).toHaveURL(/\/auth/);
  });
});
