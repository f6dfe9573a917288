// A PayPal-compatible sandbox: OAuth token, Orders v2 create/show/capture, captures and refunds,
// an approval page (Approve / Decline / Cancel), signed webhook delivery with a verification
// endpoint, and switchable faults. Tests run it on its own loopback port; `npm start` without
// PayPal credentials mounts it under /__paypal-sandbox so the real client code runs in every mode.
// It keeps its state in memory: it is a test double of PayPal, not part of the product's data.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Hono } from 'hono';

export type SandboxFaults = {
  /** Next N create-order calls answer 500. */
  createFailures?: number;
  /** Next N capture calls answer 500 without capturing. */
  captureFailures?: number;
  /** Next N capture calls capture the order, then answer 500 (the outcome is unknown to the caller). */
  captureFailuresAfterCapture?: number;
  /** Capture answers only after this many milliseconds (to exceed the client's timeout). */
  captureDelayMs?: number;
  /** Captures come out PENDING until `completePendingCapture`. */
  pendingCaptures?: boolean;
  /** Webhooks are not delivered at all. */
  loseWebhooks?: boolean;
  /** The next N GET /v2/payments/captures/:id answer 500. */
  getCaptureFailures?: number;
};

type Money = { currency_code: string; value: string };
type Capture = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
  orderId: string;
  status_details?: { reason: string };
};
type Order = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  customId?: string;
  description?: string;
  returnUrl: string;
  cancelUrl: string;
  payerId?: string;
  declineOnCapture: boolean;
  captureId?: string;
  createdAt: string;
};

export type SandboxWebhookDelivery = { eventId: string; eventType: string; status: number | null };

export type PayPalSandboxOptions = {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where webhooks go (our /api/webhooks/paypal); none → not delivered. */
  webhookUrl?: string;
  /** Public URL of the sandbox itself, for approval links. */
  publicUrl: () => string;
};

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
function paypalId(length = 17): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

const notFound = () =>
  error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.').body;
