import { and, eq } from 'drizzle-orm';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { accessRevokedEmail } from '#server/mail/templates.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import type { BillingDeps } from './billing-deps.ts';
import { recordPaymentState } from './payment-events.ts';

/** A refund or reversal takes lifetime access away, once, and tells the member. */
export async function revokeAccess(
  deps: BillingDeps,
  input: { paymentId: string; reason: 'refunded' | 'reversed' },
): Promise<boolean> {
  const now = deps.now?.() ?? new Date();
  const revoked = await deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .update(payments)
      .set({ status: input.reason, revokedAt: now, updatedAt: now })
      .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'completed')))
      .returning();
    if (!payment) return false;
    if (payment.userId) {
      await tx
        .update(profiles)
        .set({ hasPaid: false, subscriptionStatus: input.reason, subscriptionTier: null, updatedAt: now })
        .where(eq(profiles.userId, payment.userId));
    }
    const db = tx as unknown as BillingDeps['db'];
    await recordPaymentState(
      db,
      { paymentId: payment.id, providerOrderId: payment.providerOrderId },
      input.reason,
    );
    await enqueueMail(
      db,
      {
        kind: 'access-revoked',
        to: payment.email,
        ...accessRevokedEmail({
          reason: input.reason,
          orderId: payment.providerOrderId ?? payment.id,
          supportEmail: SUPPORT_EMAIL,
        }),
      },
      { log: deps.log, smtpConfigured: deps.smtpConfigured },
    );
    deps.log.info({ paymentId: payment.id, reason: input.reason }, 'lifetime access revoked');
    return { userId: payment.userId };
  });
  if (!revoked) return false;
  // After the commit: a request resolved now reads the revoked profile.
  if (revoked.userId) await publishViewerChanged(deps, revoked.userId);
  return true;
}
