import type { Database } from '#server/db/client.ts';
import type { PayPalSandbox } from '#server/dev/paypal-sandbox/sandbox.ts';
import { type Env, ownUrl } from '#server/env.ts';
import { createPayPalClient, type PayPalClient } from './paypal-client.ts';
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
  // A dev-only module, loaded only here: the production bundle does not contain it.
  const { startLocalSandbox } = await import('#server/dev/paypal-sandbox/local.ts');
  const { sandbox, credentials } = await startLocalSandbox(db, {
    public: `${env.baseUrl}${LOCAL_SANDBOX_PATH}`,
    webhook: `${env.baseUrl}/api/webhooks/paypal`,
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
