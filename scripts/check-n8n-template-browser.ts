// The real check of issue 42 (decision 0026), outside CI: a real n8n started with N8N_TEMPLATES_HOST
// pointing at a member's Flowvault templates host; Chromium signs into that n8n, opens its template
// browser, searches, opens a template, uses it, and the workflow is then in n8n.
//
//   FLOWVAULT_N8N_DIR=/var/tmp/flowvault-n8n npm run check:n8n-templates
//
// n8n 2.40.7 is installed as `npm run verify:n8n` installs it (into $FLOWVAULT_N8N_DIR or
// ~/.cache/flowvault; skipped when there). Flowvault gets the reference corpus imported.
// Knobs: N8N_DIR (an installed n8n: node_modules/n8n), N8N_PORT (5695), FV_PORT (4350), CHECK_DIR
// (where n8n's user folder and Flowvault's data go; a fresh folder under /var/tmp by default),
// CORPUS (the reference corpus tarball; `samples` for Flowvault's own samples instead), SEARCH (slack),
// CHROME_PATH (/usr/bin/chromium). Prints `n8n template browser: search ok, import ok`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { TARBALL } from '../bench/corpus.ts';
import {
  cacheDirFor,
  DEFAULT_N8N_VERSION,
  ensureN8nInstalled,
} from '../src/server/n8n/verify/n8n-process.ts';
import { makeWebRoot } from '../tests/support/web-root.ts';

const N8N_DIR = process.env.N8N_DIR ?? cacheDirFor(DEFAULT_N8N_VERSION);
const CORPUS = process.env.CORPUS ?? TARBALL;
const N8N_PORT = Number(process.env.N8N_PORT ?? 5695);
const FV_PORT = Number(process.env.FV_PORT ?? 4350);
const SEARCH = process.env.SEARCH ?? 'slack';
const ROOT = path.resolve(import.meta.dirname, '..');
mkdirSync('/var/tmp/flowvault-template-check', { recursive: true });
const DIR = process.env.CHECK_DIR ?? mkdtempSync('/var/tmp/flowvault-template-check/run-');
const N8N = `http://127.0.0.1:${N8N_PORT}`;
const FV = `http://127.0.0.1:${FV_PORT}`;
const OWNER = {
  email: 'owner@example.com',
  firstName: 'Check',
  lastName: 'Owner',
  password: 'Check-owner-pass-1',
};

