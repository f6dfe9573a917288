// A PayPal-compatible sandbox: OAuth token, Orders v2 create/show/capture, captures and refunds,
// an approval page (pages.ts), signed webhook delivery with a verification endpoint
// (webhooks.ts), and switchable faults. Tests run it on its own loopback port; `npm start`
// without PayPal credentials mounts it under /__paypal-sandbox with its state in the database
// (state.ts), so the real client code runs in every mode and a crash loses no order.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { sandboxOrders } from './orders.ts';
import { sandboxPages } from './pages.ts';
import {
  sandboxError as error,
  type Money,
  memorySandboxStore,
  type Order,
  paypalId,
  type SandboxConfig,
  type SandboxFaults,
  type SandboxStore,
} from './state.ts';
import { createSandboxWebhooks } from './webhooks.ts';

export type { SandboxFaults } from './state.ts';
export type { SandboxWebhookDelivery } from './webhooks.ts';

export type PayPalSandboxOptions = {
  config: SandboxConfig;
  /** Where orders and the rest live; in memory when absent (a stand-in on its own port). */
  store?: SandboxStore;
  /** Where webhooks go (our /api/webhooks/paypal); none → not delivered. */
  webhookUrl?: string;
  /** Public URL of the sandbox itself, for approval links. */
  publicUrl: () => string;
};

const FAULTS = 'current';
const notFound = () =>
  error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.').body;
