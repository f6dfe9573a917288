// The payment fault matrix (issue F4): each case asserts exactly one grant or none, the payment
// row's status and the audit trail, through the real app, the PayPal-compatible sandbox over HTTP
// and a real database; the crash rows (payments-crash-cases.ts, issue 20) kill real server processes
// on a PostgreSQL database of their own (TEST_DATABASE_URL). Those rows run on the server-pg leg only:
// whatever the leg, they start the same processes on the same PostgreSQL, so the PGlite leg ran them a
// second time for nothing (about 50 s), and without TEST_DATABASE_URL they could not run at all.
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createPayPalClient } from '#server/billing/paypal-client.ts';
import { reconcilePayments } from '#server/billing/reconcile-payments.ts';
import { settleOrder } from '#server/billing/settle-order.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { paymentEvents, payments, paypalWebhookEvents } from '#server/db/schema/billing.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { billingDepsFor, createBillingTestApp } from '#tests/support/billing.ts';
import { SANDBOX_CREDENTIALS } from '#tests/support/paypal-sandbox.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import { readJson, type TestApp } from '#tests/support/test-app.ts';
import { usingPostgres } from '#tests/support/test-db.ts';
import { describeProcessCrashes } from './payments-crash-cases.ts';

const passed: string[] = [];
/** 15 rows in this file on every leg, and the 8 crash rows on the PostgreSQL leg. */
const MATRIX_SIZE = usingPostgres ? 23 : 15;
afterAll(() => {
  console.log(`payments fault matrix: ${passed.length}/${MATRIX_SIZE}`);
});

const startCheckout = (t: TestApp, headers: Record<string, string>, planId = 'lifetime') =>
  t.client.api.billing.checkout.$post({ json: { planId } }, { headers });

async function checkout(t: TestApp, buyer: SignedIn) {
  const res = await startCheckout(t, buyer.headers);
  expect(res.status).toBe(201);
  return (await res.json()) as { orderId: string; approvalUrl: string };
}

const capture = (t: TestApp, buyer: SignedIn, orderId: string) =>
  readJson(t.client.api.billing.capture.$post({ json: { orderId } }, { headers: buyer.headers }));

const subscriptionOf = async (t: TestApp, buyer: SignedIn) =>
  (await (await t.client.api.me.$get({}, { headers: buyer.headers })).json()).subscription;

async function state(t: TestApp, orderId: string, userId: string) {
  const db = t.database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.providerOrderId, orderId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const events = await db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, payment!.id));
  const grants = events.filter((e) => e.kind === 'state' && e.name === 'granted').length;
  const receipts = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'receipt'), eq(mailOutbox.to, payment!.email)));
  return { payment: payment!, profile: profile!, events, grants, receipts: receipts.length };
}

