// Issue 40: the operator imports a template, a member deploys it to their n8n (the stand-in, on
// E2E_N8N_PORT + 2) and edits it there; the operator imports a changed version; the member sees
// "Update available" on the overview, the deployment history and the detail page, reads the
// changelog and the version history, compares the update with what is in their n8n (their own edit,
// the new change, no collision) and updates: the same workflow has both, and their credential; then
// restores the state before the update from the kept copy. And the set-up wizard: a template that
// needs a Google Sheets document and a Slack channel is deployed with both filled in the dialog.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type N8nStandin, startN8nStandin } from '../tests/support/n8n-standin.ts';
import { aiDigestToSlack, slackPost } from '../tests/support/workflows.ts';
import { becomePayingMember, signInOperator, test, waitForHydration, watchConsole } from './support.ts';

const ID = 'e2e-ai-digest-to-slack';
const TITLE = 'E2E AI digest to Slack';

/** Webhook → Edit Fields → OpenAI → Slack; the OpenAI model is what the new version changes. */
const template = (model: string) =>
  aiDigestToSlack({ name: TITLE, model, webhookId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f' });

// One stand-in on a fixed port for the file: its tests run one after the other, in one worker.
test.describe.configure({ mode: 'default' });

let standin: N8nStandin & { url: string; apiKey: string; close(): Promise<void> };
let dir: string;
test.beforeAll(async () => {
  standin = await startN8nStandin({ version: 'newer', port: Number(process.env.E2E_N8N_PORT ?? 5500) + 2 });
  dir = mkdtempSync(path.join(tmpdir(), 'flowvault-e2e-versions-'));
});
test.afterAll(async () => {
  await standin?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function importFile(operator: Page, id: string, workflow: unknown) {
  const file = path.join(dir, `${id}.json`);
  writeFileSync(file, JSON.stringify(workflow));
  await operator.goto('/admin/catalog');
  await operator.getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)').setInputFiles(file);
  await operator.getByRole('button', { name: 'Upload and import' }).click();
  await expect(operator.getByText(`${id}.json: import finished`).first()).toBeVisible({ timeout: 60_000 });
}

const importVersion = (operator: Page, model: string) => importFile(operator, ID, template(model));

test('a member sees Update available after the operator imports a changed template, and compares it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const operatorContext = await browser.newContext();
  const operator = waitForHydration(await operatorContext.newPage());
  await signInOperator(operator, baseURL!);
  await importVersion(operator, 'gpt-3.5-turbo');

  // The member connects their n8n and deploys version 1 (through the API the dialog uses).
  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL!, 'versions');
  const headers = { origin: baseURL! };
  const connected = await page.request.post('/api/n8n/connections', {
    headers,
    data: { instanceUrl: standin.url, apiKey: standin.apiKey },
  });
  expect(connected.ok()).toBe(true);
  const deployed = await page.request.post('/api/n8n/deploy', { headers, data: { automationId: ID } });
  const deployment = (await deployed.json()) as { ok: boolean; deployment: { n8nWorkflowId: string } };
  expect(deployment.ok).toBe(true);
  // In n8n, the member points Slack at their own channel.
  const inN8n = standin.workflows.get(deployment.deployment.n8nWorkflowId)!;
  const slack = (inN8n.nodes as { name: string; parameters: { channelId: { value: string } } }[]).find(
    (n) => n.name === 'Slack',
  )!;
  slack.parameters.channelId.value = 'C_MEMBER';
  const slackCredentials = structuredClone((slack as { credentials?: unknown }).credentials);

  // The operator imports version 2: a newer OpenAI model. The console shows it under Versions.
  await importVersion(operator, 'gpt-4o-mini');
  await operator.getByLabel('Title or id').fill(ID);
  await operator.getByLabel('Title or id').press('Enter');
  const item = operator.getByRole('listitem').filter({ hasText: TITLE }).first();
  await item.getByRole('button', { name: 'Versions' }).click();
  await expect(item.getByText('OpenAI model gpt-3.5-turbo → gpt-4o-mini')).toBeVisible({ timeout: 15_000 });
  await expect(item.getByRole('button', { name: 'Hold version 2' })).toBeVisible();
  await operatorContext.close();

  // Overview, deployment history, detail page.
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Update available for 1 deployed template' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText('OpenAI model gpt-3.5-turbo → gpt-4o-mini')).toBeVisible();
  await page.goto('/dashboard?section=quick-actions');
  await page.getByText('Show deployment history').click();
  await expect(page.getByRole('link', { name: 'Update available · v2' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'Update available · v2' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Update available: version 2' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Version history' });
  await expect(history.getByText('OpenAI model gpt-3.5-turbo → gpt-4o-mini')).toBeVisible();
  await expect(history.getByText('First version in the library.')).toBeVisible();

  await page.getByRole('button', { name: 'Compare with my n8n' }).click();
  const rows = page.getByRole('list', { name: 'Changes node by node' });
  await expect(rows.getByText('Slack channel C0123 → C_MEMBER')).toBeVisible({ timeout: 15_000 });
  await expect(rows.getByText('OpenAI model gpt-3.5-turbo → gpt-4o-mini')).toBeVisible();
  await expect(page.getByText(/^No collisions:/)).toBeVisible();
  if (process.env.SCREENS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await rows.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.SCREENS_DIR, 'update-rows-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Update: the same workflow in n8n gets the new model and keeps the member's channel and credential.
  await page.getByRole('button', { name: 'Update my workflow to version 2' }).click();
  await expect(page.getByText('Updated to version 2')).toBeVisible({ timeout: 20_000 });
  const after = standin.workflows.get(deployment.deployment.n8nWorkflowId)!;
  const node = (name: string) =>
    (
      after.nodes as { name: string; parameters: Record<string, { value: string }>; credentials?: unknown }[]
    ).find((n) => n.name === name)!;
  expect(node('OpenAI').parameters.modelId!.value).toBe('gpt-4o-mini');
  expect(node('Slack').parameters.channelId!.value).toBe('C_MEMBER');
  expect(node('Slack').credentials).toEqual(slackCredentials);
  await expect(page.getByRole('heading', { name: 'Update available: version 2' })).toBeHidden({
    timeout: 15_000,
  });
  if (process.env.SCREENS_DIR) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(process.env.SCREENS_DIR, 'updated-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Restore: the state before the update comes back from the inactive copy, channel and credential kept.
  const before = page.getByRole('region', { name: 'Before the update' });
  await expect(before.getByRole('link', { name: /Open the copy/ })).toBeVisible({ timeout: 15_000 });
  page.once('dialog', (d) => void d.accept());
  await before.getByRole('button', { name: 'Restore version 1' }).click();
  await expect(page.getByText('Restored version 1 in your n8n')).toBeVisible({ timeout: 20_000 });
  const restored = standin.workflows.get(deployment.deployment.n8nWorkflowId)!;
  const restoredNode = (name: string) =>
    (
      restored.nodes as {
        name: string;
        parameters: Record<string, { value: string }>;
        credentials?: unknown;
      }[]
    ).find((n) => n.name === name)!;
  expect(restoredNode('OpenAI').parameters.modelId!.value).toBe('gpt-3.5-turbo');
  expect(restoredNode('Slack').parameters.channelId!.value).toBe('C_MEMBER');
  expect(restoredNode('Slack').credentials).toEqual(slackCredentials);
  // Back on version 1: the update is offered again, and there is nothing left to restore.
  await expect(page.getByRole('heading', { name: 'Update available: version 2' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(before).toBeHidden();
  expect(errors).toEqual([]);
});

const WIZARD_ID = 'e2e-orders-sheet-to-slack';
const WIZARD_TITLE = 'E2E Orders sheet to Slack';
const rl = (value: string, mode: string, cachedResultName?: string) => ({
  __rl: true,
  value,
  mode,
  ...(cachedResultName ? { cachedResultName } : {}),
});

/** Schedule → Google Sheets (the author's document) → Slack (the author's channel). */
const sheetToSlack = {
  name: WIZARD_TITLE,
  nodes: [
    {
      id: 's',
      name: 'Every morning',
      type: 'n8n-nodes-base.scheduleTrigger',
      typeVersion: 1.2,
      position: [0, 0],
      parameters: { rule: { interval: [{ field: 'days' }] } },
    },
    {
      id: 'g',
      name: 'Read orders',
      type: 'n8n-nodes-base.googleSheets',
      typeVersion: 4.5,
      position: [200, 0],
      parameters: {
        documentId: rl('1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'list', 'Orders 2024'),
        sheetName: rl('Sheet1', 'name'),
      },
      credentials: { googleSheetsOAuth2Api: { id: '7', name: 'Google Sheets account' } },
    },
    slackPost('k', 400, {
      name: 'Tell the team',
      channel: 'C08ABCDEF12',
      text: '={{ $json.order }}',
      credentialId: '2',
    }),
  ],
  connections: {
    'Every morning': { main: [[{ node: 'Read orders', type: 'main', index: 0 }]] },
    'Read orders': { main: [[{ node: 'Tell the team', type: 'main', index: 0 }]] },
  },
  settings: { executionOrder: 'v1' },
};

test('the wizard fills a Google Sheets id and a Slack channel and the deployed workflow carries them', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const operatorContext = await browser.newContext();
  const operator = waitForHydration(await operatorContext.newPage());
  await signInOperator(operator, baseURL!);
  await importFile(operator, WIZARD_ID, sheetToSlack);
  await operatorContext.close();

  const errors = watchConsole(page);
  await becomePayingMember(page, baseURL!, 'wizard');
  const connected = await page.request.post('/api/n8n/connections', {
    headers: { origin: baseURL! },
    data: { instanceUrl: standin.url, apiKey: standin.apiKey },
  });
  expect(connected.ok()).toBe(true);

  await page.goto(`/automation/${WIZARD_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: WIZARD_TITLE })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Deploy in n8n' }).first().click();
  const dialog = page.getByRole('dialog');
  const wizard = dialog.getByTestId('setup-wizard');
  await expect(wizard.getByRole('heading', { name: 'Set up before it runs' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(wizard.getByText('0 of 2 filled.')).toBeVisible();
  const sheet = wizard.getByRole('group', { name: /Read orders/ }).getByLabel('Document');
  const channel = wizard.getByRole('group', { name: /Tell the team/ }).getByLabel('Channel');
  // Checked by format: a wrong value is refused in the form, before anything reaches n8n.
  await sheet.fill('my sheet!');
  await sheet.blur();
  await expect(sheet).toHaveAttribute('aria-invalid', 'true');
  // The member pastes the link to their sheet (its id is taken from it) and names their channel.
  await sheet.fill('https://docs.google.com/spreadsheets/d/1MemberSheetId_abcDEF-0123456789/edit#gid=0');
  await channel.fill('C0MEMBER42');
  await channel.blur();
  await expect(wizard.getByText('2 of 2 filled.')).toBeVisible();
  await expect(sheet).not.toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: /^Deploy to / }).click();
  await expect(dialog.getByText('Workflow Deployed Successfully')).toBeVisible({ timeout: 20_000 });
  const href = await dialog.getByRole('link', { name: /in n8n/ }).getAttribute('href');
  const workflowId = href!.split('/workflow/')[1]!;

  // What the stand-in stored: the member's sheet and channel, not the author's.
  const stored = standin.workflows.get(workflowId)!;
  const node = (name: string) =>
    (stored.nodes as { name: string; parameters: Record<string, unknown> }[]).find((n) => n.name === name)!;
  expect(node('Read orders').parameters.documentId).toMatchObject({
    __rl: true,
    value: '1MemberSheetId_abcDEF-0123456789',
    mode: 'id',
  });
  expect(node('Tell the team').parameters.channelId).toMatchObject({
    __rl: true,
    value: 'C0MEMBER42',
    mode: 'id',
  });
  expect(JSON.stringify(stored.nodes)).not.toContain('1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789');
  expect(JSON.stringify(stored.nodes)).not.toContain('C08ABCDEF12');
  expect(errors).toEqual([]);
});
