import { expect } from '@playwright/test';
import { expectNoAxeViolations, test, watchConsole } from './support.ts';

// A visitor's page of a template, end to end in the browser: the server-rendered, paywall-safe page
// (decision 0015; its HTML is checked without a browser in tests/server/public-catalogue.test.ts).
// The member flows (sign-up, payment, search, live collections, rating, copy, download) are in
// e2e/member.spec.ts.

const SAMPLE = 'ai-email-triage-gmail-openai';

test.describe('automation detail for a visitor', () => {
  test('shows the summary, the workflow drawing and the offer, never the JSON', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto(`/automation/${SAMPLE}`);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Email Triage for Gmail' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get lifetime access' })).toBeVisible();
    await expect(
      page.getByRole('img', { name: /^Workflow canvas of AI Email Triage for Gmail: \d+ nodes$/ }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy JSON' })).toHaveCount(0);
    expect(await page.content()).not.toContain('"parameters"');
    await expectNoAxeViolations(page, 'automation detail (visitor)');
    // On a phone the page stays 390 px wide: the drawing keeps its scale and scrolls inside its frame.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const frame = page.getByRole('group', { name: 'Workflow canvas, scrolls sideways' });
    expect(await frame.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const name = frame.getByText('Label as Lead', { exact: true });
    // The member canvas's 12 px names, drawn at 1.1 px per canvas unit: at least 13 px on screen.
    const box = (await name.boundingBox())!;
    const size = await name.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect(
      size * (box.width / (await name.evaluate((el) => (el as HTMLElement).offsetWidth))),
    ).toBeGreaterThanOrEqual(13);
    expect(errors).toEqual([]);
  });

  test('an unknown automation answers 404 with the not-found page', async ({ page }) => {
    const response = await page.goto('/automation/no-such-automation');
    expect(response?.status()).toBe(404);
  });
});
