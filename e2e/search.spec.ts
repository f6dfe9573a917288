import { expect } from '@playwright/test';
import {
  becomePayingMember,
  expectNoAxeViolations,
  payingMemberOnSearch,
  signInOperator,
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
  const errors = await payingMemberOnSearch(page, baseURL!, 'search');

  // Two app names, neither a substring of the title: found through the integrations.
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
  await page.locator('summary').getByText('Integrations', { exact: true }).click();
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

/** A small workflow: manual trigger → set → wait → date & time → no-op, under the given name. */
function chainWorkflow(name: string) {
  const types = ['manualTrigger', 'set', 'wait', 'dateTime', 'noOp'];
  const nodes = types.map((t, i) => ({
    id: `${t}-${i}`,
    name: `Step ${i + 1} ${name}`,
    type: `n8n-nodes-base.${t}`,
    typeVersion: 1,
    position: [i * 220, 0],
    parameters: {},
  }));
  const connections = Object.fromEntries(
    nodes
      .slice(0, -1)
      .map((n, i) => [n.name, { main: [[{ node: nodes[i + 1]!.name, type: 'main', index: 0 }]] }]),
  );
  return Buffer.from(JSON.stringify({ name, nodes, connections }));
}

test('a variant group shows as one card with "2 variants" and opens its list', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The sample library has no two workflows with the same wiring: the operator imports a pair.
  const tag = `orbit${Date.now().toString(36)}`;
  const titles = [`Ledger sync ${tag}`, `Ledger mirror ${tag}`];
  await signInOperator(page, baseURL!);
  await page.goto('/admin/catalog');
  await page.getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)').setInputFiles(
    titles.map((title, i) => ({
      name: `${tag}-${i}.json`,
      mimeType: 'application/json',
      buffer: chainWorkflow(title),
    })),
  );
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByText(`${tag}-0.json, ${tag}-1.json: import finished`)).toBeVisible({
    timeout: 60_000,
  });

  const context = await browser.newContext();
  const member = waitForHydration(await context.newPage());
  const errors = watchConsole(member);
  await becomePayingMember(member, baseURL!, 'variants');

  // The Ctrl/Cmd+K overlay answers from the same search while the member types: two apps found
  // through the integrations, and the pair as one result.
  await member.goto('/dashboard');
  const dialog = member.getByRole('dialog', { name: 'Quick search' });
  // The shortcut works once the dashboard has mounted its listener (after the session check).
  await expect(async () => {
    await member.keyboard.press('Control+K');
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const quick = dialog.getByTestId('quick-result');
  await dialog.getByLabel('Search automations').fill('gmail telegram');
  await expect(quick.filter({ hasText: 'Contract Renewal Reminders' })).toBeVisible({ timeout: 20_000 });
  await dialog.getByLabel('Search automations').fill(tag);
  await expect(quick).toHaveCount(1, { timeout: 20_000 });
  await expect(quick).toContainText(/Ledger (sync|mirror)/);
  await expectNoAxeViolations(member, 'quick search with results');
  await member.keyboard.press('Escape');

  await member.goto(`/dashboard?section=search&q=${tag}`);
  const cards = member.getByTestId('automation-card');
  await expect(cards).toHaveCount(1, { timeout: 20_000 });
  const cardText = (await cards.first().textContent()) ?? '';
  const [first, other] = cardText.includes(titles[0]!) ? titles : [titles[1]!, titles[0]!];
  expect(cardText).toContain(first);
  await cards.first().getByRole('link', { name: '2 variants' }).click();
  await expect(member).toHaveURL(/\/automation\/[^#]+#variants$/);
  const block = member.getByRole('region', { name: 'Variants (2)' });
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block.getByRole('link')).toHaveText([other!]);
  await block.getByRole('link', { name: other! }).click();
  await expect(member.getByRole('heading', { name: other!, level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(member.getByRole('region', { name: 'Variants (2)' }).getByRole('link')).toHaveText([first!]);
  expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
  await context.close();
});
