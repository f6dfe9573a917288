import { eq } from 'drizzle-orm';
import { type Actor, type AuditInput, recordAudit } from '#server/audit/audit.ts';
import { refundAccess } from '#server/billing/access.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';

/**
 * Refunds a completed payment in full through PayPal (`POST /v2/payments/captures/{id}/refund`).
 * The PayPal-Request-Id is `refund-<payment id>`, so a retried or doubled click is the same refund.
 * A completed refund revokes lifetime access and mails the member (through the outbox), once, in the
 * transaction of its audit entry; the PAYMENT.CAPTURE.REFUNDED webhook that follows finds the payment
 * already refunded. A refund PayPal has not completed is audited on its own.
 */
export async function refundPayment(
  deps: BillingDeps,
  input: { paymentId: string; actor: Actor; reason: string },
) {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, input.paymentId));
  if (!payment) throw new AppError('NOT_FOUND', { userMessage: 'No such payment.' });
  if (payment.status !== 'completed' || !payment.captureId) {
    throw new AppError('CONFLICT', {
      userMessage: `Only a completed payment can be refunded (this one is ${payment.status}).`,
    });
  }
  // The operator's reason stays in the audit log; it is not sent to the payer.
  const refund = await deps.paypal.refundCapture(payment.captureId, { requestId: `refund-${payment.id}` });
  const result = {
    email: payment.email,
    userId: payment.userId,
    refundId: refund.id,
    refundStatus: refund.status,
  };
  const audit = (accessRevoked: boolean): AuditInput => ({
    actor: input.actor,
    action: 'payment.refund',
    target: payment.id,
    reason: input.reason,
    detail: { ...result, accessRevoked },
  });
  const accessRevoked =
    refund.status === 'COMPLETED' &&
    (await refundAccess(deps, { paymentId: payment.id, reason: 'refunded', audit: audit(true) }));
  if (!accessRevoked) await recordAudit(deps, audit(false));
  return { ...result, accessRevoked };
}
