// `npm test`: every suite — Vitest (server on PGlite, web on jsdom, server again on PostgreSQL when
// TEST_DATABASE_URL is set), then Playwright end-to-end — and one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TMP = path.join(ROOT, '.tmp');
mkdirSync(TMP, { recursive: true });
const vitestJson = path.join(TMP, 'vitest-results.json');
const e2eJson = path.join(TMP, 'e2e-results.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

const run = (args: string[]) =>
  spawnSync(process.execPath, args, { stdio: 'inherit', cwd: ROOT }).status ?? 1;

if (process.env.TEST_DATABASE_URL)
  console.log(`PostgreSQL leg: on (${new URL(process.env.TEST_DATABASE_URL).host})`);
else console.log('PostgreSQL leg: skipped (TEST_DATABASE_URL is not set)');

const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 1000);
const vitestStatus = run([
  path.join(ROOT, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
console.log(`vitest finished after ${seconds()} s`);
const e2eStatus = run([path.join(ROOT, 'scripts/e2e.ts')]);
console.log(`e2e finished after ${seconds()} s`);

/** The ten slowest tests of a report, so a CI log shows where the time went. */
function printSlowest(label: string, tests: { name: string; ms: number }[]) {
  const top = tests.sort((a, b) => b.ms - a.ms).slice(0, 10);
  if (top.length === 0) return;
  console.log(`slowest ${label} tests:`);
  for (const t of top) console.log(`  ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.name}`);
}

let passed = 0;
let failed = 0;
if (existsSync(vitestJson)) {
  const v = JSON.parse(readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults?: { name: string; assertionResults?: { fullName: string; duration?: number }[] }[];
  };
  printSlowest(
    'Vitest',
    (v.testResults ?? []).flatMap((file) =>
      (file.assertionResults ?? []).map((t) => ({
        name: `${path.relative(ROOT, file.name)} › ${t.fullName}`,
        ms: t.duration ?? 0,
      })),
    ),
  );
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  console.log(`vitest: ${v.numPassedTests} passed, ${v.numFailedTests} failed`);
} else failed++;
if (existsSync(e2eJson)) {
  type Suite = {
    title: string;
    specs?: { title: string; tests: { results: { duration: number }[] }[] }[];
    suites?: Suite[];
  };
  const e = JSON.parse(readFileSync(e2eJson, 'utf8')) as {
    skippedNoBrowser?: boolean;
    stats?: { expected: number; unexpected: number; flaky: number };
    suites?: Suite[];
  };
  const specs = (suite: Suite, prefix: string): { name: string; ms: number }[] => [
    ...(suite.specs ?? []).map((spec) => ({
      name: `${prefix}${spec.title}`,
      ms: spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0),
    })),
    ...(suite.suites ?? []).flatMap((s) => specs(s, `${prefix}${s.title} › `)),
  ];
  printSlowest(
    'e2e',
    (e.suites ?? []).flatMap((s) => specs(s, `${s.title} › `)),
  );
  if (e.skippedNoBrowser) console.log('e2e: SKIPPED (no Chromium on this machine)');
  else if (e.stats) {
    passed += e.stats.expected + e.stats.flaky;
    failed += e.stats.unexpected;
    console.log(`e2e: ${e.stats.expected + e.stats.flaky} passed, ${e.stats.unexpected} failed`);
  }
} else failed++;
// A runner that crashed before reporting counts as a failure even if no test was marked failed.
if (failed === 0 && (vitestStatus !== 0 || e2eStatus !== 0)) failed = 1;

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
