import { expect } from '@playwright/test';
import {
  becomePayingMember,
  expectNoAxeViolations,
  test,
  waitForHydration,
  watchConsole,
} from './support.ts';

// Member search (issue 16) on the sample library the e2e server imports (samples/): words across
// fields in any order, matched words highlighted, Relevance first, "did you mean" on a typo, and
// the integration filter.

test('a member finds workflows by two apps, sees the words marked, and recovers from a typo', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  waitForHydration(page);
  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL!, 'search');

  // Two app names, neither a substring of the title: found through the integrations.
  await page.goto('/dashboard?section=search');
  const box = page.getByPlaceholder('Search automations, workflows, actions...');
  await box.fill('gmail telegram');
  const card = page.getByTestId('automation-card').filter({ hasText: 'Contract Renewal Reminders' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
  await expect(page.getByLabel('Sort by').locator('option').first()).toHaveText('Relevance');

  // The query's words are marked in titles and summaries.
  await box.fill('contract renewal');
  await expect(card.locator('mark').first()).toHaveText('Contract');

  // A typo in a short word finds nothing, and offers the word the library has.
  await box.fill('slak');
  await expect(page.getByText('No automations found')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'slack' }).click();
  await expect(box).toHaveValue('slack');
  await expect(page.getByTestId('automation-card').first()).toBeVisible({ timeout: 20_000 });
  await expect(
    page
      .getByTestId('automation-card')
      .locator('mark', { hasText: /^slack$/i })
      .first(),
  ).toBeVisible();

  // The integration facet narrows to workflows using the picked app, and Clear filters undoes it.
  await box.fill('');
  await page.getByText('Integrations', { exact: true }).click();
  await page.getByRole('button', { name: /^Telegram ?\(\d+\)$/ }).click();
  await expect(page).toHaveURL(/apps=Telegram/);
  await box.fill('zzzz qqqq');
  await expect(page.getByText('No automations found')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/apps=/);

  // My stack: saved from the quick picker, then "only" drops a Gmail + Telegram workflow while
  // "any of it" keeps it.
  await box.fill('gmail telegram');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await page.getByText('Edit my stack').click();
  await page.getByLabel('Find an integration for your stack').fill('telegram');
  await page
    .getByRole('list', { name: 'Integrations for your stack' })
    .getByRole('button', { name: 'Telegram' })
    .click();
  await page.getByRole('button', { name: 'Save stack' }).click();
  await expect(page.locator('[data-sonner-toast]').getByText('Stack saved')).toBeVisible();
  const stackFilter = page.getByLabel('My stack', { exact: true });
  await stackFilter.selectOption('only');
  await expect(page).toHaveURL(/stack=only/);
  await expect(card).toHaveCount(0, { timeout: 20_000 });
  await stackFilter.selectOption('any');
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page, 'search with a query');
  // Video thumbnails come from YouTube, which the test machine cannot reach (as in member.spec.ts).
  expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
});
