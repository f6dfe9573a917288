import { expect, type Locator, type Page } from '@playwright/test';
import { type N8nStandin, startN8nStandin } from '../tests/support/n8n-standin.ts';
import { becomePayingMember, signInOperator, test } from './support.ts';

// "Works on n8n" end to end: the operator verifies the library from the console on their own n8n
// connection (a stand-in on E2E_N8N_PORT + 1), then a member sees the badge on cards, filters with
// "Verified on n8n only" (kept in the URL) and reads the checks on a detail page.

let standin: N8nStandin & { url: string; apiKey: string; close(): Promise<void> };
test.beforeAll(async () => {
  standin = await startN8nStandin({ version: 'newer', port: Number(process.env.E2E_N8N_PORT ?? 5500) + 1 });
});
test.afterAll(async () => {
  await standin?.close();
});

test('the operator verifies the library; members see the badge and filter on it', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const operator = await browser.newPage();
  await signInOperator(operator, baseURL!);
  const created = await operator.request.post('/api/n8n/connections', {
    headers: { Origin: baseURL! },
    data: { name: 'Verification', instanceUrl: standin.url, apiKey: standin.apiKey },
  });
  expect(created.status()).toBe(201);
  await operator.goto('/admin/catalog');
  const panel = operator.getByRole('region', { name: 'Verify on n8n' });
  await panel.getByLabel('Connection').selectOption({ label: `Verification (${standin.url})` });
  await panel.getByRole('button', { name: 'Verify all templates' }).click();
  await expect(panel.getByText(/^Done on n8n 1\.123\.0: (\d+)\/\1 checked/)).toBeVisible({
    timeout: 120_000,
  });
  expect(standin.workflows.size).toBe(0);

  const page = await browser.newPage();
  await becomePayingMember(page, baseURL!, 'verified');
  await page.goto('/dashboard?section=search');
  // Other specs import workflows into the same server meanwhile (newest first, unverified), so the
  // badge is looked for with the filter on: every card it leaves carries it.
  await page.getByLabel('Verified on n8n only').check();
  await expect(page).toHaveURL(/verified=1/);
  const cards = page.getByTestId('automation-card');
  // The index takes in the results a few seconds after the run (catalog.activity, debounced): reload
  // until it has.
  await expect(async () => {
    await page.reload();
    await expect(cards.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  const day = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const badge = page.getByTestId('verification-badge').first();
  // The version and what was checked; the day is in its title.
  await expect(badge).toHaveText(/^Works on n8n 1\.123 · imports( and activates)?/, { timeout: 20_000 });
  await expect(badge).toHaveAttribute('title', `Checked on n8n 1.123.0 on ${day}`);
  const shown = await cards.count();
  await expect(page.getByTestId('verification-badge')).toHaveCount(shown);

  await shoot(page, 'search-verified-only');
  await shoot(page, 'card-badge', cards.first());

  // The detail page lists each check.
  await cards.first().getByRole('link').first().click();
  const checks = page.getByTestId('verification-panel');
  await expect(checks).toContainText('Accepted by n8n: yes');
  await expect(checks).toContainText('n8n 1.123.0');
  await shoot(page, 'detail-checks', checks);
});

/** With SCREENS_DIR set (issue screenshots), the page at 1366 and 390 px, light and dark. */
async function shoot(page: Page, name: string, part?: Locator) {
  const dir = process.env.SCREENS_DIR;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      const path = `${dir}/${name}-${width}-${scheme}.png`;
      await (part ? part.screenshot({ path }) : page.screenshot({ path }));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 720 });
}
