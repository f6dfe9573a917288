// `npm run test:e2e`: builds if needed, then runs Playwright on Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const onCi = process.env.CI === 'true' || process.env.CI === '1';

if (!existsSync(chrome)) {
  const message = `Chromium was not found at ${chrome}. Install it with "apt-get install -y chromium" or set CHROME_PATH.`;
  if (onCi) {
    console.error(`${message} End-to-end tests cannot run on CI without it.`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${message}\n⚠ END-TO-END TESTS SKIPPED.\n`);
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  writeFileSync(path.join(ROOT, '.tmp/e2e-results.json'), JSON.stringify({ skippedNoBrowser: true }));
  process.exit(0);
}

const run = (file: string, args: string[] = []) =>
  spawnSync(process.execPath, [file, ...args], { stdio: 'inherit', cwd: ROOT }).status ?? 1;

if (run(path.join(ROOT, 'scripts/ensure-build.ts')) !== 0) process.exit(1);
const playwright = path.join(ROOT, 'node_modules/@playwright/test/cli.js');
process.exit(run(playwright, ['test', ...process.argv.slice(2)]));