describe('payments fault matrix', () => {
  it('happy path: approve, return, capture → access granted once with a receipt', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId, approvalUrl } = await checkout(t, buyer);
    expect(approvalUrl).toBe(`${sandbox.url}/checkoutnow?token=${orderId}`);
    await sandbox.approve(orderId);
    const result = await capture(t, buyer, orderId);
    expect(result).toEqual({ status: 200, body: { success: true, outcome: 'granted' } });
    const s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('completed');
    expect(s.payment.amountCents).toBe(3500);
    expect(s.profile.hasPaid).toBe(true);
    expect(s.profile.subscriptionPeriod).toBe('lifetime');
    expect(s.grants).toBe(1);
    expect(s.receipts).toBe(1);
    expect(s.events.map((e) => e.name)).toEqual(
      expect.arrayContaining(['create-order', 'get-order', 'capture-order', 'granted']),
    );
    expect((await subscriptionOf(t, buyer)).isSubscribed).toBe(true);
    passed.push('happy path');
  });

  it('buyer never returns: the CHECKOUT.ORDER.APPROVED webhook settles it', async () => {
    const { t, sandbox } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    await sandbox.flushWebhooks();
    const s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('completed');
    expect(s.grants).toBe(1);
    expect(s.profile.hasPaid).toBe(true);
    const stored = await t.database.db.select().from(paypalWebhookEvents);
    expect(stored.map((e) => e.eventType)).toEqual(expect.arrayContaining(['CHECKOUT.ORDER.APPROVED']));
    passed.push('buyer never returns');
  });

  it('buyer never returns and the webhook is lost: reconciliation settles it', async () => {
    const { t, sandbox, paypal } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    // Too young for the job: the buyer may still be on the way back.
    expect((await reconcilePayments(billingDepsFor(t, paypal))).totalChecked).toBe(0);
    const later = () => new Date(Date.now() + 3 * 60_000);
    const result = await reconcilePayments(billingDepsFor(t, paypal, later));
    expect(result).toMatchObject({ totalChecked: 1, recoveredCount: 1 });
    const s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('completed');
    expect(s.grants).toBe(1);
    // A second run finds nothing open.
    expect((await reconcilePayments(billingDepsFor(t, paypal, later))).totalChecked).toBe(0);
    passed.push('webhook lost, reconciliation');
  });

  it('capture answers 5xx, then succeeds on retry with the same request id', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true, captureFailures: 1 });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    expect((await capture(t, buyer, orderId)).body).toMatchObject({ success: true, outcome: 'granted' });
    const s = await state(t, orderId, buyer.userId);
    const captures = s.events.filter((e) => e.name === 'capture-order');
    expect(captures.map((e) => e.httpStatus)).toEqual([500, 201]);
    expect(new Set(captures.map((e) => e.requestId)).size).toBe(1);
    expect(s.grants).toBe(1);
    passed.push('capture 5xx then success');
  });

  it('capture succeeds at PayPal but the answer is lost (500): the retry reads the capture', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true, captureFailuresAfterCapture: 1 });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    expect((await capture(t, buyer, orderId)).body).toMatchObject({ success: true, outcome: 'granted' });
    const s = await state(t, orderId, buyer.userId);
    expect(s.grants).toBe(1);
    expect(s.payment.captureId).toBe((await sandbox.order(orderId))?.captureId);
    passed.push('capture answer lost');
  });

  it('capture times out: nothing is granted yet, reconciliation grants once later', async () => {
    const { t, sandbox, paypal } = await createBillingTestApp({ timeoutMs: 200 });
    await sandbox.setFaults({ loseWebhooks: true, captureDelayMs: 500 });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    const deps = billingDepsFor(t, paypal);
    const first = await settleOrder(deps, { orderId, actingUserId: buyer.userId, source: 'return' });
    expect(first.outcome).toBe('retry-later');
    expect((await state(t, orderId, buyer.userId)).grants).toBe(0);
    await sandbox.setFaults({ loseWebhooks: true });
    await new Promise((r) => setTimeout(r, 600));
    const result = await reconcilePayments(
      billingDepsFor(t, paypal, () => new Date(Date.now() + 3 * 60_000)),
    );
    expect(result.recoveredCount).toBe(1);
    const s = await state(t, orderId, buyer.userId);
    expect(s.grants).toBe(1);
    expect(s.payment.status).toBe('completed');
    passed.push('capture timeout');
  });

  it('the return page is visited twice: one grant, one receipt', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    expect((await capture(t, buyer, orderId)).body.outcome).toBe('granted');
    expect((await capture(t, buyer, orderId)).body).toMatchObject({
      success: true,
      outcome: 'already-granted',
    });
    const s = await state(t, orderId, buyer.userId);
    expect(s.grants).toBe(1);
    expect(s.receipts).toBe(1);
    passed.push('return page twice');
  });

  it('two processes settle the same order at the same moment: exactly one grant', async () => {
    const { t, sandbox, paypal } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    // A second process: its own PayPal client (own token) on the same database.
    const other = {
      ...billingDepsFor(t, paypal),
      paypal: createPayPalClient({ baseUrl: sandbox.url, ...SANDBOX_CREDENTIALS }),
    };
    const outcomes = await Promise.all([
      settleOrder(billingDepsFor(t, paypal), { orderId, source: 'return' }),
      settleOrder(other, { orderId, source: 'reconcile' }),
      settleOrder(other, { orderId, source: 'webhook' }),
    ]);
    expect(outcomes.filter((o) => o.outcome === 'granted')).toHaveLength(1);
    const s = await state(t, orderId, buyer.userId);
    expect(s.grants).toBe(1);
    expect(s.receipts).toBe(1);
    passed.push('concurrent settle');
  });

  it('the webhook arrives before the return: the return finds it already granted', async () => {
    const { t, sandbox } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    await sandbox.flushWebhooks();
    expect((await capture(t, buyer, orderId)).body).toMatchObject({
      success: true,
      outcome: 'already-granted',
    });
    expect((await state(t, orderId, buyer.userId)).grants).toBe(1);
    passed.push('webhook before return');
  });

  it('a duplicate webhook is stored once and handled once; a forged one is refused', async () => {
    const { t, sandbox, url } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    const body = JSON.stringify({
      id: 'WH-DUP-1',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: orderId },
    });
    const send = (headers: Record<string, string>) =>
      fetch(`${url}/api/webhooks/paypal`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body,
      });
    const first = await send(sandbox.signedHeaders(body));
    const second = await send(sandbox.signedHeaders(body));
    expect(first.status).toBe(200);
    expect(await second.json()).toEqual({ received: true, duplicate: true });
    const forged = await send({ ...sandbox.signedHeaders(body), 'paypal-transmission-sig': 'Zm9yZ2Vk' });
    expect(forged.status).toBe(400);
    expect(await t.database.db.select().from(paypalWebhookEvents)).toHaveLength(1);
    expect((await state(t, orderId, buyer.userId)).grants).toBe(1);
    passed.push('duplicate and forged webhook');
  });

  it("a forged return URL carrying another user's order grants nothing to the visitor", async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const owner = await signIn(t, 'user');
    const intruder = await signIn(t, 'user');
    const { orderId } = await checkout(t, owner);
    await sandbox.approve(orderId);
    const result = await capture(t, intruder, orderId);
    expect(result.status).toBe(403);
    const [intruderProfile] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, intruder.userId));
    expect(intruderProfile!.hasPaid).toBe(false);
    const s = await state(t, orderId, owner.userId);
    expect(s.grants).toBe(0);
    expect(s.events.some((e) => e.name === 'refused-foreign-return')).toBe(true);
    // The owner can still complete their own payment.
    expect((await capture(t, owner, orderId)).body.outcome).toBe('granted');
    passed.push('forged return URL');
  });

  it('an amount mismatch grants nothing and flags the payment for review', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    // As if our record said 25.00 while PayPal captured 35.00.
    await t.database.db
      .update(payments)
      .set({ amountCents: 2500 })
      .where(eq(payments.providerOrderId, orderId));
    await sandbox.approve(orderId);
    const result = await capture(t, buyer, orderId);
    expect(result.body).toMatchObject({ success: false, outcome: 'failed' });
    const s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('review');
    expect(s.payment.failureReason).toContain('amount 35.00 is not 25.00');
    expect(s.grants).toBe(0);
    expect(s.profile.hasPaid).toBe(false);
    passed.push('amount mismatch');
  });

  it('a refund after the grant revokes access and tells the member', async () => {
    const { t, sandbox, paypal } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    await sandbox.flushWebhooks();
    const captureId = (await state(t, orderId, buyer.userId)).payment.captureId!;
    await paypal.client.refundCapture(captureId, { requestId: 'refund-test' });
    await sandbox.flushWebhooks();
    const s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('refunded');
    expect(s.profile.hasPaid).toBe(false);
    const revoked = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'access-revoked'));
    expect(revoked).toHaveLength(1);
    expect((await subscriptionOf(t, buyer)).isSubscribed).toBe(false);
    passed.push('refund after grant');
  });

  it('a declined instrument sends the buyer back to PayPal; the second approval succeeds', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId, approvalUrl } = await checkout(t, buyer);
    await sandbox.approve(orderId, { declineOnCapture: true });
    const declined = await capture(t, buyer, orderId);
    expect(declined.body).toMatchObject({ success: false, outcome: 'declined', approvalUrl });
    expect((await state(t, orderId, buyer.userId)).payment.status).toBe('declined');
    await sandbox.approve(orderId);
    expect((await capture(t, buyer, orderId)).body.outcome).toBe('granted');
    expect((await state(t, orderId, buyer.userId)).grants).toBe(1);
    passed.push('declined then success');
  });

  it('a PENDING capture grants nothing until PayPal completes it', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true, pendingCaptures: true });
    const buyer = await signIn(t, 'user');
    const { orderId } = await checkout(t, buyer);
    await sandbox.approve(orderId);
    expect((await capture(t, buyer, orderId)).body).toMatchObject({ success: false, outcome: 'pending' });
    let s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('pending');
    expect(s.profile.hasPaid).toBe(false);
    await sandbox.setFaults({});
    await sandbox.completePendingCapture(s.payment.captureId!);
    await sandbox.flushWebhooks();
    s = await state(t, orderId, buyer.userId);
    expect(s.payment.status).toBe('completed');
    expect(s.grants).toBe(1);
    passed.push('pending then completed');
  });
});