const children: ChildProcess[] = [];
function start(name: string, command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr?.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`${name} exited with ${code}:\n${output}`);
  });
  children.push(child);
  return { child, output: () => output };
}
/** SIGTERM, then SIGKILL after 10 s: n8n may take a while to stop, and the next run needs its port. */
async function stopAll() {
  await Promise.all(
    children.map(async (c) => {
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void stopAll().then(() => process.exit(1)));

async function portFree(port: number) {
  try {
    await fetch(`http://127.0.0.1:${port}/`);
    return false;
  } catch {
    return true;
  }
}

async function waitFor(url: string, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s`);
}

function step(text: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${text}`);
}

async function main() {
  for (const port of [FV_PORT, N8N_PORT])
    if (!(await portFree(port))) throw new Error(`Port ${port} is in use: stop what listens there first.`);
  if (!process.env.N8N_DIR) {
    step(`n8n ${DEFAULT_N8N_VERSION} in ${N8N_DIR} (installed once, as verify:n8n installs it)`);
    await ensureN8nInstalled(DEFAULT_N8N_VERSION, { dir: N8N_DIR, log: (line) => step(line) });
  }
  if (!existsSync(path.join(N8N_DIR, 'node_modules/n8n/bin/n8n'))) throw new Error(`No n8n in ${N8N_DIR}`);
  const data = { DATA_DIR: path.join(DIR, 'flowvault'), NODE_ENV: 'test', LOG_LEVEL: 'warn' };
  const corpus = CORPUS !== 'samples';
  if (corpus) {
    step(`the reference corpus into Flowvault (${path.basename(CORPUS)})`);
    const work = path.join(DIR, 'corpus');
    mkdirSync(work, { recursive: true });
    execFileSync('tar', ['-xzf', CORPUS, '-C', work]);
    const report = execFileSync(
      'npm',
      ['run', '--silent', 'catalog:import', '--', path.join(work, 'workflows')],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? DIR, ...data },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    console.log(
      report
        .split('\n')
        .filter((l) => /^(Imported|Catalogue total)/.test(l))
        .join('\n'),
    );
  }
  step(`Flowvault on ${FV} (data in ${DIR}/flowvault)`);
  const mailDir = path.join(DIR, 'mail');
  start('flowvault', process.execPath, ['e2e/serve.ts'], {
    PORT: String(FV_PORT),
    HOST: '127.0.0.1',
    BASE_URL: FV,
    E2E_MAIL_DIR: mailDir,
    ...data,
    // With the corpus, only the corpus: the check then searches what a real library holds.
    IMPORT_SAMPLES: corpus ? 'false' : 'true',
    // The web app plays no part here: the built one when there is one, else a stand-in page set.
    WEB_ROOT: existsSync(path.join(ROOT, 'dist/client/app.html'))
      ? path.join(ROOT, 'dist/client')
      : makeWebRoot(),
  });
  await waitFor(`${FV}/api/health`, 180_000, 'Flowvault');
  while (!existsSync(path.join(mailDir, 'member-factory.url'))) await new Promise((r) => setTimeout(r, 200));
  const factory = readFileSync(path.join(mailDir, 'member-factory.url'), 'utf8');

  step('a paying member turns the library on for their n8n');
  const made = (await (
    await fetch(`${factory}/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'Member-pass-long-1' }),
    })
  ).json()) as { setCookies: string[] };
  const cookie = made.setCookies.map((c) => c.split(';')[0]).join('; ');
  const enabled = await fetch(`${FV}/api/templates-host`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: FV, cookie },
    body: JSON.stringify({ allowedOrigin: N8N }),
  });
  if (!enabled.ok)
    throw new Error(`turning the library on failed: ${enabled.status} ${await enabled.text()}`);
  const { hostUrl } = (await enabled.json()) as { hostUrl: string };

  step(`n8n on ${N8N} with N8N_TEMPLATES_HOST=${hostUrl.replace(/\/t\/[^/]+/, '/t/***')}`);
  const n8n = start('n8n', process.execPath, [path.join(N8N_DIR, 'node_modules/n8n/bin/n8n'), 'start'], {
    N8N_USER_FOLDER: path.join(DIR, 'n8n'),
    N8N_HOST: '127.0.0.1',
    N8N_PORT: String(N8N_PORT),
    N8N_LISTEN_ADDRESS: '127.0.0.1',
    N8N_EDITOR_BASE_URL: `${N8N}/`,
    N8N_DIAGNOSTICS_ENABLED: 'false',
    N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
    N8N_PERSONALIZATION_ENABLED: 'false',
    N8N_SECURE_COOKIE: 'false',
    N8N_RUNNERS_ENABLED: 'false',
    N8N_TEMPLATES_ENABLED: 'true',
    N8N_TEMPLATES_HOST: hostUrl,
    DB_SQLITE_POOL_SIZE: '1',
  });
  // /healthz answers while n8n still starts (its page says "n8n is starting up"); readiness once it serves.
  await waitFor(`${N8N}/healthz/readiness`, 300_000, 'n8n').catch((error) => {
    console.error(n8n.output());
    throw error;
  });
  const setup = await fetch(`${N8N}/rest/owner/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!setup.ok) throw new Error(`owner setup failed: ${setup.status} ${await setup.text()}`);

  step('Chromium signs into n8n');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  const editorErrors: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const hostCalls: string[] = [];
    let importedNodes: string[] = [];
    page.on('response', (r) => {
      if (!r.url().startsWith(`${FV}/t/`)) return;
      const route = new URL(r.url()).pathname.replace(/^\/t\/[^/]+/, '');
      hostCalls.push(`${r.status()} ${route}`);
      if (r.ok() && route.startsWith('/api/workflows/templates/'))
        void r
          .json()
          .then((b: { workflow: { nodes: { name: string }[] } }) => {
            importedNodes = b.workflow.nodes.map((n) => n.name).sort();
          })
          .catch(() => undefined);
    });
    // What the editor could not read of the host's answers shows as errors in its console.
    page.on('pageerror', (e) => editorErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') editorErrors.push(m.text());
    });
    const shot = (name: string) => page.screenshot({ path: path.join(DIR, `${name}.png`) });
    await page.goto(`${N8N}/signin`);
    await page.getByLabel(/email/i).first().fill(OWNER.email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(OWNER.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/signin'), { timeout: 60_000 });

    step(`template browser: search "${SEARCH}"`);
    await page.goto(`${N8N}/templates`);
    const search = page.getByPlaceholder(/search/i).first();
    await search.waitFor({ timeout: 60_000 });
    // The search for the words typed, as the host answered it; the first card then shows its first hit.
    const answered = page.waitForResponse(
      (r) => r.url().includes('/templates/search') && new URL(r.url()).searchParams.get('search') === SEARCH,
      { timeout: 60_000 },
    );
    await search.fill(SEARCH);
    const found = (await (await answered).json()) as { workflows: { name: string }[] };
    const first = found.workflows[0]?.name;
    if (!first) throw new Error(`the host found nothing for "${SEARCH}"`);
    const card = page.locator('[data-test-id="template-card"]').first();
    await card.filter({ hasText: first }).waitFor({ timeout: 60_000 });
    // The card's first line is the template's name (n8n's TemplateCard).
    // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator; the rendered line breaks are what we split on.
    const title = (await card.innerText()).split('\n')[0]?.trim();
    const searched = hostCalls.some((c) => c.startsWith('200 /api/templates/search'));
    if (!searched) throw new Error(`the browser made no search on the host: ${hostCalls.join(', ')}`);
    await shot('1-search');
    console.log('n8n template browser: search ok');

    step(`open "${title}" and use it`);
    await card.click();
    await page.waitForURL(/\/templates\/\d+/, { timeout: 60_000 });
    await page
      .getByText(title ?? '')
      .first()
      .waitFor({ timeout: 60_000 });
    await shot('2-template');
    await page
      .getByRole('button', { name: /use (this )?(workflow|template)|try template/i })
      .first()
      .click();
    // With credentials to set up, n8n shows its setup page first; continue to the workflow.
    await page.waitForURL(/\/workflow\/|\/templates\/\d+\/setup/, { timeout: 60_000 });
    if (/\/setup/.test(page.url())) {
      // "Continue" stays disabled until every credential is chosen; "Skip" opens the workflow as is.
      await page
        .getByText(/^\s*skip\s*$/i)
        .first()
        .click();
      await page.waitForURL(/\/workflow\//, { timeout: 60_000 });
    }
    await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
    // Save: n8n 2.x opens a template under a fresh id (`/workflow/<id>?new=true`) that is in its
    // database only once saved; Ctrl+S on the canvas saves it as the editor's save button does.
    await page
      .locator('.vue-flow__pane')
      .first()
      .click({ position: { x: 30, y: 400 } });
    await page.keyboard.press('Control+s');
    await shot('3-workflow');

    step('the workflow is in n8n');
    // n8n binds its session cookie to the browser: its REST calls need the editor's `browser-id`.
    const browserId = await page.evaluate(() => localStorage.getItem('n8n-browserId') ?? '');
    const rest = async <T>(route: string) => {
      const answer = await page.request.get(`${N8N}/rest${route}`, { headers: { 'browser-id': browserId } });
      if (!answer.ok()) throw new Error(`n8n's ${route} answered ${answer.status()}: ${await answer.text()}`);
      return ((await answer.json()) as { data: T }).data;
    };
    let listed: { id: string; name: string }[] = [];
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      listed = await rest<{ id: string; name: string }[]>('/workflows');
      if (listed.length > 0) break;
      await page.waitForTimeout(1000);
    }
    const saved = title ? listed.find((w) => w.name.startsWith(title.slice(0, 40))) : undefined;
    if (!saved)
      throw new Error(`"${title}" is not among n8n's workflows: ${listed.map((w) => w.name).join(', ')}`);
    // Every node the host served is in the stored workflow, under its name.
    const stored = await rest<{ nodes: { name: string }[] }>(`/workflows/${saved.id}`);
    const storedNodes = stored.nodes.map((n) => n.name).sort();
    if (importedNodes.length === 0 || storedNodes.join('\n') !== importedNodes.join('\n'))
      throw new Error(
        `n8n stored other nodes than the host served:\n  host: ${importedNodes.join(', ')}\n  n8n:  ${storedNodes.join(', ')}`,
      );
    const imported = hostCalls.some((c) => /^200 \/api\/workflows\/templates\/\d+$/.test(c));
    if (!imported) throw new Error(`n8n did not import through the host: ${hostCalls.join(', ')}`);
    console.log(`host calls: ${[...new Set(hostCalls)].join(', ')}`);
    console.log(`stored in n8n: "${saved.name}", ${storedNodes.length} nodes (${saved.id})`);
    if (editorErrors.length > 0) console.log(`editor console errors:\n  ${editorErrors.join('\n  ')}`);
    console.log('n8n template browser: search ok, import ok');
  } catch (error) {
    const pages = browser.contexts().flatMap((c) => c.pages());
    if (pages[0]) await pages[0].screenshot({ path: path.join(DIR, 'failure.png') });
    console.error(`screenshot: ${path.join(DIR, 'failure.png')}`);
    if (editorErrors.length > 0) console.error(`editor console errors:\n  ${editorErrors.join('\n  ')}`);
    throw error;
  } finally {
    await browser.close();
  }
}

main()
  .then(async () => {
    await stopAll();
    process.exit(0);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await stopAll();
    process.exit(1);
  });
