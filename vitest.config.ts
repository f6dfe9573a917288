import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contentPlugin } from './scripts/content/vite-plugin.ts';

// server: Node + PGlite in memory. web: jsdom. server-pg: the server suite again on a real
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it), each test app in its own database.
const serverInclude = ['src/server/**/*.test.ts', 'src/shared/**/*.test.ts', 'tests/server/**/*.test.ts'];
const pgUrl = process.env.TEST_DATABASE_URL;
// Suites that never touch the database run once, on the PGlite leg only — and so do the ones that
// exercise the embedded database itself whatever the leg (boot starts main.ts without DATABASE_URL;
// db-template packs PGlite's template): on the PostgreSQL leg they repeated the same run.
const databaseFree = [
  'tests/server/boot.test.ts',
  'tests/server/db-template.test.ts',
  'tests/server/data-dir-lock.test.ts',
  'tests/server/embedded-commands.test.ts',
  'tests/server/env.test.ts',
  'tests/server/error-handler.test.ts',
  'tests/server/samples.test.ts',
  'tests/server/paypal-client.test.ts',
  'tests/server/n8n-*.test.ts',
  'tests/server/workflow-packs.test.ts',
  'tests/server/corpus-gate.test.ts',
  'tests/server/env-example.test.ts',
  'tests/server/production-command.test.ts',
  'tests/server/password-hashing.test.ts',
  'tests/server/template-graph-diff.test.ts',
  'tests/server/template-merge.test.ts',
];

export default defineConfig({
  test: {
    maxWorkers: 2,
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        test: {
          name: 'server',
          include: serverInclude,
          environment: 'node',
          pool: 'forks',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react(), contentPlugin(import.meta.dirname)],
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}', 'tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // One jsdom per worker, each test file still in its own context: 45 → 11 s for this project.
          pool: 'vmThreads',
          setupFiles: ['tests/support/web-setup.ts'],
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'server-pg',
                include: [
                  ...serverInclude.filter((p) => !p.startsWith('src/shared')),
                  'tests/server-pg/**/*.test.ts',
                ],
                exclude: [...databaseFree, '**/node_modules/**'],
                environment: 'node',
                pool: 'forks' as const,
                testTimeout: 90_000,
                hookTimeout: 60_000,
                globalSetup: ['tests/support/pg-global-setup.ts'],
                env: { FLOWVAULT_TEST_DB: 'pg' },
              },
            },
          ]
        : []),
    ],
  },
});
