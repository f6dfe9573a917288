import { and, eq, ne } from 'drizzle-orm';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { receiptEmail } from '#server/mail/templates.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { centsToDecimal } from '#shared/plans.ts';
import { refundAccess, writeAccess } from './access.ts';
import { type BillingDeps, defaultSleep } from './billing-deps.ts';
import { recordPaymentState, recordPayPalCalls } from './payment-events.ts';
import { captureOf, type PayPalOrder } from './paypal-schemas.ts';
import { type PayPalCallRecord, PayPalError } from './paypal-transport.ts';

export type SettleOutcome =
  | { outcome: 'granted' | 'already-granted'; paymentId: string }
  | { outcome: 'pending'; paymentId: string }
  | { outcome: 'declined'; paymentId: string; approvalUrl: string | null }
  | { outcome: 'not-approved'; paymentId: string }
  | { outcome: 'failed'; paymentId: string; reason: string }
  | { outcome: 'retry-later'; paymentId: string; reason: string };

type Payment = typeof payments.$inferSelect;

/** Retries a PayPal call whose outcome is unknown (5xx, timeout) with the same request id. */
async function withRetry<T>(deps: BillingDeps, fn: () => Promise<T>): Promise<T> {
  const sleep = deps.sleep ?? defaultSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (!(error instanceof PayPalError) || !error.retryable || attempt >= 3) throw error;
      await sleep(400 * 3 ** (attempt - 1));
    }
  }
}

/**
 * The one way a PayPal order becomes lifetime access, reached from the return page, the webhook
 * handler and the reconciliation job. Idempotent: it reads the truth from PayPal, captures only
 * an APPROVED order (with a request id derived from our payment id, so retries never capture
 * twice), and grants exactly once — only for a COMPLETED capture whose amount, currency and
 * custom_id match the payment, to the user who created the order.
 */
export async function settleOrder(
  deps: BillingDeps,
  input: { orderId: string; actingUserId?: string; source: 'return' | 'webhook' | 'reconcile' | 'operator' },
): Promise<SettleOutcome> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.providerOrderId, input.orderId));
  if (!payment) {
    throw new AppError('NOT_FOUND', {
      userMessage: 'Missing payment information. Please contact support with your PayPal transaction ID.',
    });
  }
  const target = { paymentId: payment.id, providerOrderId: input.orderId };
  if (input.actingUserId !== undefined && payment.userId !== input.actingUserId) {
    // A return URL carrying someone else's order: never act on it for this visitor.
    await recordPaymentState(deps.db, target, 'refused-foreign-return', { actingUserId: input.actingUserId });
    throw new AppError('FORBIDDEN', { userMessage: 'Payment processing failed. Please contact support.' });
  }
  if (payment.status === 'completed') return { outcome: 'already-granted', paymentId: payment.id };
  if (payment.status === 'refunded' || payment.status === 'reversed') {
    return { outcome: 'failed', paymentId: payment.id, reason: `payment was ${payment.status}` };
  }

  const calls: PayPalCallRecord[] = [];
  const paypal = deps.paypal.withCallRecorder((r) => calls.push(r));
  try {
    let order: PayPalOrder;
    try {
      order = await withRetry(deps, () => paypal.getOrder(input.orderId));
      if (order.status === 'APPROVED') {
        try {
          order = await withRetry(deps, () =>
            paypal.captureOrder(input.orderId, { requestId: `cap-${payment.id}` }),
          );
        } catch (error) {
          if (!(error instanceof PayPalError) || error.issue !== 'ORDER_ALREADY_CAPTURED') throw error;
          // Captured by an earlier attempt whose answer we never saw: read the result instead.
          order = await withRetry(deps, () => paypal.getOrder(input.orderId));
        }
      }
    } catch (error) {
      if (error instanceof PayPalError && error.issue === 'INSTRUMENT_DECLINED') {
        await setStatus(deps, payment, 'declined', 'INSTRUMENT_DECLINED');
        return { outcome: 'declined', paymentId: payment.id, approvalUrl: payment.approvalUrl };
      }
      if (error instanceof PayPalError && error.issue === 'ORDER_NOT_APPROVED') {
        // Only the capture answers this, and PayPal had just read the order APPROVED: another settler's
        // capture (the webhook, usually) met INSTRUMENT_DECLINED in between and PayPal put the order
        // back before the buyer. Say so, as that settler does, rather than "not approved".
        await setStatus(deps, payment, 'declined', 'INSTRUMENT_DECLINED');
        return { outcome: 'declined', paymentId: payment.id, approvalUrl: payment.approvalUrl };
      }
      if (error instanceof PayPalError && error.status === 404) {
        // We created this order, so PayPal (or a sandbox that lost its state in a crash) not knowing it
        // is not a verdict on the payment: reported, left open, retried by reconciliation (issue 20).
        deps.log.error(
          { paymentId: payment.id, orderId: input.orderId, debugId: error.debugId },
          'PayPal does not know an order we created',
        );
        await recordPaymentState(deps.db, target, 'retry-later', {
          source: input.source,
          error: `PayPal answered 404 for order ${input.orderId}`,
        });
        return {
          outcome: 'retry-later',
          paymentId: payment.id,
          reason: 'PayPal does not know this order (404)',
        };
      }
      if (error instanceof PayPalError && (error.retryable || error.kind === 'invalid-response')) {
        // Unknown outcome at PayPal: the webhook or the reconciliation job finishes this payment.
        await recordPaymentState(deps.db, target, 'retry-later', {
          source: input.source,
          error: error.message,
        });
        return { outcome: 'retry-later', paymentId: payment.id, reason: error.message };
      }
      const reason = error instanceof PayPalError ? (error.issue ?? error.message) : String(error);
      await setStatus(deps, payment, 'failed', reason);
      return { outcome: 'failed', paymentId: payment.id, reason };
    }

    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED' || order.status === 'SAVED') {
      // An earlier settler (the webhook, usually) met INSTRUMENT_DECLINED and PayPal put the order back
      // before the buyer: PayPal's rule is to send them back to choose another way to pay, not a dead end.
      // Read again: that settler may have written its verdict after this one read the row.
      const [now] = await deps.db
        .select({ status: payments.status })
        .from(payments)
        .where(eq(payments.id, payment.id));
      if (now?.status === 'declined') {
        return { outcome: 'declined', paymentId: payment.id, approvalUrl: payment.approvalUrl };
      }
      return { outcome: 'not-approved', paymentId: payment.id };
    }
    if (order.status === 'VOIDED') {
      await setStatus(deps, payment, 'failed', 'ORDER_VOIDED');
      return { outcome: 'failed', paymentId: payment.id, reason: 'The PayPal order was voided' };
    }
    const capture = captureOf(order);
    if (!capture)
      return { outcome: 'retry-later', paymentId: payment.id, reason: 'order has no capture yet' };

    if (capture.status === 'PENDING') {
      await setStatus(deps, payment, 'pending', capture.status_details?.reason ?? 'PENDING', capture.id);
      return { outcome: 'pending', paymentId: payment.id };
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      await setStatus(deps, payment, 'failed', `capture ${capture.status}`, capture.id);
      return {
        outcome: 'failed',
        paymentId: payment.id,
        reason: `The payment was ${capture.status.toLowerCase()}`,
      };
    }
    if (capture.status === 'REFUNDED' || capture.status === 'PARTIALLY_REFUNDED') {
      await refundAccess(deps, { paymentId: payment.id, reason: 'refunded' });
      return { outcome: 'failed', paymentId: payment.id, reason: 'The payment was refunded' };
    }

    const mismatch = verifyCapture(payment, order, capture);
    if (mismatch) {
      deps.log.error(
        { paymentId: payment.id, orderId: input.orderId, mismatch },
        'capture does not match the payment',
      );
      await setStatus(deps, payment, 'review', mismatch, capture.id);
      return {
        outcome: 'failed',
        paymentId: payment.id,
        reason: 'Payment processing failed. Please contact support.',
      };
    }
    return await grant(deps, payment, capture.id, input.source);
  } finally {
    await recordPayPalCalls(deps.db, target, calls);
  }
}

