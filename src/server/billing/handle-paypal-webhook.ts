import { eq } from 'drizzle-orm';
import { payments, paypalWebhookEvents } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import type { BillingDeps } from './billing-deps.ts';
import { recordPayPalCalls } from './payment-events.ts';
import type { PayPalCallRecord, WebhookHeaders } from './paypal-client.ts';
import { revokeAccess } from './revoke-access.ts';
import { settleOrder } from './settle-order.ts';

type WebhookEvent = {
  id: string;
  event_type: string;
  resource?: {
    id?: string;
    supplementary_data?: { related_ids?: { order_id?: string } };
    links?: { rel: string; href: string }[];
  };
};

/**
 * A PayPal webhook: verified with PayPal (verification_status must be SUCCESS), stored once per
 * event id, then used only as a trigger — the state is always re-read from PayPal by settleOrder.
 */
export async function handlePayPalWebhook(
  deps: BillingDeps,
  input: { rawBody: string; headers: WebhookHeaders },
): Promise<{ stored: boolean; duplicate: boolean; handled: string }> {
  let event: WebhookEvent;
  try {
    event = JSON.parse(input.rawBody) as WebhookEvent;
  } catch {
    throw new AppError('BAD_REQUEST', { userMessage: 'The webhook body is not JSON.' });
  }
  if (typeof event?.id !== 'string' || typeof event.event_type !== 'string') {
    throw new AppError('BAD_REQUEST', { userMessage: 'The webhook has no event id or type.' });
  }
  const calls: PayPalCallRecord[] = [];
  const paypal = deps.paypal.withCallRecorder((r) => calls.push(r));
  let verified: boolean;
  try {
    verified = await paypal.verifyWebhookSignature(input.headers, event);
  } catch (error) {
    // PayPal could not tell us: answer non-2xx so PayPal delivers the event again later.
    throw new AppError('UPSTREAM_FAILED', {
      userMessage: 'Webhook verification is unavailable.',
      cause: error,
    });
  } finally {
    await recordPayPalCalls(deps.db, { paymentId: null, providerOrderId: null }, calls);
  }
  if (!verified) {
    deps.log.warn({ eventId: event.id, eventType: event.event_type }, 'PayPal webhook failed verification');
    throw new AppError('BAD_REQUEST', { userMessage: 'The webhook signature could not be verified.' });
  }

  const inserted = await deps.db
    .insert(paypalWebhookEvents)
    .values({
      eventId: event.id,
      eventType: event.event_type,
      resourceId: event.resource?.id ?? null,
      verified: 'SUCCESS',
      body: event,
    })
    .onConflictDoNothing()
    .returning({ eventId: paypalWebhookEvents.eventId });
  if (inserted.length === 0) return { stored: false, duplicate: true, handled: 'duplicate' };

  let handled = 'ignored';
  let processingError: string | null = null;
  try {
    handled = await processEvent(deps, event);
  } catch (error) {
    // Stored already, so PayPal gets its 2xx; the reconciliation job finishes what failed here.
    processingError = error instanceof Error ? error.message : String(error);
    deps.log.error({ err: error, eventId: event.id }, 'processing a PayPal webhook failed');
  }
  await deps.db
    .update(paypalWebhookEvents)
    .set({ processedAt: new Date(), processingError })
    .where(eq(paypalWebhookEvents.eventId, event.id));
  return { stored: true, duplicate: false, handled };
}

async function processEvent(deps: BillingDeps, event: WebhookEvent): Promise<string> {
  const resource = event.resource ?? {};
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED': {
      if (!resource.id) return 'ignored';
      return (await settleOrder(deps, { orderId: resource.id, source: 'webhook' })).outcome;
    }
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const orderId =
        resource.supplementary_data?.related_ids?.order_id ?? (await orderIdOfCapture(deps, resource.id));
      if (!orderId) return 'unknown-order';
      return (await settleOrder(deps, { orderId, source: 'webhook' })).outcome;
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const captureId = resource.links
        ?.find((l) => l.rel === 'up')
        ?.href.split('/')
        .pop();
      const payment = captureId ? await paymentOfCapture(deps, captureId) : undefined;
      if (!payment || !captureId) return 'unknown-capture';
      const capture = await deps.paypal.getCapture(captureId);
      if (capture.status !== 'REFUNDED') return 'partial-refund-kept';
      return (await revokeAccess(deps, { paymentId: payment.id, reason: 'refunded' }))
        ? 'revoked'
        : 'already-revoked';
    }
    case 'PAYMENT.CAPTURE.REVERSED': {
      const payment = resource.id ? await paymentOfCapture(deps, resource.id) : undefined;
      if (!payment) return 'unknown-capture';
      return (await revokeAccess(deps, { paymentId: payment.id, reason: 'reversed' }))
        ? 'revoked'
        : 'already-revoked';
    }
    default:
      return 'ignored';
  }
}

async function paymentOfCapture(deps: BillingDeps, captureId: string) {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.captureId, captureId));
  return payment;
}

async function orderIdOfCapture(deps: BillingDeps, captureId: string | undefined) {
  if (!captureId) return undefined;
  return (await paymentOfCapture(deps, captureId))?.providerOrderId ?? undefined;
}
