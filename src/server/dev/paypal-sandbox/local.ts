// The built-in test-payment sandbox as `npm start` mounts it when no PayPal credentials are set.
// Loaded only through a dynamic import from billing/paypal-setup.ts: the production build leaves
// src/server/dev out (scripts/build-server.ts), and env.ts refuses local mode in production.
import type { Database } from '#server/db/client.ts';
import { createPayPalSandbox } from './sandbox.ts';
import { databaseSandboxStore, newSandboxConfig } from './state.ts';

export async function startLocalSandbox(db: Database, urls: { public: string; webhook: string }) {
  // Credentials made on the first start and kept in the database: every process on it shares one
  // sandbox, and nothing without the database can use it.
  const store = databaseSandboxStore(db);
  const config = await store.putIfAbsent('config', 'local', newSandboxConfig());
  const { signingKey: _, ...credentials } = config;
  const sandbox = createPayPalSandbox({
    config,
    store,
    webhookUrl: urls.webhook,
    publicUrl: () => urls.public,
  });
  return { sandbox, credentials };
}
