import { type Browser, expect, type Page } from '@playwright/test';
import {
  becomePayingMember,
  E2E_PASSWORD,
  expectNoAxeViolations,
  test,
  waitForHydration,
  watchConsole,
} from './support.ts';

// A member end to end: register, verify by the real mail, pay through the built-in PayPal sandbox,
// then search (Ctrl+K), filter by a chip, save (seen live in a second browser through SSE), open the
// detail, rate, copy the JSON (clipboard read), download it, reload and land on the same page.

const SAMPLE = 'ai-email-triage-gmail-openai';
const TITLE = 'AI Email Triage for Gmail';

async function becomeMember(page: Page, baseURL: string): Promise<string> {
  const email = await becomePayingMember(page, baseURL, 'member');
  await expect(page.getByRole('heading', { name: `Welcome back, ${email}` })).toBeVisible({
    timeout: 10_000,
  });
  return email;
}

async function signInElsewhere(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = waitForHydration(await context.newPage());
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/, { timeout: 20_000 });
  return page;
}

test('a member searches, filters, saves (seen live elsewhere), rates, copies and downloads', async ({
  page,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = await becomeMember(page, baseURL!);
  await expect(page.locator('[data-sync-state="connected"]')).toBeVisible({ timeout: 10_000 });

  // Ctrl+K opens the quick search; Enter runs it in the Search section with the query in the URL.
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Specific enough to stay on the first page when another spec has imported the whole corpus.
  await dialog.getByPlaceholder('Search automations, workflows, actions...').fill('triage for gmail');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/section=search/);
  await expect(page).toHaveURL(/q=triage(\+|%20)for(\+|%20)gmail/);
  const card = page.locator('article').filter({ hasText: TITLE });
  await expect(card).toBeVisible();

  // A chip narrows the results and is kept in the URL.
  await page
    .getByRole('group', { name: 'Filter by category' })
    .getByRole('button', { name: /^openai/ })
    .click();
  await expect(page).toHaveURL(/chips=openai/);
  await expect(card).toBeVisible();

  // A second browser signed in as the same member watches the collection.
  const other = await signInElsewhere(browser, baseURL!, email);
  await other.goto('/dashboard?section=collections');
  await expect(other.getByText('No collections yet')).toBeVisible();
  await expect(other.locator('[data-sync-state="connected"]')).toBeVisible({ timeout: 10_000 });

  await card.getByRole('button', { name: `Save ${TITLE} to collections` }).click();
  await expect(page.getByText('Added to collection')).toBeVisible();
  // No reload: the save reaches the other browser through GET /api/events.
  await expect(other.locator('article').filter({ hasText: TITLE })).toBeVisible({ timeout: 10_000 });
  await expect(other.getByText('1 total saved')).toBeVisible();
  await other.context().close();

  // The detail page: rate, copy (clipboard), download.
  await card.getByRole('link', { name: TITLE }).click();
  await expect(page).toHaveURL(new RegExp(`/automation/${SAMPLE}$`));
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await page.getByRole('button', { name: 'Rate 4 stars' }).click();
  await expect(page.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'Copy JSON' }).first().click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    nodes: unknown[];
  };
  expect(copied.nodes.length).toBeGreaterThan(0);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).first().click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('ai-email-triage-for-gmail.json');
  await expect(page.getByText('Download started')).toBeVisible();

  // Reload keeps the page and the member's rating.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rate 4 stars' })).toHaveAttribute('aria-pressed', 'true');

  // Back in the dashboard: the collection holds it and the section survives a reload.
  await page.goto('/dashboard?section=collections');
  await expect(page.locator('article').filter({ hasText: TITLE })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Collections' })).toBeVisible();
  const overview = page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('button', { name: 'Overview' });
  await overview.click();
  // Copy + download were recorded: Automations Copied shows 2.
  await expect(page.getByText('Automations Copied').locator('..')).toContainText('2');

  // 401/403 come from the signed-out probes before payment; video thumbnails come from YouTube, which
  // an offline test machine cannot resolve.
  expect(errors.filter((e) => !/status of 40[13]|ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
});

// Their own tests: 22 axe runs (11 pages, two colour schemes) took ~50 s on a quiet 2-core machine
// (about half since axe runs in legacy mode, e2e/support.ts) and over three times that while another
// worker imports the corpus; split in two, each has its own budget and the two can run side by side.
test('axe finds no violations on any dashboard section of a member', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await becomeMember(page, baseURL!);
  // A member with a saved item sees the collection views filled, not only their empty states.
  await page.goto('/dashboard?section=search&q=triage%20for%20gmail');
  const card = page.locator('article').filter({ hasText: TITLE });
  await card.getByRole('button', { name: `Save ${TITLE} to collections` }).click();
  await expect(page.getByText('Added to collection')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoAxeViolations(page, 'overview');
  for (const section of ['search', 'ai-agents', 'quick-actions', 'data-processing', 'collections']) {
    await page.goto(`/dashboard?section=${section}`);
    // The access check shows a spinner first; the dashboard is there once its heading is.
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectNoAxeViolations(page, section);
  }
});

test('axe finds no violations on any settings tab or the detail page of a member', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await becomeMember(page, baseURL!);
  for (const tab of ['profile', 'notifications', 'n8n', 'privacy']) {
    await page.goto(`/dashboard?section=settings&tab=${tab}`);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expectNoAxeViolations(page, `settings ${tab}`);
  }
  await page.goto(`/automation/${SAMPLE}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expectNoAxeViolations(page, 'automation detail (member)');
});
