// `npm run bench -- dashboard`: the member dashboard in Chromium, served by `npm start` (the build it
// makes) over the reference corpus (2,055 real workflows) imported with `npm run catalog:import`, as a
// member who signed up, verified, signed in and paid over HTTP (the real session cookie). Budgets
// (issue 6): JavaScript loaded by /dashboard ≤ 250 KB gzipped, without the workflow canvas (React
// Flow); keystroke → results painted ≤ 100 ms p95.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { extractCorpus } from './corpus.ts';
import { benchImport } from './import-figure.ts';
import { becomePayingMember, startNpmServer, withSmtp } from './member-server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_ROOT = path.join(ROOT, 'dist/client');
const JS_BUDGET_KB = 250;
const PAINT_BUDGET_MS = 100;
/** Words typed one key at a time; every key is one sample. */
const WORDS = [
  'slack',
  'gmail',
  'openai',
  'telegram',
  'sheets',
  'webhook',
  'notion',
  'airtable',
  'discord',
  'stripe',
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function run() {
  const work = mkdtempSync(path.join(tmpdir(), 'fv-dashboard-bench-'));
  try {
    const dataDir = path.join(work, 'data');
    const imported = benchImport({ dir: extractCorpus(work), dataDir });
    console.log(
      `Catalogue: ${imported.imported} workflows from the reference corpus (npm run catalog:import)`,
    );
    mkdirSync(path.join(work, 'logs'));
    await withSmtp(async (smtp) => {
      const server = await startNpmServer({
        script: 'start',
        dataDir,
        port: Number(process.env.BENCH_PORT ?? 3102),
        smtpUrl: smtp.url,
        logDir: path.join(work, 'logs'),
      });
      try {
        const member = await becomePayingMember(server.url, smtp);
        await measure(server.url, member);
      } finally {
        await server.stop();
      }
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function measure(url: string, member: { email: string; cookie: string }) {
  if (!existsSync(path.join(WEB_ROOT, 'app.html')) && !existsSync(path.join(WEB_ROOT, 'index.html'))) {
    throw new Error('npm start left no build in dist/client');
  }
  const server = { url };
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      member.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
      }),
    );
    const page = await context.newPage();
    // Offline machines cannot reach YouTube thumbnails; they are images, not part of the figures.
    await page.route(/^https:\/\/(i\.ytimg|img\.youtube)\.com\//, (route) => route.abort());

    // 1. First load of /dashboard: every script the browser fetched, gzipped as served.
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin === server.url && url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: `Welcome back, ${member.email}` }).waitFor();
    await page.waitForLoadState('networkidle');
    let gz = 0;
    let canvasLoaded = false;
    for (const src of scripts) {
      const bytes = readFileSync(path.join(WEB_ROOT, src));
      gz += gzipSync(bytes, { level: 9 }).length;
      if (bytes.includes('react-flow__')) canvasLoaded = true;
    }
    const kb = gz / 1024;
    console.log(
      `JS loaded by /dashboard (gzip, ${scripts.size} files): ${kb.toFixed(1)} KB (budget ≤ ${JS_BUDGET_KB} KB: ${kb <= JS_BUDGET_KB ? 'met' : 'MISSED'})`,
    );
    console.log(
      `Workflow canvas (React Flow) loaded on /dashboard: ${canvasLoaded ? 'yes — MISSED' : 'no (met)'}`,
    );

    // 2. Keystroke → results painted, in the Search section.
    await page.goto(`${server.url}/dashboard?section=search`, { waitUntil: 'networkidle' });
    const box = page.getByPlaceholder('Search automations, workflows, actions...').first();
    await page.locator('[data-results-for=""]').waitFor();
    const samples: number[] = [];
    let matched = 0;
    const typeAndMeasure = async (key: string, expected: string) => {
      await page.evaluate(() => {
        const w = window as unknown as { __keyAt?: number };
        w.__keyAt = undefined;
        document.addEventListener(
          'keydown',
          () => {
            w.__keyAt = performance.now();
          },
          { capture: true, once: true },
        );
      });
      await page.keyboard.press(key);
      return page.evaluate(
        (want) =>
          new Promise<number>((resolve) => {
            const w = window as unknown as { __keyAt: number };
            const started = performance.now();
            const check = () => {
              // A key whose results never show counts as a timeout (reported, not averaged).
              if (performance.now() - started > 5_000) {
                resolve(Number.POSITIVE_INFINITY);
                return;
              }
              const el = document.querySelector('[data-results-for]');
              if (el?.getAttribute('data-results-for') === want) {
                // Two frames after the DOM holds the results: they have been painted.
                requestAnimationFrame(() =>
                  requestAnimationFrame(() => resolve(performance.now() - w.__keyAt)),
                );
              } else requestAnimationFrame(check);
            };
            check();
          }),
        expected,
      );
    };
    // Warm-up: one word that is not counted.
    await box.click();
    let warm = '';
    for (const ch of 'email') {
      warm += ch;
      await typeAndMeasure(ch, warm);
    }
    await box.fill('');
    await page.locator('[data-results-for=""]').waitFor();
    for (const word of WORDS) {
      await box.fill('');
      await page.locator('[data-results-for=""]').waitFor();
      let typed = '';
      for (const ch of word) {
        typed += ch;
        samples.push(await typeAndMeasure(ch, typed));
      }
      matched += Number(await page.locator('[data-results-for] article').count());
    }
    const timeouts = samples.filter((ms) => !Number.isFinite(ms)).length;
    samples.sort((a, b) => a - b);
    // Latency in a shared browser is only as good as the machine is idle: print how busy it was.
    console.log(
      `Machine during the run: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)} (1 min) — figures above ~1 load per CPU are inflated`,
    );
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    console.log(
      `Keystroke → results painted over ${samples.length} keys (${WORDS.length} words, ${matched} cards shown at word ends): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${samples.at(-1)!.toFixed(1)} ms, ${timeouts} key(s) without results after 5 s (budget p95 ≤ ${PAINT_BUDGET_MS} ms: ${p95 <= PAINT_BUDGET_MS ? 'met' : 'MISSED'})`,
    );
  } finally {
    await browser.close();
  }
}
