import { expect, type Locator, type Page } from '@playwright/test';
import { type N8nStandin, startN8nStandin } from '../tests/support/n8n-standin.ts';
import { becomePayingMember, screenshotsForEye, test, watchConsole } from './support.ts';

// A member connects their n8n (the stand-in, on E2E_N8N_PORT, which playwright.config.ts lets the
// server reach), tests it, deploys from the detail page, opens the deployment history, sees a run
// the stand-in reports appear in Recent Runs, and Emergency Stop deactivates the workflow.

const SAMPLE = 'ai-email-triage-gmail-openai';
const TITLE = 'AI Email Triage for Gmail';

// One stand-in on E2E_N8N_PORT for the file: its tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

let standin: N8nStandin & { url: string; apiKey: string; close(): Promise<void> };

test.beforeAll(async () => {
  standin = await startN8nStandin({ version: 'newer', port: Number(process.env.E2E_N8N_PORT ?? 5500) });
});
let v2Standin: typeof standin | undefined;
test.afterAll(async () => {
  await standin?.close();
  await v2Standin?.close();
});

/** Settings → N8N Integration, opened straight from its link: saves the instance's URL and API key. */
async function connectN8n(page: Page, n8n: { url: string; apiKey: string }) {
  await page.goto('/dashboard?section=settings&tab=n8n');
  await expect(page.getByRole('tab', { name: 'N8N Integration' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Instance URL').fill(n8n.url);
  await page.getByLabel('API Key').fill(n8n.apiKey);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('N8N Settings Updated')).toBeVisible();
}

/** Opens the deploy dialog from the detail page and waits for its preflight report. */
async function openDeployDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Deploy in n8n' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'What will be changed' })).toBeVisible({
    timeout: 15_000,
  });
  return dialog;
}

/** Once the dialog reports the deployment: the n8n workflow id its "in n8n" link opens. */
async function deployedWorkflowId(dialog: Locator): Promise<string> {
  await expect(dialog.getByText('Workflow Deployed Successfully')).toBeVisible({ timeout: 15_000 });
  const href = await dialog.getByRole('link', { name: /in n8n/ }).getAttribute('href');
  return href!.split('/workflow/')[1]!;
}

test('a member connects n8n, deploys from the detail page, sees a run, and Emergency Stop deactivates it', async ({
  page,
  baseURL,
  context,
}) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await becomePayingMember(page, baseURL!, 'n8n');
  // The dashboard's one header (the site's top bar is left out there).
  const toolbar = page.getByRole('banner');
  await expect(toolbar.getByText('Not Configured')).toBeVisible({ timeout: 10_000 });

  // Settings → N8N Integration, opened straight from its link.
  await connectN8n(page, standin);
  await page
    .getByRole('button', { name: /^Test / })
    .first()
    .click();
  await expect(toolbar.getByText('Connected')).toBeVisible({ timeout: 15_000 });

  // Deploy from the detail page: preflight report, then the link into n8n.
  await page.goto(`/automation/${SAMPLE}`);
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const dialog = await openDeployDialog(page);
  await dialog.getByRole('button', { name: /^Deploy to / }).click();
  const workflowId = await deployedWorkflowId(dialog);
  expect(standin.workflows.has(workflowId)).toBe(true);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // When n8n refuses the workflow: the §8 message and the browser fallback (JSON copied, n8n opened).
  await openDeployDialog(page);
  standin.setFaults({ status: { status: 500, body: { message: 'boom' } } });
  const popup = page.waitForEvent('popup');
  // Deployed once already: the dialog says so before a second, identical copy (issue 43).
  await expect(dialog.getByText(/You already deployed this template to/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Open the existing one/ })).toHaveAttribute(
    'href',
    `${standin.url}/workflow/${workflowId}`,
  );
  await dialog.getByRole('button', { name: 'Deploy another copy' }).click();
  await expect(
    dialog.getByText('Failed to create workflow: 500 Internal Server Error. {"message":"boom"}'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.getByText('The cleaned workflow JSON is on your clipboard.')).toBeVisible();
  expect((await popup).url()).toBe(`${standin.url}/workflow/new`);
  const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    nodes: unknown[];
  };
  expect(copied.nodes.length).toBeGreaterThan(0);
  standin.setFaults({});
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Quick Actions: the deployment history, then a run the stand-in reports.
  await page.goto('/dashboard?section=quick-actions');
  await expect(page.getByText('No recent automation runs')).toBeVisible({ timeout: 15_000 });
  await page.getByText('Show deployment history').click();
  await expect(page.getByText('Deployed', { exact: true })).toBeVisible();
  standin.reportExecution({ workflowId, status: 'success', items: { processed: 3, total: 5 } });
  await page.reload();
  const runs = page.getByRole('region', { name: 'Recent Runs' });
  await expect(runs.getByText(TITLE)).toBeVisible({ timeout: 15_000 });
  await expect(runs.getByText('100%')).toBeVisible();

  // Data Processing shows the same execution as a pipeline with its real item counts.
  await page.goto('/dashboard?section=data-processing');
  await expect(page.getByText('Processed 3 / 5')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Completed').first()).toBeVisible();
  await page.goto('/dashboard?section=quick-actions');

  // Emergency Stop, after confirming, deactivates it in n8n.
  await page.request.post(`${standin.url}/api/v1/workflows/${workflowId}/activate`, {
    headers: { 'X-N8N-API-KEY': standin.apiKey },
    data: {},
  });
  expect(standin.workflows.get(workflowId)!.active).toBe(true);
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: /Emergency Stop/ }).click();
  await expect(page.getByText('1 workflow deactivated')).toBeVisible({ timeout: 15_000 });
  expect(standin.workflows.get(workflowId)!.active).toBe(false);
  expect(errors).toEqual([]);
});

