import { and, asc, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { payments, paypalWebhookEvents } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import { refundAccess } from './access.ts';
import type { BillingDeps } from './billing-deps.ts';
import { recordPayPalCalls } from './payment-events.ts';
import type { WebhookHeaders } from './paypal-client.ts';
import type { PayPalCallRecord } from './paypal-transport.ts';
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
  // Without PayPal's signature headers there is nothing to verify: refused before any outbound call
  // or stored row (anyone can reach this route).
  const missing = Object.entries(input.headers).filter(([, v]) => !v || v.length > 2048);
  if (missing.length > 0) {
    throw new AppError('BAD_REQUEST', { userMessage: "The webhook lacks PayPal's signature headers." });
  }
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
  if (inserted.length === 0) {
    // A redelivery. Only an event processed without error is a duplicate: one that failed (or whose
    // process died while handling it) is handled again, so a refund is never dropped.
    const [known] = await deps.db
      .select({ processedAt: paypalWebhookEvents.processedAt, error: paypalWebhookEvents.processingError })
      .from(paypalWebhookEvents)
      .where(eq(paypalWebhookEvents.eventId, event.id));
    if (known?.processedAt && known.error === null)
      return { stored: false, duplicate: true, handled: 'duplicate' };
  }

  const outcome = await processStoredEvent(deps, event);
  if (outcome.error !== null) {
    // Not a 2xx, so PayPal delivers it again (up to 25 times over 3 days); the reconciliation job
    // retries it meanwhile (retryFailedWebhookEvents).
    throw new AppError('UPSTREAM_FAILED', {
      status: 503,
      userMessage: 'The webhook could not be processed yet; it will be retried.',
    });
  }
  return { stored: inserted.length > 0, duplicate: false, handled: outcome.handled };
}

/** Processes a stored event and records the outcome (processed_at, and the error if any). */
async function processStoredEvent(
  deps: BillingDeps,
  event: WebhookEvent,
): Promise<{ handled: string; error: string | null }> {
  let handled = 'ignored';
  let processingError: string | null = null;
  try {
    handled = await processEvent(deps, event);
  } catch (error) {
    processingError = error instanceof Error ? error.message : String(error);
    deps.log.error({ err: error, eventId: event.id }, 'processing a PayPal webhook failed');
  }
  await deps.db
    .update(paypalWebhookEvents)
    .set({ processedAt: new Date(), processingError })
    .where(eq(paypalWebhookEvents.eventId, event.id));
  return { handled, error: processingError };
}

/** Stored events older than this without a clean processing are retried by the reconciliation job. */
const RETRY_AFTER_MS = 60_000;

/**
 * Verified events that failed while being processed, or whose process died mid-way, are processed
 * again until they succeed (issue 20: a failed refund must still revoke access).
 */
export async function retryFailedWebhookEvents(
  deps: BillingDeps,
): Promise<{ retried: number; fixed: number }> {
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db
    .select({ body: paypalWebhookEvents.body })
    .from(paypalWebhookEvents)
    .where(
      and(
        or(isNotNull(paypalWebhookEvents.processingError), isNull(paypalWebhookEvents.processedAt)),
        lt(paypalWebhookEvents.receivedAt, new Date(now.getTime() - RETRY_AFTER_MS)),
      ),
    )
    .orderBy(asc(paypalWebhookEvents.receivedAt))
    .limit(50);
  let fixed = 0;
  for (const row of rows) {
    const outcome = await processStoredEvent(deps, row.body as WebhookEvent);
    if (outcome.error === null) fixed++;
  }
  return { retried: rows.length, fixed };
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
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      // A refund event carries the refund (its capture is the `up` link); a reversal carries the capture.
      // Either way the capture is read again from PayPal and access ends only when it says the money
      // went back: a signed event is not enough on its own (issue 41, REVERSED was taken at its word).
      const refunded = event.event_type === 'PAYMENT.CAPTURE.REFUNDED';
      const captureId = refunded
        ? resource.links
            ?.find((l) => l.rel === 'up')
            ?.href.split('/')
            .pop()
        : resource.id;
      const payment = captureId ? await paymentOfCapture(deps, captureId) : undefined;
      if (!payment || !captureId) return 'unknown-capture';
      const capture = await deps.paypal.getCapture(captureId);
      if (capture.status !== 'REFUNDED') return refunded ? 'partial-refund-kept' : 'reversal-not-confirmed';
      return (await refundAccess(deps, { paymentId: payment.id, reason: refunded ? 'refunded' : 'reversed' }))
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
