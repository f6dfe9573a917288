// Issue 40: the operator imports a template, a member deploys it to their n8n (the stand-in, on
// E2E_N8N_PORT + 2) and edits it there; the operator imports a changed version; the member sees
// "Update available" on the overview, the deployment history and the detail page, reads the
// changelog and the version history, compares the update with what is in their n8n (their own edit,
// the new change, no collision) and updates: the same workflow has both, and their credential.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { type N8nStandin, startN8nStandin } from '../tests/support/n8n-standin.ts';
import { becomePayingMember, signInOperator, test, waitForHydration, watchConsole } from './support.ts';

const ID = 'e2e-ai-digest-to-slack';
const TITLE = 'E2E AI digest to Slack';

/** Webhook → Edit Fields → OpenAI → Slack; the OpenAI model is what the new version changes. */
function template(model: string) {
  return {
    name: TITLE,
    nodes: [
      {
        id: 'a',
        name: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        typeVersion: 2,
        position: [0, 0],
        webhookId: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
        parameters: { path: '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f', httpMethod: 'POST' },
      },
      {
        id: 'e',
        name: 'Edit Fields',
        type: 'n8n-nodes-base.set',
        typeVersion: 3.4,
        position: [200, 0],
        parameters: { includeOtherFields: true },
      },
      {
        id: 'b',
        name: 'OpenAI',
        type: '@n8n/n8n-nodes-langchain.openAi',
        typeVersion: 1.8,
        position: [400, 0],
        parameters: {
          modelId: { __rl: true, value: model, mode: 'list' },
          messages: { values: [{ content: '={{ $json.body.text }}' }] },
        },
        credentials: { openAiApi: { id: '1', name: 'OpenAI account' } },
      },
      {
        id: 'c',
        name: 'Slack',
        type: 'n8n-nodes-base.slack',
        typeVersion: 2.2,
        position: [600, 0],
        parameters: {
          select: 'channel',
          channelId: { __rl: true, value: 'C0123', mode: 'id' },
          text: 'Done',
        },
        credentials: { slackApi: { id: '2', name: 'Slack account' } },
      },
    ],
    connections: {
      Webhook: { main: [[{ node: 'Edit Fields', type: 'main', index: 0 }]] },
      'Edit Fields': { main: [[{ node: 'OpenAI', type: 'main', index: 0 }]] },
      OpenAI: { main: [[{ node: 'Slack', type: 'main', index: 0 }]] },
    },
    settings: { executionOrder: 'v1' },
  };
}

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

async function importVersion(operator: Page, model: string) {
  const file = path.join(dir, `${ID}.json`);
  writeFileSync(file, JSON.stringify(template(model)));
  await operator.goto('/admin/catalog');
  await operator.getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)').setInputFiles(file);
  await operator.getByRole('button', { name: 'Upload and import' }).click();
  await expect(operator.getByText(`${ID}.json: import finished`).first()).toBeVisible({ timeout: 60_000 });
}

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
  }
  expect(errors).toEqual([]);
});