const serverError = () =>
  error(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.').body;

function error(status: number, name: string, issue: string, description: string) {
  return {
    status,
    body: {
      name,
      message: description,
      debug_id: paypalId(13).toLowerCase(),
      details: [{ issue, description }],
    },
  };
}

export function createPayPalSandbox(options: PayPalSandboxOptions) {
  const orders = new Map<string, Order>();
  const captures = new Map<string, Capture>();
  const tokens = new Set<string>();
  // PayPal-Request-Id → the answer given the first time, per operation.
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const signingKey = randomBytes(32);
  let faults: SandboxFaults = {};
  const deliveries: SandboxWebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();
  let webhookUrl = options.webhookUrl;

  const orderJson = (o: Order) => {
    const capture = o.captureId ? captures.get(o.captureId) : undefined;
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
        { href: `${options.publicUrl()}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
        ...(o.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${options.publicUrl()}/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    };
  };
  const captureJson = (c: Capture) => ({
    id: c.id,
    status: c.status,
    amount: c.amount,
    custom_id: c.custom_id,
    final_capture: true,
    ...(c.status_details ? { status_details: c.status_details } : {}),
    supplementary_data: { related_ids: { order_id: c.orderId } },
  });

  function sign(transmissionId: string, time: string, body: string): string {
    const message = `${transmissionId}|${time}|${options.webhookId}|${crc32(body)}`;
    return createHmac('sha256', signingKey).update(message).digest('base64');
  }

  function sendWebhook(eventType: string, resourceType: string, resource: unknown) {
    const eventId = `WH-${paypalId(20)}`;
    if (faults.loseWebhooks || !webhookUrl) {
      deliveries.push({ eventId, eventType, status: null });
      return;
    }
    const body = JSON.stringify({
      id: eventId,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      event_type: eventType,
      summary: eventType,
      resource,
    });
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    const url = webhookUrl;
    const delivery = (async () => {
      // PayPal retries deliveries that do not get a 2xx; a few quick tries are enough here.
      let status: number | null = null;
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'paypal-transmission-id': transmissionId,
              'paypal-transmission-time': time,
              'paypal-transmission-sig': sign(transmissionId, time, body),
              'paypal-cert-url': `${options.publicUrl()}/certs/sandbox.pem`,
              'paypal-auth-algo': 'SHA256withRSA',
            },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          await res.body?.cancel();
          status = res.status;
          if (res.ok) break;
        } catch {
          status = null;
        }
        await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      }
      deliveries.push({ eventId, eventType, status });
    })();
    pending.add(delivery);
    void delivery.finally(() => pending.delete(delivery));
  }

  function capture(order: Order): Capture {
    const captured: Capture = {
      id: paypalId(17),
      status: faults.pendingCaptures ? 'PENDING' : 'COMPLETED',
      amount: order.amount,
      custom_id: order.customId,
      orderId: order.id,
      ...(faults.pendingCaptures ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    };
    captures.set(captured.id, captured);
    order.captureId = captured.id;
    order.status = 'COMPLETED';
    sendWebhook(
      captured.status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.PENDING',
      'capture',
      captureJson(captured),
    );
    return captured;
  }

  const bearer = (header: string | undefined) =>
    !!header?.startsWith('Bearer ') && tokens.has(header.slice(7));
  const unauthorized = { error: 'invalid_token', error_description: 'Token signature verification failed' };

  const app = new Hono()
    .post('/v1/oauth2/token', async (c) => {
      const expected = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;
      const given = c.req.header('authorization') ?? '';
      const form = await c.req.parseBody();
      if (
        given.length !== expected.length ||
        !timingSafeEqual(Buffer.from(given), Buffer.from(expected)) ||
        form.grant_type !== 'client_credentials'
      ) {
        return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
      }
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      tokens.add(token);
      return c.json({
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    })
    .post('/v2/checkout/orders', async (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      const requestId = c.req.header('paypal-request-id');
      const key = requestId ? `create:${requestId}` : undefined;
      const seen = key ? idempotent.get(key) : undefined;
      if (seen) return c.json(seen.body as object, 200);
      if ((faults.createFailures ?? 0) > 0) {
        faults.createFailures!--;
        return c.json(serverError(), 500);
      }
      const body = (await c.req.json().catch(() => null)) as {
        intent?: string;
        purchase_units?: { amount?: Money; custom_id?: string; description?: string }[];
        payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
      } | null;
      const unit = body?.purchase_units?.[0];
      const context = body?.payment_source?.paypal?.experience_context;
      if (body?.intent !== 'CAPTURE' || !unit?.amount?.value || !unit.amount.currency_code) {
        const e = error(
          400,
          'INVALID_REQUEST',
          'MISSING_REQUIRED_PARAMETER',
          'intent and purchase_units[0].amount are required',
        );
        return c.json(e.body, 400);
      }
      if (!context?.return_url || !context.cancel_url) {
        const e = error(
          422,
          'UNPROCESSABLE_ENTITY',
          'MISSING_REQUIRED_PARAMETER',
          'return_url and cancel_url are required',
        );
        return c.json(e.body, 422);
      }
      const order: Order = {
        id: paypalId(17),
        status: 'PAYER_ACTION_REQUIRED',
        amount: unit.amount,
        customId: unit.custom_id,
        description: unit.description,
        returnUrl: context.return_url,
        cancelUrl: context.cancel_url,
        declineOnCapture: false,
        createdAt: new Date().toISOString(),
      };
      orders.set(order.id, order);
      const json = orderJson(order);
      if (key) idempotent.set(key, { status: 200, body: json });
      return c.json(json, 200);
    })
    .get('/v2/checkout/orders/:id', (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      const order = orders.get(c.req.param('id'));
      if (!order) {
        return c.json(notFound(), 404);
      }
      return c.json(orderJson(order));
    })
    .post('/v2/checkout/orders/:id/capture', async (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      const requestId = c.req.header('paypal-request-id');
      const key = requestId ? `capture:${c.req.param('id')}:${requestId}` : undefined;
      const seen = key ? idempotent.get(key) : undefined;
      if (seen) return c.json(seen.body as object, 200);
      if (faults.captureDelayMs) await new Promise((r) => setTimeout(r, faults.captureDelayMs));
      if ((faults.captureFailures ?? 0) > 0) {
        faults.captureFailures!--;
        return c.json(serverError(), 500);
      }
      const order = orders.get(c.req.param('id'));
      if (!order) {
        return c.json(notFound(), 404);
      }
      if (order.status === 'COMPLETED') {
        const e = error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
        return c.json(e.body, 422);
      }
      if (order.status !== 'APPROVED') {
        const e = error(
          422,
          'UNPROCESSABLE_ENTITY',
          'ORDER_NOT_APPROVED',
          'Payer has not yet approved the Order for payment.',
        );
        return c.json(e.body, 422);
      }
      if (order.declineOnCapture) {
        // The buyer must pick another funding source: the order needs approval again.
        order.declineOnCapture = false;
        order.status = 'PAYER_ACTION_REQUIRED';
        const e = error(
          422,
          'UNPROCESSABLE_ENTITY',
          'INSTRUMENT_DECLINED',
          'The instrument presented was declined.',
        );
        return c.json(
          {
            ...e.body,
            links: [
              {
                href: `${options.publicUrl()}/checkoutnow?token=${order.id}`,
                rel: 'redirect',
                method: 'GET',
              },
            ],
          },
          422,
        );
      }
      capture(order);
      const json = orderJson(order);
      if (key) idempotent.set(key, { status: 201, body: json });
      if ((faults.captureFailuresAfterCapture ?? 0) > 0) {
        faults.captureFailuresAfterCapture!--;
        return c.json(serverError(), 500);
      }
      return c.json(json, 201);
    })
    .get('/v2/payments/captures/:id', (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      if ((faults.getCaptureFailures ?? 0) > 0) {
        faults.getCaptureFailures!--;
        return c.json(serverError(), 500);
      }
      const found = captures.get(c.req.param('id'));
      if (!found) {
        return c.json(notFound(), 404);
      }
      return c.json(captureJson(found));
    })
    .post('/v2/payments/captures/:id/refund', (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      const requestId = c.req.header('paypal-request-id');
      const key = requestId ? `refund:${c.req.param('id')}:${requestId}` : undefined;
      const seen = key ? idempotent.get(key) : undefined;
      if (seen) return c.json(seen.body as object, 200);
      const found = captures.get(c.req.param('id'));
      if (!found) {
        return c.json(notFound(), 404);
      }
      if (found.status !== 'COMPLETED') {
        const e = error(
          422,
          'UNPROCESSABLE_ENTITY',
          'CAPTURE_FULLY_REFUNDED',
          'The capture has already been fully refunded.',
        );
        return c.json(e.body, 422);
      }
      found.status = 'REFUNDED';
      const refund = {
        id: paypalId(17),
        status: 'COMPLETED',
        amount: found.amount,
        custom_id: found.custom_id,
        links: [
          { href: `${options.publicUrl()}/v2/payments/captures/${found.id}`, rel: 'up', method: 'GET' },
        ],
      };
      if (key) idempotent.set(key, { status: 201, body: refund });
      sendWebhook('PAYMENT.CAPTURE.REFUNDED', 'refund', refund);
      return c.json(refund, 201);
    })
    .post('/v1/notifications/verify-webhook-signature', async (c) => {
      if (!bearer(c.req.header('authorization'))) return c.json(unauthorized, 401);
      const body = (await c.req.json().catch(() => null)) as {
        transmission_id?: string;
        transmission_time?: string;
        transmission_sig?: string;
        webhook_id?: string;
        webhook_event?: unknown;
      } | null;
      if (
        !body?.transmission_id ||
        !body.transmission_time ||
        !body.transmission_sig ||
        body.webhook_id === undefined
      ) {
        const e = error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Invalid data provided');
        return c.json(e.body, 400);
      }
      // Like PayPal's postback, the check is over the event as sent; we re-serialise it the same way.
      const expected =
        body.webhook_id === options.webhookId
          ? sign(body.transmission_id, body.transmission_time, JSON.stringify(body.webhook_event))
          : '';
      const ok =
        expected.length === body.transmission_sig.length &&
        timingSafeEqual(Buffer.from(expected), Buffer.from(body.transmission_sig));
      return c.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    })
    .get('/checkoutnow', (c) => {
      const order = orders.get(c.req.query('token') ?? '');
      if (!order)
        return c.html(page('Order not found', '<p>This test order does not exist or has expired.</p>'), 404);
      if (order.status !== 'PAYER_ACTION_REQUIRED') {
        return c.html(page('Order already approved', '<p>This test order was already approved.</p>'), 409);
      }
      const form = (action: string, label: string, primary = false) =>
        `<form method="post" action="checkoutnow/${action}?token=${order.id}"><button type="submit"${primary ? ' class="primary"' : ''}>${label}</button></form>`;
      return c.html(
        page(
          'Test payment',
          `<p class="banner">Test payments: no real money moves. This page stands in for PayPal's approval page.</p>
           <p>Pay <strong>${escapeHtml(order.amount.value)} ${escapeHtml(order.amount.currency_code)}</strong>${order.description ? ` for ${escapeHtml(order.description)}` : ''}.</p>
           <div class="actions">${form('approve', 'Approve payment', true)}${form('decline', 'Approve with a card that will be declined')}${form('cancel', 'Cancel and return')}</div>`,
        ),
      );
    })
    .post('/checkoutnow/:action', (c) => {
      const order = orders.get(c.req.query('token') ?? '');
      const action = c.req.param('action');
      if (order?.status !== 'PAYER_ACTION_REQUIRED')
        return c.text('This test order cannot be approved now.', 409);
      if (action === 'cancel') return c.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
      if (action !== 'approve' && action !== 'decline') return c.text('Unknown action', 400);
      order.status = 'APPROVED';
      order.payerId ??= paypalId(13);
      order.declineOnCapture = action === 'decline';
      sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(order));
      return c.redirect(withQuery(order.returnUrl, { token: order.id, PayerID: order.payerId }), 303);
    });

  return {
    app,
    setFaults(next: SandboxFaults) {
      faults = { ...next };
    },
    setWebhookUrl(url: string | undefined) {
      webhookUrl = url;
    },
    /** Approves an order as if the buyer clicked Approve (for tests that skip the browser). */
    approve(orderId: string, options: { declineOnCapture?: boolean } = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`sandbox: no order ${orderId}`);
      order.status = 'APPROVED';
      order.payerId ??= paypalId(13);
      order.declineOnCapture = options.declineOnCapture ?? false;
      sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(order));
      return { token: order.id, PayerID: order.payerId };
    },
    /** Turns a PENDING capture into COMPLETED and sends PAYMENT.CAPTURE.COMPLETED. */
    completePendingCapture(captureId: string) {
      const found = captures.get(captureId);
      if (found?.status !== 'PENDING') throw new Error(`sandbox: capture ${captureId} is not pending`);
      found.status = 'COMPLETED';
      delete found.status_details;
      sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(found));
    },
    /** Sends a capture reversal (chargeback) for a capture. */
    reverseCapture(captureId: string) {
      const found = captures.get(captureId);
      if (!found) throw new Error(`sandbox: no capture ${captureId}`);
      found.status = 'REFUNDED';
      sendWebhook('PAYMENT.CAPTURE.REVERSED', 'capture', { ...captureJson(found), status: 'REVERSED' });
    },
    order: (id: string) => orders.get(id),
    deliveries: () => [...deliveries],
    /** Waits for webhook deliveries in flight. */
    async flushWebhooks() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Builds a correctly signed delivery for a given event body (to test forged vs genuine webhooks). */
    signedHeaders(body: string) {
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      return {
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': sign(transmissionId, time, body),
        'paypal-cert-url': `${options.publicUrl()}/certs/sandbox.pem`,
        'paypal-auth-algo': 'SHA256withRSA',
      };
    },
  };
}

export type PayPalSandbox = ReturnType<typeof createPayPalSandbox>;

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title} | Flowvault test payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a}.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem;border-radius:.5rem}.actions{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}button{width:100%;padding:.75rem;border-radius:.5rem;border:1px solid #94a3b8;background:#fff;font-size:1rem;cursor:pointer}button.primary{background:#4f46e5;color:#fff;border-color:#4f46e5}button:focus-visible{outline:3px solid #6366f1;outline-offset:2px}@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}button{background:#0f172a;color:#f1f5f9}.banner{color:#0f172a}}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;
}