test('a complete 3-node workflow (the spec refused it by node count) deploys', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL!, 'n8n-small');
  await connectN8n(page, standin);

  // Webhook → Code, and its sticky note: three nodes in the file, a whole workflow (decision 0023).
  await page.goto('/automation/webhook-json-normalizer');
  await expect(page.getByRole('heading', { level: 1, name: 'Webhook JSON Normalizer' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' }).first()).toBeVisible();
  const dialog = await openDeployDialog(page);
  await dialog.getByRole('button', { name: /^Deploy to / }).click();
  const deployed = standin.workflows.get(await deployedWorkflowId(dialog));
  expect(
    ((deployed?.nodes ?? []) as { type: string }[])
      .map((n) => n.type)
      .filter((t) => !t.endsWith('stickyNote')),
  ).toEqual(['n8n-nodes-base.webhook', 'n8n-nodes-base.code']);
  expect(errors).toEqual([]);
});

test('the same template deployed twice: both copies activate, and the webhook URLs shown answer', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await becomePayingMember(page, baseURL!, 'n8n-twice');
  await connectN8n(page, standin);

  // This template's Webhook node listens on its own custom path, "support-ticket".
  await page.goto('/automation/ai-support-ticket-classifier-jira');
  const urls: string[] = [];
  for (const copy of [1, 2]) {
    const dialog = await openDeployDialog(page);
    // The second time, the dialog warns of the copy first (issue 43) and deploys one when asked.
    await dialog.getByRole('button', { name: copy === 1 ? /^Deploy to / : 'Deploy another copy' }).click();
    const workflowId = await deployedWorkflowId(dialog);
    // The dialog sits in the middle of the window (the CSS reset's margin: 0 had pinned it top left).
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    const webhooks = dialog.getByRole('region', { name: 'Webhook URLs' });
    const text = (await webhooks.textContent()) ?? '';
    const production = new RegExp(`${standin.url}/webhook/support-ticket-[0-9a-f]{8}`).exec(text)?.[0];
    const testUrl = new RegExp(`${standin.url}/webhook-test/support-ticket-[0-9a-f]{8}`).exec(text)?.[0];
    expect(production, `copy ${copy}: ${text}`).toBeTruthy();
    expect(testUrl?.replace('/webhook-test/', '/webhook/')).toBe(production);
    if (copy === 1) await screenshotsForEye(page, 'deploy-webhook-urls');
    urls.push(production!);
    // The member activates the copy in n8n: n8n refuses a path another active workflow holds.
    const activated = await page.request.post(`${standin.url}/api/v1/workflows/${workflowId}/activate`, {
      headers: { 'X-N8N-API-KEY': standin.apiKey },
      data: {},
    });
    expect(activated.status(), await activated.text()).toBe(200);
    await dialog.getByRole('button', { name: 'Close' }).click();
  }
  expect(urls[0]).not.toBe(urls[1]);
  for (const url of urls) expect((await page.request.post(url, { data: { hello: 1 } })).status()).toBe(200);
});

test('n8n 2.x: a member with Telegram credentials deploys a Telegram template, picks one, and it publishes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A 2.x stand-in on the same port (the only one the server may reach) at another loopback address,
  // so it is another instance URL (capabilities are cached per URL).
  v2Standin = await startN8nStandin({
    version: 'v2',
    port: Number(process.env.E2E_N8N_PORT ?? 5500),
    hostname: '127.0.0.2',
  });
  const standin = v2Standin;
  standin.addCredential({ name: 'Family bot', type: 'telegramApi' });
  const work = standin.addCredential({ name: 'Work bot', type: 'telegramApi' });
  const openAi = standin.addCredential({ name: 'My OpenAI', type: 'openAiApi' });
  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL!, 'n8n-2x');
  await connectN8n(page, standin);

  await page.goto('/automation/telegram-ai-assistant-bot');
  await page.getByRole('button', { name: 'Deploy in n8n' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Credentials from your n8n' })).toBeVisible({
    timeout: 15_000,
  });
  // One OpenAI credential: preselected. Two Telegram ones: the member picks.
  await expect(dialog.getByRole('combobox', { name: /OpenAI account/ })).toHaveValue(openAi.id);
  const telegram = dialog.getByRole('combobox', { name: /Telegram account/ });
  await expect(telegram).toHaveValue('');
  await telegram.selectOption({ label: 'Work bot' });
  await dialog.getByRole('checkbox', { name: /Publish it now/ }).check();
  await dialog.getByRole('button', { name: /^Deploy to / }).click();
  await expect(dialog.getByText('Published: it is live in your n8n.')).toBeVisible({ timeout: 15_000 });
  const href = await dialog
    .getByRole('link', { name: /in n8n/ })
    .first()
    .getAttribute('href');
  const created = standin.workflows.get(href!.split('/workflow/')[1]!)!;
  expect(created.active).toBe(true);
  const bound = (created.nodes as { type: string; credentials?: Record<string, { id: string }> }[])
    .filter((n) => n.credentials?.telegramApi)
    .map((n) => n.credentials!.telegramApi!.id);
  expect(bound.length).toBeGreaterThan(0);
  expect(new Set(bound)).toEqual(new Set([work.id]));
  expect(errors).toEqual([]);
});
