// Issue 20 (hole 5, in part): a provider 404 on an order we created (a sandbox that lost its state
// in a crash, a second process with its own sandbox) is retried and reported, never marked failed.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createPayPalClient } from '#server/billing/paypal-client.ts';
import { reconcilePayments } from '#server/billing/reconcile-payments.ts';
import { paymentEvents, payments } from '#server/db/schema/billing.ts';
import { billingDepsFor, createBillingTestApp } from '#tests/support/billing.ts';
import { SANDBOX_CREDENTIALS, startPayPalSandbox } from '#tests/support/paypal-sandbox.ts';
import { signIn } from '#tests/support/sessions.ts';

it('a 404 from the provider leaves the payment open and reconciliation settles it once the order is known', async () => {
  const { t, sandbox, paypal } = await createBillingTestApp();
  await sandbox.setFaults({ loseWebhooks: true });
  const buyer = await signIn(t, 'user');
  const res = await t.request('/api/billing/checkout', {
    method: 'POST',
    headers: { ...buyer.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ planId: 'lifetime' }),
  });
  const { orderId } = (await res.json()) as { orderId: string };
  await sandbox.approve(orderId);

  // Another process's sandbox (or this one after a restart) has never heard of the order.
  const forgetful = await startPayPalSandbox();
  const other = {
    ...paypal,
    client: createPayPalClient({ baseUrl: forgetful.url, ...SANDBOX_CREDENTIALS, timeoutMs: 5_000 }),
  };
  const later = new Date(Date.now() + 5 * 60_000);
  const first = await reconcilePayments(billingDepsFor(t, other, () => later));
  expect(first.results.map((r) => r.outcome)).toEqual(['retry-later']);
  const [open] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId));
  expect(open!.status).not.toBe('failed');
  const events = await t.database.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, open!.id));
  expect(events.some((e) => e.name === 'retry-later')).toBe(true);

  // The next round reaches the provider that knows the order: access granted.
  const second = await reconcilePayments(billingDepsFor(t, paypal, () => later));
  expect(second.results.map((r) => r.outcome)).toEqual(['granted']);
});