function verifyCapture(
  payment: Payment,
  order: PayPalOrder,
  capture: NonNullable<ReturnType<typeof captureOf>>,
): string | undefined {
  const customId = capture.custom_id ?? order.purchase_units[0]?.custom_id;
  if (customId !== payment.id) return `custom_id ${customId ?? 'missing'} is not ${payment.id}`;
  if (capture.amount?.value !== centsToDecimal(payment.amountCents)) {
    return `amount ${capture.amount?.value ?? 'missing'} is not ${centsToDecimal(payment.amountCents)}`;
  }
  if (capture.amount?.currency_code !== payment.currency) {
    return `currency ${capture.amount?.currency_code ?? 'missing'} is not ${payment.currency}`;
  }
  return undefined;
}

async function setStatus(
  deps: BillingDeps,
  payment: Payment,
  status: string,
  reason: string,
  captureId?: string,
) {
  await deps.db
    .update(payments)
    .set({
      status,
      failureReason: reason,
      updatedAt: deps.now?.() ?? new Date(),
      ...(captureId ? { captureId } : {}),
    })
    .where(and(eq(payments.id, payment.id), ne(payments.status, 'completed')));
  await recordPaymentState(
    deps.db,
    { paymentId: payment.id, providerOrderId: payment.providerOrderId },
    status,
    {
      reason,
    },
  );
}

/** Grants lifetime access once: the conditional UPDATE lets exactly one settler through. */
async function grant(
  deps: BillingDeps,
  payment: Payment,
  captureId: string,
  source: string,
): Promise<SettleOutcome> {
  const now = deps.now?.() ?? new Date();
  const granted = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(payments)
      .set({ status: 'completed', captureId, grantedAt: now, updatedAt: now, failureReason: null })
      .where(and(eq(payments.id, payment.id), ne(payments.status, 'completed')))
      .returning({ id: payments.id });
    if (updated.length === 0) return false;
    if (payment.userId) {
      const change = { kind: 'grant', paidAt: now, amountCents: payment.amountCents } as const;
      await writeAccess(tx as unknown as BillingDeps['db'], { userId: payment.userId, change, now });
    }
    await recordPaymentState(
      tx as unknown as BillingDeps['db'],
      { paymentId: payment.id, providerOrderId: payment.providerOrderId },
      'granted',
      { source, captureId },
    );
    await enqueueMail(
      tx as unknown as BillingDeps['db'],
      {
        kind: 'receipt',
        to: payment.email,
        ...receiptEmail({
          amount: centsToDecimal(payment.amountCents),
          currency: payment.currency,
          date: now.toISOString().slice(0, 10),
          orderId: payment.providerOrderId ?? payment.id,
          dashboardUrl: `${deps.baseUrl}/dashboard`,
          supportEmail: SUPPORT_EMAIL,
        }),
      },
      { log: deps.log, smtpConfigured: deps.smtpConfigured },
    );
    return true;
  });
  if (granted) {
    deps.log.info({ paymentId: payment.id, source }, 'lifetime access granted');
    // The member's next request, on any process, sees the access (cached viewers are dropped).
    if (payment.userId) await publishViewerChanged(deps, payment.userId);
  }
  return { outcome: granted ? 'granted' : 'already-granted', paymentId: payment.id };
}
