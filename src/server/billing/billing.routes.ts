import { Hono } from 'hono';
import { requireAdmin, requireUser } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { validate } from '#server/lib/validate.ts';
import { PLANS } from '#shared/plans.ts';
import {
  type BillingConfig,
  CaptureRequestSchema,
  type CaptureResponse,
  CheckoutRequestSchema,
  type DebugTestOrderResult,
} from '#shared/schemas/billing.ts';
import type { BillingDeps } from './billing-deps.ts';
import { createCheckout } from './create-checkout.ts';
import { handlePayPalWebhook } from './handle-paypal-webhook.ts';
import type { PayPalSetup } from './paypal-setup.ts';
import { settleOrder } from './settle-order.ts';

function required(billing: BillingDeps | undefined): BillingDeps {
  if (!billing)
    throw new AppError('UPSTREAM_FAILED', {
      userMessage: 'Payment system temporarily unavailable. Please contact support.',
    });
  return billing;
}

const CAPTURE_MESSAGES: Record<CaptureResponse['outcome'], string | undefined> = {
  granted: undefined,
  'already-granted': undefined,
  pending:
    'PayPal is still reviewing this payment. Your access is activated automatically as soon as it completes.',
  declined: 'PayPal declined this funding source. Please choose another one.',
  'not-approved': 'Payment capture failed: the payment was not approved at PayPal',
  failed: undefined,
  'retry-later':
    'PayPal has not confirmed this payment yet. Your access is activated automatically within a few minutes.',
};

export function billingRoutes(deps: { billing: BillingDeps | undefined; paypal: PayPalSetup | undefined }) {
  return new Hono<AppEnv>()
    .get('/billing/config', (c) => {
      const mode = deps.paypal?.mode ?? 'local';
      const config: BillingConfig = {
        mode,
        testPayments: mode === 'local',
        plans: Object.values(PLANS).map((p) => ({
          id: p.id,
          name: p.name,
          price: p.amountCents / 100,
          currency: p.currency,
          period: p.period,
        })),
      };
      return c.json(config);
    })
    .post('/billing/checkout', requireUser, validate('json', CheckoutRequestSchema), async (c) => {
      const result = await createCheckout(required(deps.billing), {
        viewer: c.var.viewer,
        planId: c.req.valid('json').planId,
        origin: c.req.header('origin'),
      });
      return c.json(result, 201);
    })
    .post('/billing/capture', requireUser, validate('json', CaptureRequestSchema), async (c) => {
      const settled = await settleOrder(required(deps.billing), {
        orderId: c.req.valid('json').orderId,
        actingUserId: c.var.viewer.userId,
        source: 'return',
      });
      const success = settled.outcome === 'granted' || settled.outcome === 'already-granted';
      const body: CaptureResponse = {
        success,
        outcome: settled.outcome,
        message:
          settled.outcome === 'failed'
            ? `Payment capture failed: ${settled.reason}`
            : CAPTURE_MESSAGES[settled.outcome],
        ...(settled.outcome === 'declined' && settled.approvalUrl
          ? { approvalUrl: settled.approvalUrl }
          : {}),
      };
      return c.json(body);
    })
    .get('/billing/debug', requireAdmin, (c) => {
      const mode = deps.paypal?.mode ?? null;
      return c.json({
        configValid: deps.paypal !== undefined,
        mode,
        testPayments: mode === 'local',
        clientIdPresent: deps.paypal?.clientIdPresent ?? false,
        webhookIdPresent: deps.paypal?.webhookIdPresent ?? false,
      });
    })
    .post('/billing/debug/test-order', requireAdmin, async (c) => {
      // Creates a PayPal order that nothing settles: proves credentials and connectivity.
      const billing = required(deps.billing);
      try {
        const order = await billing.paypal.createOrder({
          requestId: `debug-${crypto.randomUUID()}`,
          amountCents: PLANS.lifetime.amountCents,
          currency: PLANS.lifetime.currency,
          customId: 'debug-test',
          description: 'Flowvault debug test order (not for payment)',
          returnUrl: `${billing.baseUrl}/payment-failed?gateway=paypal&reason=cancelled`,
          cancelUrl: `${billing.baseUrl}/payment-failed?gateway=paypal&reason=cancelled`,
        });
        const body: DebugTestOrderResult = { success: true, orderId: order.id, status: order.status };
        return c.json(body);
      } catch (error) {
        const body: DebugTestOrderResult = {
          success: false,
          error: error instanceof Error ? error.message : String(error),
        };
        return c.json(body);
      }
    })
    .post('/webhooks/paypal', async (c) => {
      const raw = await c.req.text();
      const h = (name: string) => c.req.header(name) ?? '';
      const result = await handlePayPalWebhook(required(deps.billing), {
        rawBody: raw,
        headers: {
          transmissionId: h('paypal-transmission-id'),
          transmissionTime: h('paypal-transmission-time'),
          transmissionSig: h('paypal-transmission-sig'),
          certUrl: h('paypal-cert-url'),
          authAlgo: h('paypal-auth-algo'),
        },
      });
      return c.json({ received: true, duplicate: result.duplicate });
    });
}
