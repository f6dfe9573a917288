// The sandbox's order life: approval, capture (one winner across processes: the store's row lock)
// and the JSON PayPal answers with for orders and captures.
import {
  type Capture,
  type Order,
  paypalId,
  type SandboxFaults,
  type SandboxStore,
  sandboxError,
} from './state.ts';
import type { createSandboxWebhooks } from './webhooks.ts';

const unprocessable = (issue: string, description: string) =>
  sandboxError(422, 'UNPROCESSABLE_ENTITY', issue, description).body;
const notFound = () =>
  sandboxError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.')
    .body;

export function sandboxOrders(deps: {
  store: SandboxStore;
  webhooks: ReturnType<typeof createSandboxWebhooks>;
  faults: () => Promise<SandboxFaults>;
  publicUrl: () => string;
}) {
  const { store, webhooks, faults } = deps;
  const options = deps;
  const captureJson = (c: Capture) => ({
    id: c.id,
    status: c.status,
    amount: c.amount,
    custom_id: c.custom_id,
    final_capture: true,
    ...(c.status_details ? { status_details: c.status_details } : {}),
    supplementary_data: { related_ids: { order_id: c.orderId } },
  });
  const orderJson = async (o: Order) => {
    const capture = o.captureId ? await store.get('capture', o.captureId) : undefined;
    const base = options.publicUrl();
    return {
      id: o.id,
      status: o.status,
      intent: 'CAPTURE',
      create_time: o.createdAt,
      purchase_units: [
        {
          reference_id: 'default',
          custom_id: o.customId,
          description: o.description,
          amount: o.amount,
          ...(capture ? { payments: { captures: [captureJson(capture)] } } : {}),
        },
      ],
      ...(o.payerId ? { payer: { payer_id: o.payerId } } : {}),
      links: [
        { href: `${base}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
        ...(o.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${base}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  };

  async function approve(orderId: string, declineOnCapture: boolean) {
    const order = await store.update('order', orderId, (o) => ({
      ...o,
      status: 'APPROVED',
      payerId: o.payerId ?? paypalId(13),
      declineOnCapture,
    }));
    if (order) webhooks.send('CHECKOUT.ORDER.APPROVED', 'checkout-order', await orderJson(order));
    return order;
  }

  /** Captures an approved order; the row lock (or the one thread) lets one capture win. */
  async function capture(orderId: string): Promise<{ status: number; body: unknown }> {
    const pending = (await faults()).pendingCaptures === true;
    let refusal: { status: number; body: unknown } | undefined;
    let captured: Capture | undefined;
    const order = await store.update('order', orderId, (o) => {
      if (o.status === 'COMPLETED') {
        refusal = { status: 422, body: unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.') };
        return undefined;
      }
      if (o.status !== 'APPROVED') {
        const description = 'Payer has not yet approved the Order for payment.';
        refusal = { status: 422, body: unprocessable('ORDER_NOT_APPROVED', description) };
        return undefined;
      }
      if (o.declineOnCapture) {
        // The buyer must pick another funding source: the order needs approval again.
        const body = unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was declined.');
        const href = `${options.publicUrl()}/checkoutnow?token=${o.id}`;
        refusal = { status: 422, body: { ...body, links: [{ href, rel: 'redirect', method: 'GET' }] } };
        return { ...o, declineOnCapture: false, status: 'PAYER_ACTION_REQUIRED' };
      }
      captured = {
        id: paypalId(17),
        status: pending ? 'PENDING' : 'COMPLETED',
        amount: o.amount,
        custom_id: o.customId,
        orderId: o.id,
        ...(pending ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      };
      return { ...o, captureId: captured.id, status: 'COMPLETED' };
    });
    if (refusal) return refusal;
    if (!order || !captured) return { status: 404, body: notFound() };
    await store.put('capture', captured.id, captured);
    webhooks.send(
      captured.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.PENDING',
      'capture',
      captureJson(captured),
    );
    return { status: 201, body: await orderJson(order) };
  }

  return { captureJson, orderJson, approve, capture };
}
