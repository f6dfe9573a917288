// Holes 7 and 8 (issue 20): a refund webhook that fails while being processed is processed again on
// PayPal's next delivery (and by the reconciliation job), never dropped as a duplicate; a webhook
// without PayPal's headers is a 400 with no outbound call and no stored row, and the route is limited.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { retryFailedWebhookEvents } from '#server/billing/handle-paypal-webhook.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { paymentEvents, payments, paypalWebhookEvents } from '#server/db/schema/billing.ts';
import { billingDepsFor, createBillingTestApp } from '#tests/support/billing.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import type { TestApp } from '#tests/support/test-app.ts';

async function paidMember(t: TestApp, sandbox: Awaited<ReturnType<typeof createBillingTestApp>>['sandbox']) {
  const buyer: SignedIn = await signIn(t, 'user');
  const headers = { ...buyer.headers, 'content-type': 'application/json' };
  const created = await t.request('/api/billing/checkout', {
    method: 'POST',
    headers,
    body: JSON.stringify({ planId: 'lifetime' }),
  });
  const { orderId } = (await created.json()) as { orderId: string };
  await sandbox.approve(orderId);
  const captured = await t.request('/api/billing/capture', {
    method: 'POST',
    headers,
    body: JSON.stringify({ orderId }),
  });
  expect(captured.status).toBe(200);
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.providerOrderId, orderId));
  return { buyer, payment: payment! };
}

async function hasPaid(t: TestApp, userId: string) {
  const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return profile!.hasPaid;
}

function refundEvent(id: string, captureId: string, sandboxUrl: string) {
  return JSON.stringify({
    id,
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    resource: {
      id: `REFUND-${id}`,
      links: [{ rel: 'up', href: `${sandboxUrl}/v2/payments/captures/${captureId}`, method: 'GET' }],
    },
  });
}

it('a refund webhook whose processing failed is processed on redelivery and access is revoked', async () => {
  const { t, sandbox, paypal, url } = await createBillingTestApp();
  await sandbox.setFaults({ loseWebhooks: true });
  const { buyer, payment } = await paidMember(t, sandbox);
  await paypal.client.refundCapture(payment.captureId!, { requestId: 'refund-test-1' });
  const body = refundEvent('WH-REFUND-1', payment.captureId!, sandbox.url);
  const send = () =>
    fetch(`${url}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { ...sandbox.signedHeaders(body), 'content-type': 'application/json' },
      body,
    });

  await sandbox.setFaults({ loseWebhooks: true, getCaptureFailures: 100 });
  const first = await send();
  expect(first.status).toBeGreaterThanOrEqual(500); // not a 2xx: PayPal delivers it again
  expect(await hasPaid(t, buyer.userId)).toBe(true);

  await sandbox.setFaults({ loseWebhooks: true });
  const again = await send();
  expect(again.status).toBe(200);
  expect(((await again.json()) as { duplicate: boolean }).duplicate).toBe(false);
  expect(await hasPaid(t, buyer.userId)).toBe(false);
  const [row] = await t.database.db
    .select()
    .from(paypalWebhookEvents)
    .where(eq(paypalWebhookEvents.eventId, 'WH-REFUND-1'));
  expect(row?.processingError).toBeNull();
  // A third delivery of a processed event is a duplicate.
  expect(((await (await send()).json()) as { duplicate: boolean }).duplicate).toBe(true);
});

it('the reconciliation job retries a failed refund webhook without waiting for PayPal', async () => {
  const { t, sandbox, paypal, url } = await createBillingTestApp();
  await sandbox.setFaults({ loseWebhooks: true });
  const { buyer, payment } = await paidMember(t, sandbox);
  await paypal.client.refundCapture(payment.captureId!, { requestId: 'refund-test-2' });
  const body = refundEvent('WH-REFUND-2', payment.captureId!, sandbox.url);
  await sandbox.setFaults({ loseWebhooks: true, getCaptureFailures: 100 });
  await fetch(`${url}/api/webhooks/paypal`, {
    method: 'POST',
    headers: { ...sandbox.signedHeaders(body), 'content-type': 'application/json' },
    body,
  });
  expect(await hasPaid(t, buyer.userId)).toBe(true);
  await sandbox.setFaults({ loseWebhooks: true });
  const later = new Date(Date.now() + 2 * 60_000);
  const result = await retryFailedWebhookEvents(billingDepsFor(t, paypal, () => later));
  expect(result).toEqual({ retried: 1, fixed: 1 });
  expect(await hasPaid(t, buyer.userId)).toBe(false);
});

it('without PayPal headers: 400, no outbound call, no stored row; then 429 when flooded', async () => {
  const { t, url } = await createBillingTestApp();
  const send = () =>
    fetch(`${url}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'WH-NOHEADERS', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: {} }),
    });
  const first = await send();
  expect(first.status).toBe(400);
  expect(await t.database.db.select().from(paypalWebhookEvents)).toHaveLength(0);
  // No verification call was made (each PayPal call is recorded as a payment event).
  expect(await t.database.db.select().from(paymentEvents)).toHaveLength(0);
  const statuses: number[] = [];
  for (let i = 0; i < 130; i++) statuses.push((await send()).status);
  expect(statuses).toContain(429);
  expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
});

it('a signed PAYMENT.CAPTURE.REVERSED revokes only once PayPal says the capture went back (issue 41)', async () => {
  const { t, sandbox, url } = await createBillingTestApp();
  await sandbox.setFaults({ loseWebhooks: true });
  const { buyer, payment } = await paidMember(t, sandbox);
  const reversal = (id: string) =>
    JSON.stringify({
      id,
      event_type: 'PAYMENT.CAPTURE.REVERSED',
      resource: { id: payment.captureId, status: 'REVERSED' },
    });
  const send = (body: string) =>
    fetch(`${url}/api/webhooks/paypal`, {
      method: 'POST',
      headers: { ...sandbox.signedHeaders(body), 'content-type': 'application/json' },
      body,
    });
  // Validly signed, but PayPal still shows the capture COMPLETED: access stays.
  expect((await send(reversal('WH-REVERSED-1'))).status).toBe(200);
  expect(await hasPaid(t, buyer.userId)).toBe(true);
  // Reversed at PayPal (its capture now reads REFUNDED): the next reversal event revokes.
  await sandbox.reverseCapture(payment.captureId!);
  expect((await send(reversal('WH-REVERSED-2'))).status).toBe(200);
  expect(await hasPaid(t, buyer.userId)).toBe(false);
});