if (usingPostgres) describeProcessCrashes(passed);

describe('checkout rules', () => {
  it('names the plan; refuses unknown plans, members and visitors; a double click reuses the order', async () => {
    const { t } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const errorOf = async (res: { json(): Promise<unknown> }) =>
      ((await res.json()) as { error: { message: string } }).error.message;
    const bad = await startCheckout(t, buyer.headers, 'platinum');
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe('Invalid Plan');
    const member = await signIn(t, 'member');
    const again = await startCheckout(t, member.headers);
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('Already Have Lifetime Access');
    const visitor = await startCheckout(t, { origin: t.deps.env.baseUrl });
    expect(visitor.status).toBe(401);
    const [a, b] = [await checkout(t, buyer), await checkout(t, buyer)];
    expect(b.orderId).toBe(a.orderId);
    const rows = await t.database.db.select().from(payments).where(eq(payments.userId, buyer.userId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a malformed order id on the return page', async () => {
    const { t } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const res = await capture(t, buyer, "1' OR 1=1");
    expect(res.status).toBe(422);
  });
});

describe('a declined card met first by the webhook', () => {
  it('still sends the returning buyer back to PayPal to choose another way to pay, then succeeds', async () => {
    const { t, sandbox } = await createBillingTestApp();
    const buyer = await signIn(t, 'user');
    const { orderId, approvalUrl } = await checkout(t, buyer);
    await sandbox.approve(orderId, { declineOnCapture: true });
    // The CHECKOUT.ORDER.APPROVED webhook captures first and meets the decline.
    await sandbox.flushWebhooks();
    expect((await state(t, orderId, buyer.userId)).payment.status).toBe('declined');
    // The browser's capture then finds the order waiting for the buyer again: back to PayPal, no dead end.
    const returned = await capture(t, buyer, orderId);
    expect(returned.body).toMatchObject({ success: false, outcome: 'declined', approvalUrl });
    await sandbox.approve(orderId);
    await sandbox.flushWebhooks();
    expect((await capture(t, buyer, orderId)).body).toMatchObject({ success: true });
    expect((await state(t, orderId, buyer.userId)).grants).toBe(1);
  });

  it('says "declined", not "not approved", when the webhook\'s capture meets the decline mid-way', async () => {
    const { t, sandbox, paypal } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const buyer = await signIn(t, 'user');
    const { orderId, approvalUrl } = await checkout(t, buyer);
    await sandbox.approve(orderId, { declineOnCapture: true });
    // The return page read the order APPROVED; the webhook's capture reaches PayPal just before its own.
    const racing = createPayPalClient({
      baseUrl: sandbox.url,
      ...SANDBOX_CREDENTIALS,
      timeoutMs: 5_000,
      fetch: async (input, init) => {
        if (String(input).endsWith('/capture')) {
          await expect(paypal.client.captureOrder(orderId, { requestId: 'webhook' })).rejects.toMatchObject({
            issue: 'INSTRUMENT_DECLINED',
          });
        }
        return fetch(input, init);
      },
    });
    const deps = { ...billingDepsFor(t, paypal), paypal: racing };
    const outcome = await settleOrder(deps, { orderId, actingUserId: buyer.userId, source: 'return' });
    expect(outcome).toMatchObject({ outcome: 'declined', approvalUrl });
    expect((await state(t, orderId, buyer.userId)).payment.status).toBe('declined');
  });
});