const serverError = () =>
  error(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal server error occurred.').body;
const unprocessable = (issue: string, description: string) =>
  error(422, 'UNPROCESSABLE_ENTITY', issue, description).body;

export function createPayPalSandbox(options: PayPalSandboxOptions) {
  const store = options.store ?? memorySandboxStore();
  const { config } = options;
  let webhookUrl = options.webhookUrl;
  const faults = async () => (await store.get('faults', FAULTS)) ?? {};
  /** Uses up one of a counted fault; true when there was one. */
  const take = async (name: 'createFailures' | 'captureFailures' | 'captureFailuresAfterCapture') =>
    (await store.update('faults', FAULTS, (f) =>
      (f[name] ?? 0) > 0 ? { ...f, [name]: f[name]! - 1 } : undefined,
    )) !== undefined;
  const webhooks = createSandboxWebhooks({
    config,
    url: () => webhookUrl,
    lose: async () => (await faults()).loseWebhooks === true,
    publicUrl: options.publicUrl,
  });
  const { captureJson, orderJson, approve, capture } = sandboxOrders({
    store,
    webhooks,
    faults,
    publicUrl: options.publicUrl,
  });

  /** Answers a PayPal-Request-Id seen before with the first answer, else runs `first` and keeps it. */
  async function once(key: string | undefined, first: () => Promise<{ status: number; body: unknown }>) {
    const seen = key ? await store.get('request', key) : undefined;
    if (seen) return { status: 200, body: seen.body, replay: true };
    const answer = await first();
    if (key && answer.status < 300) await store.put('request', key, answer);
    return { ...answer, replay: false };
  }

  const bearer = async (header: string | undefined) =>
    !!header?.startsWith('Bearer ') && (await store.get('token', header.slice(7))) !== undefined;
  const unauthorized = { error: 'invalid_token', error_description: 'Token signature verification failed' };

  const api = new Hono()
    .post('/v1/oauth2/token', async (c) => {
      const expected = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
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
      await store.put('token', token, { issuedAt: new Date().toISOString() });
      return c.json({
        scope: 'https://uri.paypal.com/services/payments',
        access_token: token,
        token_type: 'Bearer',
        expires_in: 32400,
      });
    })
    .use('/v*', async (c, next) => {
      if (!(await bearer(c.req.header('authorization')))) return c.json(unauthorized, 401);
      await next();
    })
    .post('/v2/checkout/orders', async (c) => {
      const requestId = c.req.header('paypal-request-id');
      const answer = await once(requestId && `create:${requestId}`, async () => {
        if (await take('createFailures')) return { status: 500, body: serverError() };
        const body = (await c.req.json().catch(() => null)) as {
          intent?: string;
          purchase_units?: { amount?: Money; custom_id?: string; description?: string }[];
          payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string } } };
        } | null;
        const unit = body?.purchase_units?.[0];
        const context = body?.payment_source?.paypal?.experience_context;
        if (body?.intent !== 'CAPTURE' || !unit?.amount?.value || !unit.amount.currency_code) {
          const description = 'intent and purchase_units[0].amount are required';
          return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', description);
        }
        if (!context?.return_url || !context.cancel_url) {
          const description = 'return_url and cancel_url are required';
          return { status: 422, body: unprocessable('MISSING_REQUIRED_PARAMETER', description) };
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
        await store.put('order', order.id, order);
        return { status: 200, body: await orderJson(order) };
      });
      return c.json(answer.body as object, answer.status as 200);
    })
    .get('/v2/checkout/orders/:id', async (c) => {
      const order = await store.get('order', c.req.param('id'));
      return order ? c.json(await orderJson(order)) : c.json(notFound(), 404);
    })
    .post('/v2/checkout/orders/:id/capture', async (c) => {
      const id = c.req.param('id');
      const requestId = c.req.header('paypal-request-id');
      const answer = await once(requestId && `capture:${id}:${requestId}`, async () => {
        const delay = (await faults()).captureDelayMs;
        if (delay) await new Promise((r) => setTimeout(r, delay));
        if (await take('captureFailures')) return { status: 500, body: serverError() };
        return capture(id);
      });
      if (!answer.replay && answer.status === 201 && (await take('captureFailuresAfterCapture')))
        return c.json(serverError(), 500);
      return c.json(answer.body as object, answer.status as 200);
    })
    .get('/v2/payments/captures/:id', async (c) => {
      const failing = await store.update('faults', FAULTS, (f) =>
        (f.getCaptureFailures ?? 0) > 0 ? { ...f, getCaptureFailures: f.getCaptureFailures! - 1 } : undefined,
      );
      if (failing) return c.json(serverError(), 500);
      const found = await store.get('capture', c.req.param('id'));
      return found ? c.json(captureJson(found)) : c.json(notFound(), 404);
    })
    .post('/v2/payments/captures/:id/refund', async (c) => {
      const id = c.req.param('id');
      const requestId = c.req.header('paypal-request-id');
      const answer = await once(requestId && `refund:${id}:${requestId}`, async () => {
        let refused = false;
        const found = await store.update('capture', id, (current) => {
          if (current.status !== 'COMPLETED') {
            refused = true;
            return undefined;
          }
          return { ...current, status: 'REFUNDED' };
        });
        if (refused) {
          const description = 'The capture has already been fully refunded.';
          return { status: 422, body: unprocessable('CAPTURE_FULLY_REFUNDED', description) };
        }
        if (!found) return { status: 404, body: notFound() };
        const refund = {
          id: paypalId(17),
          status: 'COMPLETED',
          amount: found.amount,
          custom_id: found.custom_id,
          links: [
            { href: `${options.publicUrl()}/v2/payments/captures/${found.id}`, rel: 'up', method: 'GET' },
          ],
        };
        webhooks.send('PAYMENT.CAPTURE.REFUNDED', 'refund', refund);
        return { status: 201, body: refund };
      });
      return c.json(answer.body as object, answer.status as 201);
    })
    .post('/v1/notifications/verify-webhook-signature', async (c) => {
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
      const ok = webhooks.verify({
        id: body.transmission_id,
        time: body.transmission_time,
        sig: body.transmission_sig,
        webhookId: body.webhook_id,
        event: body.webhook_event,
      });
      return c.json({ verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    });

  const app = new Hono().route('/', sandboxPages({ store, approve })).route('/', api);

  return {
    app,
    async setFaults(next: SandboxFaults) {
      await store.put('faults', FAULTS, { ...next });
    },
    setWebhookUrl(url: string | undefined) {
      webhookUrl = url;
    },
    /** Approves an order as if the buyer clicked Approve (for tests that skip the browser). */
    async approve(orderId: string, choice: { declineOnCapture?: boolean } = {}) {
      const order = await approve(orderId, choice.declineOnCapture ?? false);
      if (!order) throw new Error(`sandbox: no order ${orderId}`);
      return { token: order.id, PayerID: order.payerId! };
    },
    /** Turns a PENDING capture into COMPLETED and sends PAYMENT.CAPTURE.COMPLETED. */
    async completePendingCapture(captureId: string) {
      const found = await store.update('capture', captureId, (c) =>
        c.status === 'PENDING' ? { ...c, status: 'COMPLETED', status_details: undefined } : undefined,
      );
      if (!found) throw new Error(`sandbox: capture ${captureId} is not pending`);
      webhooks.send('PAYMENT.CAPTURE.COMPLETED', 'capture', captureJson(found));
    },
    /** Sends a capture reversal (chargeback) for a capture. */
    async reverseCapture(captureId: string) {
      const found = await store.update('capture', captureId, (c) => ({ ...c, status: 'REFUNDED' }));
      if (!found) throw new Error(`sandbox: no capture ${captureId}`);
      webhooks.send('PAYMENT.CAPTURE.REVERSED', 'capture', { ...captureJson(found), status: 'REVERSED' });
    },
    order: (id: string) => store.get('order', id),
    deliveries: webhooks.deliveries,
    /** Waits for webhook deliveries in flight. */
    flushWebhooks: webhooks.flush,
    /** Builds a correctly signed delivery for a given event body (to test forged vs genuine webhooks). */
    signedHeaders: webhooks.signedHeaders,
  };
}

export type PayPalSandbox = ReturnType<typeof createPayPalSandbox>;
