import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterEach, expect } from 'vitest';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { createPayPalClient } from '#server/billing/paypal-client.ts';
import type { PayPalSetup } from '#server/billing/paypal-setup.ts';
import { payments } from '#server/db/schema/billing.ts';
import { SANDBOX_CREDENTIALS, startPayPalSandbox } from './paypal-sandbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise((resolve) => {
          s.closeAllConnections();
          s.close(resolve);
        }),
    ),
  );
});

/**
 * The app with PayPal pointed at the sandbox, listening on a loopback port so the sandbox can
 * deliver webhooks to /api/webhooks/paypal over real HTTP.
 */
export async function createBillingTestApp(options: { timeoutMs?: number } = {}) {
  const sandbox = await startPayPalSandbox();
  const paypal: PayPalSetup = {
    mode: 'sandbox',
    clientIdPresent: true,
    webhookIdPresent: true,
    client: createPayPalClient({
      baseUrl: sandbox.url,
      ...SANDBOX_CREDENTIALS,
      timeoutMs: options.timeoutMs ?? 5_000,
    }),
  };
  const t = await createTestApp({ paypal });
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  sandbox.setWebhookUrl(`${url}/api/webhooks/paypal`);
  return { t, sandbox, paypal, url };
}

/** Billing services on the test app's database, with a clock that can be moved and no retry waits. */
export function billingDepsFor(t: TestApp, paypal: PayPalSetup, now?: () => Date): BillingDeps {
  return {
    db: t.database.db,
    paypal: paypal.client,
    log: t.deps.log,
    baseUrl: t.deps.env.baseUrl,
    smtpConfigured: false,
    now,
    sleep: async () => {},
  };
}

/** The buyer starts a lifetime checkout (answered 201): the PayPal order id and its approval link. */
export async function startCheckout(t: TestApp, buyer: { headers: Record<string, string> }) {
  const res = await t.client.api.billing.checkout.$post(
    { json: { planId: 'lifetime' } },
    { headers: buyer.headers },
  );
  expect(res.status).toBe(201);
  return (await res.json()) as { orderId: string; approvalUrl: string };
}

/** The buyer's checkout approved at the sandbox: its payment row, pending until captured or processed. */
export async function approvedCheckout(
  t: TestApp,
  sandbox: { approve(orderId: string): Promise<unknown> },
  buyer: { headers: Record<string, string> },
) {
  const { orderId } = await startCheckout(t, buyer);
  await sandbox.approve(orderId);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId));
  if (!payment) throw new Error(`no payment row for order ${orderId}`);
  return { orderId, payment };
}
