// The editorial queue and guides end to end (issue 38, decision 0023): the operator uploads a workflow
// file without a name (its title is generated from the file name) and a manifest row without a workflow
// (a guide); edits the generated title in the queue and a member sees it at once; accepts it with the
// A key; visitors see the guide after every template, never offered as one.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { becomePayingMember, signInOperator, test, watchConsole } from './support.ts';

const stamp = `${Date.now()}`;
const FILE_ID = `telegram_weather_${stamp}`;
const GUIDE_ID = `e2e-guide-${stamp}`;
const GUIDE_TITLE = `Multi-agent research team ${stamp}`;
const NEW_TITLE = `Get the current weather in Telegram ${stamp}`;

function uploads(): { workflow: string; manifest: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-editorial-e2e-'));
  const node = (name: string, type: string, x: number) => ({
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion: 1,
    position: [x, 0],
    parameters: {},
  });
  const workflow = path.join(dir, `${FILE_ID}.json`);
  writeFileSync(
    workflow,
    JSON.stringify({
      nodes: [
        node('Telegram Trigger', 'telegramTrigger', 0),
        node('OpenWeatherMap', 'openWeatherMap', 250),
        node('Telegram', 'telegram', 500),
      ],
      connections: {
        'Telegram Trigger': { main: [[{ node: 'OpenWeatherMap', type: 'main', index: 0 }]] },
        OpenWeatherMap: { main: [[{ node: 'Telegram', type: 'main', index: 0 }]] },
      },
    }),
  );
  const manifest = path.join(dir, 'manifest.json');
  writeFileSync(
    manifest,
    JSON.stringify({
      rows: [
        {
          source: 'vault',
          id: GUIDE_ID,
          title: GUIDE_TITLE,
          description: 'A research team of AI agents, explained in a video.',
          creator: 'Ada Lovelace',
          youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          resource_url: '',
          template_url: 'https://n8n.io/workflows/9',
          date_posted: '2030-01-01',
        },
      ],
    }),
  );
  return { workflow, manifest, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function importFile(page: Page, file: string) {
  await page.goto('/admin/catalog');
  await page.getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload and import' }).click();
  await expect(page.getByText(`${path.basename(file)}: import finished`)).toBeVisible({ timeout: 60_000 });
}

test('the operator edits a generated title in the queue, members see it at once; guides are not templates', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const files = uploads();
  try {
    const errors = watchConsole(page);
    await signInOperator(page, baseURL!);
    await importFile(page, files.workflow);
    await importFile(page, files.manifest);

    await page.goto('/admin/editorial');
    await expect(page.getByRole('heading', { name: 'Editorial queue', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /^Generated title/ }).click();
    await page.getByLabel('Search the queue').fill(stamp);
    const queue = page.getByRole('list', { name: 'Editorial queue, most viewed first' });
    const entry = queue.getByRole('button', {
      name: /current weather from OpenWeatherMap when a Telegram message arrives/i,
    });
    await expect(entry).toBeVisible({ timeout: 15_000 });
    await entry.click();
    const editor = page.getByRole('region', { name: /^Edit / });
    await expect(editor.getByText('Ready to deploy')).toBeVisible();
    const id = (await editor.getByRole('link', { name: /^telegram-weather/ }).textContent())!.trim();
    await editor.getByLabel('Title').fill(NEW_TITLE);
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Saved', { exact: true })).toBeVisible();

    // A member sees the new title at once, and the 3-node workflow is offered for deploy.
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await becomePayingMember(member, baseURL!, 'editorial');
    await member.goto(`/automation/${encodeURIComponent(id)}`);
    await expect(member.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible({ timeout: 15_000 });
    await expect(member.getByRole('button', { name: 'Deploy in n8n' }).first()).toBeVisible();

    // Edited, it is no longer a generated title; still unreviewed. Accept it with one key.
    await page.getByRole('button', { name: /^All in queue/ }).click();
    const edited = queue.getByRole('button', { name: new RegExp(NEW_TITLE) });
    await edited.click();
    await expect(editor.getByLabel('Title')).toHaveValue(NEW_TITLE);
    await page.getByRole('heading', { name: 'Editorial queue', level: 1 }).click();
    await page.keyboard.press('a');
    await expect(page.locator('[data-sonner-toast]').getByText('Accepted', { exact: true })).toBeVisible();
    await expect(edited).toHaveCount(0);

    // The guide: after every template on /library although it is newer and has a video (videos sort
    // first), labelled as a guide; its member page offers no deploy, copy or download.
    const visitor = await browser.newPage();
    await visitor.goto(`/library?q=${stamp}`);
    await expect(visitor.locator('main article h2 a')).toHaveText([NEW_TITLE, GUIDE_TITLE]);
    await expect(
      visitor.locator('main article').filter({ hasText: GUIDE_TITLE }).getByText('Guide, no workflow file'),
    ).toBeVisible();
    await member.goto(`/automation/${GUIDE_ID}`);
    await expect(member.getByRole('heading', { level: 1, name: GUIDE_TITLE })).toBeVisible({
      timeout: 15_000,
    });
    await expect(member.getByRole('button', { name: 'Deploy in n8n' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Copy JSON' })).toHaveCount(0);
    expect(errors).toEqual([]);
    await memberContext.close();
  } finally {
    files.cleanup();
  }
});
