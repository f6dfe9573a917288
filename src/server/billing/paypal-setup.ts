import type { Database } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { createPayPalClient, type PayPalClient } from './paypal-client.ts';
import { createPayPalSandbox, type PayPalSandbox } from './paypal-sandbox.ts';
import { databaseSandboxStore, newSandboxConfig } from './paypal-sandbox-state.ts';
import type { PayPalCallRecord } from './paypal-transport.ts';

export const LOCAL_SANDBOX_PATH = '/__paypal-sandbox';

export type PayPalSetup = {
  client: PayPalClient;
  /** local = the built-in test-payment sandbox; the site shows a "test payments" banner. */
  mode: 'local' | 'sandbox' | 'live';
  /** Present in local mode: mounted by the app under LOCAL_SANDBOX_PATH. */
  sandbox?: PayPalSandbox;
  clientIdPresent: boolean;
  webhookIdPresent: boolean;
};

const PAYPAL_HOSTS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * PayPal from configuration: real credentials → PayPal's sandbox or live API; none (development)
 * → the built-in sandbox, reached over HTTP like the real one so the same client code runs, its state
 * in the database. env.ts already refuses the local sandbox in production.
 */
export async function setUpPayPal(
  env: Env,
  db: Database,
  onCall?: (record: PayPalCallRecord) => void,
): Promise<PayPalSetup> {
  if (env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_MODE && env.PAYPAL_MODE !== 'local') {
    return {
      mode: env.PAYPAL_MODE,
      clientIdPresent: true,
      webhookIdPresent: env.PAYPAL_WEBHOOK_ID !== undefined,
      client: createPayPalClient({
        baseUrl: PAYPAL_HOSTS[env.PAYPAL_MODE],
        clientId: env.PAYPAL_CLIENT_ID,
        clientSecret: env.PAYPAL_CLIENT_SECRET,
        webhookId: env.PAYPAL_WEBHOOK_ID ?? '',
        onCall,
      }),
    };
  }
  // Credentials made on the first start and kept in the database: every process on it shares one
  // sandbox, and nothing without the database can use it.
  const store = databaseSandboxStore(db);
  const config = await store.putIfAbsent('config', 'local', newSandboxConfig());
  const { signingKey: _, ...credentials } = config;
  const publicUrl = `${env.baseUrl}${LOCAL_SANDBOX_PATH}`;
  const sandbox = createPayPalSandbox({
    config,
    store,
    webhookUrl: `${env.baseUrl}/api/webhooks/paypal`,
    publicUrl: () => publicUrl,
  });
  return {
    mode: 'local',
    sandbox,
    clientIdPresent: true,
    webhookIdPresent: true,
    // The server calls its own sandbox on its own port, not through BASE_URL: a process reaches it
    // whether or not the public address (a balancer, another process) answers from here.
    client: createPayPalClient({ baseUrl: `${ownUrl(env)}${LOCAL_SANDBOX_PATH}`, ...credentials, onCall }),
  };
}

function ownUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}
