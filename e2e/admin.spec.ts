// The operator console end to end: the operator (OPERATOR_EMAIL in playwright.config.ts, password
// chosen through the mailed reset link) uploads a ZIP of every tenth file of the n8n corpus (the ZIP
// path and its progress are what is tested here; the whole 2,055 files are imported by
// tests/server/catalog-corpus.test.ts), watches the import to
// its summary, unpublishes one item, a paying member's search no longer finds it, a contact message
// reaches the inbox, and the audit log shows both actions. The ZIP is built in a temp folder at run time; corpus files are never committed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { zipSync } from 'fflate';
import { CORPUS_ARCHIVE, corpusGate } from '../tests/support/n8n-corpus.ts';
import {
  becomePayingMember,
  expectNoAxeViolations,
  OPERATOR,
  screenshotsForEye,
  signInOperator,
  test,
  waitForHydration,
  watchConsole,
} from './support.ts';

function corpusZip(): { file: string; files: number; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-admin-e2e-'));
  const src = path.join(dir, 'src');
  execFileSync('mkdir', ['-p', src]);
  // Every tenth workflow file in path order (~206 of every kind, the unreadable ones included),
  // extracted alone: writing all 2,055 files took seconds on a busy machine.
  const chosen = execFileSync('tar', ['-tzf', CORPUS_ARCHIVE], { encoding: 'utf8', maxBuffer: 16 << 20 })
    .split('\n')
    .filter((name) => name.endsWith('.json'))
    .sort()
    .filter((_, index) => index % 10 === 0);
  writeFileSync(path.join(dir, 'list'), chosen.join('\n'));
  execFileSync('tar', ['-xzf', CORPUS_ARCHIVE, '-C', src, '-T', path.join(dir, 'list')]);
  const entries: Record<string, Uint8Array> = {};
  for (const name of chosen) entries[name] = readFileSync(path.join(src, name));
  const file = path.join(dir, 'n8n-corpus.zip');
  writeFileSync(file, zipSync(entries, { level: 6 }));
  return {
    file,
    files: chosen.length,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

test('operator imports the corpus ZIP, unpublishes an item, members stop finding it, audit shows it', async ({
  page,
  browser,
  baseURL,
}) => {
  const gate = corpusGate();
  test.skip(!gate.present, `the corpus is missing${gate.title}`);
  // The import, then a member, the inbox and 16 axe runs over the console.
  test.setTimeout(300_000);
  const zip = corpusZip();
  try {
    // A visitor gets the 404 page, not the console.
    await page.goto('/admin/catalog');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();

    // Watched from here (the 404 document above is reported by the browser itself), through the
    // operator's reset link and sign-in.
    const errors = watchConsole(page);
    await signInOperator(page, baseURL!);
    await page.goto('/admin/catalog');
    await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Operator console' }).getByRole('link')).toHaveText([
      'Catalogue',
      'Editorial queue',
      'Users',
      'Inbox',
      'Payment recovery',
      'Payment health',
      'Auth diagnostics',
      'Audit log',
    ]);

    await page.getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)').setInputFiles(zip.file);
    const started = Date.now();
    await page.getByRole('button', { name: 'Upload and import' }).click();
    const progress = page.getByRole('progressbar', { name: 'Import progress' });
    await expect(progress).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('n8n-corpus.zip: import finished')).toBeVisible({ timeout: 60_000 });
    await expect(progress).toHaveAttribute('value', '100');
    const summary = page.getByRole('region', { name: 'Import summary' });
    await expect(summary.getByText('Files handled')).toBeVisible();
    await expect(summary.locator('dd').first()).toHaveText(String(zip.files));
    const figure = `${zip.files} files in ${((Date.now() - started) / 1000).toFixed(1)} s (upload to summary)`;
    test.info().annotations.push({ type: 'corpus import', description: figure });
    console.log(`corpus import: ${figure}`);

    // After a reload the history still holds the import and its report (skipped files and why).
    await page.reload();
    const history = page.getByRole('region', { name: 'Import history' });
    await expect(history.getByText(/n8n-corpus\.zip/)).toBeVisible({ timeout: 20_000 });
    if (process.env.SCREENS_DIR) {
      const skipped = history.getByText(/^Skipped files and why/).first();
      if (await skipped.isVisible()) await skipped.click();
      await screenshotsForEye(page, 'import-history', history);
    }

    // Pick one imported item by its id and unpublish it.
    const items = page.getByRole('region', { name: 'Catalogue items' });
    await items.getByLabel('Title or id').fill('slack');
    await items.getByRole('button', { name: 'Filter', exact: true }).click();
    // The previous page stays on screen (busy) until the filtered one arrives: wait for it.
    await expect(items.getByRole('list')).toHaveAttribute('aria-busy', 'false');
    await expect(items.getByRole('listitem').first()).toContainText(/slack/i);
    const id = (await items.getByRole('listitem').first().locator('span.font-mono').textContent())!.trim();
    const item = items.getByRole('listitem').filter({ hasText: id });
    await item.getByRole('button', { name: /^Unpublish / }).click();
    await item.getByRole('button', { name: 'Yes, unpublish' }).click();
    await expect(page.locator('[data-sonner-toast]').getByText('Unpublished', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: /^Publish / })).toBeVisible();

    // A paying member searches for it by id: gone.
    const memberContext = await browser.newContext();
    const member = waitForHydration(await memberContext.newPage());
    await becomePayingMember(member, baseURL!, 'member-ops');
    await member.goto(`/dashboard?section=search&q=${encodeURIComponent(id)}`);
    await expect(member.getByText('No automations found')).toBeVisible({ timeout: 20_000 });
    const api = await member.request.get(`/api/catalog/automations?q=${encodeURIComponent(id)}`);
    expect(((await api.json()) as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(id);
    // Every console page is the 404 page for a member, and the admin API answers like an unknown path.
    for (const path of ['/admin/catalog', '/admin/users', '/admin/inbox', '/admin/audit', '/debug-auth']) {
      await member.goto(path);
      await expect(member.getByRole('heading', { name: '404' })).toBeVisible();
    }
    const refused = await member.request.get('/api/admin/catalog/items');
    expect(refused.status()).toBe(404);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'No such API endpoint.',
    );
    // The member writes through the contact form; the message waits in the operator's inbox.
    const question = `Contact from the operator spec ${Date.now()}`;
    await member.addInitScript(() => window.localStorage.setItem('socialProofClosed', 'true'));
    await member.goto('/contact-us');
    await member.getByLabel('Your Name').fill('Member Ops');
    await member.getByLabel('Email Address').fill('member-ops@example.com');
    await member.getByRole('textbox', { name: 'Message' }).fill(question);
    await member.getByRole('button', { name: 'Send Message' }).click();
    await expect(member.getByText('Message Sent')).toBeVisible();
    await memberContext.close();
    await page.goto('/admin/inbox');
    const message = page.getByRole('listitem').filter({ hasText: question });
    await expect(message).toContainText('Member Ops <member-ops@example.com>');
    await expect(message).toContainText('open');

    // The audit log names both actions, by the operator.
    await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    // The console page loads its own chunk and session first: slow on a busy 2-core runner.
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible({
      timeout: 15_000,
    });
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'catalog.unpublish' }).filter({ hasText: id })).toHaveCount(1);
    // e2e/canvas.spec.ts uploads a file as the operator too: at least this spec's import is there.
    await expect(
      rows.filter({ hasText: 'catalog.import' }).filter({ hasText: OPERATOR }).first(),
    ).toBeVisible();
    // Every console page the navigation links to passes axe, with the imported catalogue and the
    // audit entries in place.
    const consolePages = await page
      .getByRole('navigation', { name: 'Operator console' })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => [a.getAttribute('href') ?? '', a.textContent ?? ''] as const));
    // The eight links the navigation's text is checked against above.
    expect(consolePages).toHaveLength(8);
    for (const [path, heading] of consolePages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await expectNoAxeViolations(page, `${path} (${heading})`);
    }
    expect(errors.filter((e) => !/status of 40[134]/.test(e))).toEqual([]);
  } finally {
    zip.cleanup();
  }
});
