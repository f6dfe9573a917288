import { eq } from 'drizzle-orm';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { revokeAccess } from '#server/billing/revoke-access.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';

/**
 * Refunds a completed payment in full through PayPal (`POST /v2/payments/captures/{id}/refund`).
 * The PayPal-Request-Id is `refund-<payment id>`, so a retried or doubled click is the same refund.
 * A completed refund revokes lifetime access and mails the member (through the outbox), once; the
 * PAYMENT.CAPTURE.REFUNDED webhook that follows finds the payment already refunded.
 */
export async function refundPayment(deps: BillingDeps, paymentId: string) {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', { userMessage: 'No such payment.' });
  if (payment.status !== 'completed' || !payment.captureId) {
    throw new AppError('CONFLICT', {
      userMessage: `Only a completed payment can be refunded (this one is ${payment.status}).`,
    });
  }
  // The operator's reason stays in the audit log; it is not sent to the payer.
  const refund = await deps.paypal.refundCapture(payment.captureId, { requestId: `refund-${payment.id}` });
  const accessRevoked =
    refund.status === 'COMPLETED'
      ? await revokeAccess(deps, { paymentId: payment.id, reason: 'refunded' })
      : false;
  return {
    email: payment.email,
    userId: payment.userId,
    refundId: refund.id,
    refundStatus: refund.status,
    accessRevoked,
  };
}
