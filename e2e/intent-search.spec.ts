import { expect, type Locator } from '@playwright/test';
import { payingMemberOnSearch, test } from './support.ts';

// Search that understands what a member describes (issue 37): a request in plain words, with no
// title word in it, finds a fitting template among the first five results — in the member search and
// on the public /library. The fitting templates are the sample library's chat agents with memory.

const REQUEST = 'a chatbot that remembers the conversation';
const FITTING =
  /^(Telegram AI Assistant Bot|Telegram Agent with Long-term Memory|WhatsApp FAQ Assistant with Memory|RAG Chatbot for Company Docs)$/;

/** The first of the first five title links that names a fitting template (waiting for the answer). */
async function fittingAmongFirstFive(titles: Locator): Promise<Locator> {
  const firstFive = async () => (await titles.allTextContents()).slice(0, 5).map((t) => t.trim());
  await expect
    .poll(async () => (await firstFive()).some((t) => FITTING.test(t)), { timeout: 20_000 })
    .toBe(true);
  const index = (await firstFive()).findIndex((t) => FITTING.test(t));
  return titles.nth(index);
}

test('a member describes a need in plain words and opens a fitting template from the first five', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const errors = await payingMemberOnSearch(page, baseURL!, 'intent');
  // The list on screen must be the answer to this request, not the unfiltered library.
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/catalog/automations') && new URL(r.url()).searchParams.get('q') === REQUEST,
  );
  await page.getByPlaceholder('Search automations, workflows, actions...').fill(REQUEST);
  await answered;
  const link = await fittingAmongFirstFive(page.getByTestId('automation-card').locator('h3 a'));
  const title = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/automation\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  expect(errors.filter((e) => !/ERR_NAME_NOT_RESOLVED/.test(e))).toEqual([]);
});

test('the same request on the public /library finds a fitting template in the first five', async ({
  page,
}) => {
  await page.goto('/library');
  await page.getByRole('searchbox', { name: 'Search templates' }).fill(REQUEST);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/library\?q=a(\+|%20)chatbot/);
  const link = await fittingAmongFirstFive(page.locator('main article h2 a'));
  const title = ((await link.textContent()) ?? '').trim();
  await link.click();
  await expect(page).toHaveURL(/\/automation\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
