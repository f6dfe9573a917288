import { describe, expect, it } from 'vitest';
import { createPayPalClient } from '#server/billing/paypal-client.ts';
import { approvalUrlOf, captureOf } from '#server/billing/paypal-schemas.ts';
import { type PayPalCallRecord, PayPalError } from '#server/billing/paypal-transport.ts';
import { SANDBOX_CREDENTIALS, startPayPalSandbox } from '#tests/support/paypal-sandbox.ts';

async function setup(options: { timeoutMs?: number } = {}) {
  const sandbox = await startPayPalSandbox();
  const calls: PayPalCallRecord[] = [];
  const client = createPayPalClient({
    baseUrl: sandbox.url,
    ...SANDBOX_CREDENTIALS,
    timeoutMs: options.timeoutMs,
    onCall: (r) => calls.push(r),
  });
  return { sandbox, client, calls };
}

const ORDER = {
  amountCents: 3500,
  currency: 'USD',
  customId: 'pay_123',
  description: 'Lifetime Access',
  returnUrl: 'http://flowvault.test/payment-success',
  cancelUrl: 'http://flowvault.test/payment-failed?gateway=paypal&reason=cancelled',
};

describe('PayPal client against the sandbox', () => {
  it('creates an order with an approval link, the amount as a decimal and our custom id', async () => {
    const { client, sandbox } = await setup();
    const order = await client.createOrder({ ...ORDER, requestId: 'create-1' });
    expect(order.status).toBe('PAYER_ACTION_REQUIRED');
    expect(approvalUrlOf(order)).toBe(`${sandbox.url}/checkoutnow?token=${order.id}`);
    expect(order.purchase_units[0]).toMatchObject({
      custom_id: 'pay_123',
      amount: { currency_code: 'USD', value: '35.00' },
    });
  });

  it('reuses one OAuth token across calls', async () => {
    const { client, calls } = await setup();
    await client.createOrder({ ...ORDER, requestId: 'a' });
    await client.createOrder({ ...ORDER, requestId: 'b' });
    expect(calls.filter((c) => c.operation === 'oauth-token')).toHaveLength(1);
  });

  it('answers a repeated PayPal-Request-Id with the same order', async () => {
    const { client } = await setup();
    const first = await client.createOrder({ ...ORDER, requestId: 'same' });
    const again = await client.createOrder({ ...ORDER, requestId: 'same' });
    expect(again.id).toBe(first.id);
  });

  it('captures an approved order once; a second capture is ORDER_ALREADY_CAPTURED', async () => {
    const { client, sandbox } = await setup();
    const order = await client.createOrder({ ...ORDER, requestId: 'c1' });
    await sandbox.approve(order.id);
    const captured = await client.captureOrder(order.id, { requestId: 'cap-1' });
    expect(captured.status).toBe('COMPLETED');
    expect(captureOf(captured)).toMatchObject({
      status: 'COMPLETED',
      custom_id: 'pay_123',
      amount: { value: '35.00' },
    });
    // Retrying with the same request id returns the first result…
    expect(captureOf(await client.captureOrder(order.id, { requestId: 'cap-1' }))?.id).toBe(
      captureOf(captured)?.id,
    );
    // …a new request id is refused.
    const error = await client.captureOrder(order.id, { requestId: 'cap-2' }).catch((e) => e);
    expect(error).toBeInstanceOf(PayPalError);
    expect(error).toMatchObject({ kind: 'http', status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
  });

  it('refuses to capture an order the buyer has not approved', async () => {
    const { client } = await setup();
    const order = await client.createOrder({ ...ORDER, requestId: 'n1' });
    await expect(client.captureOrder(order.id, { requestId: 'x' })).rejects.toMatchObject({
      issue: 'ORDER_NOT_APPROVED',
    });
  });

  it('reports INSTRUMENT_DECLINED and lets the buyer approve again', async () => {
    const { client, sandbox } = await setup();
    const order = await client.createOrder({ ...ORDER, requestId: 'd1' });
    await sandbox.approve(order.id, { declineOnCapture: true });
    await expect(client.captureOrder(order.id, { requestId: 'd-cap-1' })).rejects.toMatchObject({
      issue: 'INSTRUMENT_DECLINED',
    });
    expect((await client.getOrder(order.id)).status).toBe('PAYER_ACTION_REQUIRED');
    await sandbox.approve(order.id);
    expect(captureOf(await client.captureOrder(order.id, { requestId: 'd-cap-2' }))?.status).toBe(
      'COMPLETED',
    );
  });

  it('marks 5xx and timeouts as retryable, and records every call', async () => {
    const { client, sandbox, calls } = await setup({ timeoutMs: 300 });
    const order = await client.createOrder({ ...ORDER, requestId: 't1' });
    await sandbox.approve(order.id);
    await sandbox.setFaults({ captureFailures: 1 });
    const serverError = await client.captureOrder(order.id, { requestId: 'k' }).catch((e) => e);
    expect(serverError).toMatchObject({ kind: 'http', status: 500, retryable: true });
    await sandbox.setFaults({ captureDelayMs: 1_000 });
    const timeout = await client.captureOrder(order.id, { requestId: 'k' }).catch((e) => e);
    expect(timeout).toMatchObject({ kind: 'timeout', retryable: true });
    await sandbox.setFaults({});
    expect((await client.captureOrder(order.id, { requestId: 'k' })).status).toBe('COMPLETED');
    const captureCalls = calls.filter((c) => c.operation === 'capture-order');
    expect(captureCalls.map((c) => c.status)).toEqual([500, null, 201]);
    expect(captureCalls.every((c) => c.requestId === 'k')).toBe(true);
  });

  it('refuses bad credentials', async () => {
    const sandbox = await startPayPalSandbox();
    const client = createPayPalClient({
      baseUrl: sandbox.url,
      ...SANDBOX_CREDENTIALS,
      clientSecret: 'wrong',
    });
    await expect(client.getOrder('X')).rejects.toMatchObject({ kind: 'http', status: 401 });
  });

  it('verifies a genuine webhook signature and rejects a forged one', async () => {
    const { client, sandbox } = await setup();
    const event = { id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP1' } };
    const body = JSON.stringify(event);
    const h = sandbox.signedHeaders(body);
    const headers = {
      transmissionId: h['paypal-transmission-id'],
      transmissionTime: h['paypal-transmission-time'],
      transmissionSig: h['paypal-transmission-sig'],
      certUrl: h['paypal-cert-url'],
      authAlgo: h['paypal-auth-algo'],
    };
    expect(await client.verifyWebhookSignature(headers, event)).toBe(true);
    expect(await client.verifyWebhookSignature(headers, { ...event, resource: { id: 'CAP2' } })).toBe(false);
    expect(await client.verifyWebhookSignature({ ...headers, transmissionSig: 'forged' }, event)).toBe(false);
  });

  it('refunds a completed capture once', async () => {
    const { client, sandbox } = await setup();
    const order = await client.createOrder({ ...ORDER, requestId: 'r1' });
    await sandbox.approve(order.id);
    const capture = captureOf(await client.captureOrder(order.id, { requestId: 'r-cap' }))!;
    const refund = await client.refundCapture(capture.id, { requestId: 'refund-1' });
    expect(refund.status).toBe('COMPLETED');
    expect((await client.getCapture(capture.id)).status).toBe('REFUNDED');
    await expect(client.refundCapture(capture.id, { requestId: 'refund-2' })).rejects.toMatchObject({
      status: 422,
    });
  });
});
