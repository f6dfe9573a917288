import { defineConfig } from '@playwright/test';

// Runs against the built app (`npm run build`), on Debian's Chromium; Playwright never downloads a browser.
const port = Number(process.env.E2E_PORT ?? 4173);
// The n8n stand-in that e2e/n8n.spec.ts starts; the server may reach it (loopback, http, this port).
process.env.E2E_N8N_PORT ??= '5500';
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${Date.now()}`;
// Mail the server sends lands here as JSON files (e2e/serve.ts); specs read it with e2e/mail.ts.
process.env.E2E_MAIL_DIR ??= `.tmp/e2e-mail-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Whole journeys (register, pay, return) on a shared 2-core machine take 25-30 s on a slow day.
  timeout: 60_000,
  // While another spec imports the whole corpus, a page reload on the 2-core CI machine has taken
  // over 5 s (Playwright's default) to show its heading: waits get 10 s, assertions stay the same.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node e2e/serve.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 90_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Every browser of the suite signs up from 127.0.0.1; the real limits stay tested in Vitest.
      AUTH_RATE_LIMIT_FACTOR: '20',
      // The operator account e2e/admin.spec.ts signs in with (a reset mail sets its password).
      OPERATOR_EMAIL: 'operator-e2e@example.com',
      N8N_ALLOW_PRIVATE_TARGETS: 'true',
      N8N_ALLOW_HTTP: 'true',
      // E2E_N8N_PORT + 1: the stand-in e2e/verification.spec.ts verifies the library on; + 2: the one
      // e2e/template-updates.spec.ts deploys to (each spec file its own, so they may run in parallel).
      N8N_ALLOWED_PORTS: `${process.env.E2E_N8N_PORT},${Number(process.env.E2E_N8N_PORT) + 1},${Number(process.env.E2E_N8N_PORT) + 2}`,
    },
  },
});
