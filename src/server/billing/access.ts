import { and, eq, type SQL } from 'drizzle-orm';
import { type AuditInput, audited, recordAudit } from '#server/audit/audit.ts';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import type { Database } from '#server/db/client.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import type { Logger } from '#server/lib/logger.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { accessRevokedEmail } from '#server/mail/templates.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { recordPaymentState } from './payment-events.ts';

// The one place lifetime access is granted, revoked or refunded (decision 0019). Every path —
// checkout, the operator's grant/revoke, Fix All's repair, a refund or reversal — writes the same
// profile fields through `writeAccess`, inside the transaction that records why (an audit entry or
// a payment event), and publishes 'viewer.changed' after the commit so cached viewers drop at once.

export type AccessDeps = { db: Database; bus?: EventBus; now?: () => Date };

/** Why access ends: a refund or reversal of the payment, an operator's revoke, or a repair. */
export type RevokedStatus = 'refunded' | 'reversed' | 'revoked' | null;

type AccessChange =
  | { kind: 'grant'; paidAt: Date; amountCents: number | null }
  | { kind: 'revoke'; status: RevokedStatus };

/** The profile fields of each change, written once for every path. */
export function accessFields(change: AccessChange, now: Date): Partial<typeof profiles.$inferInsert> {
  if (change.kind === 'grant') {
    return {
      hasPaid: true,
      subscriptionStatus: 'active',
      subscriptionPeriod: 'lifetime',
      subscriptionTier: 'Lifetime Access',
      subscriptionExpiresAt: null,
      subscriptionAutoRenew: false,
      nextBillingDate: null,
      paymentDate: change.paidAt,
      subscriptionAmount: change.amountCents,
      updatedAt: now,
    };
  }
  return { hasPaid: false, subscriptionStatus: change.status, subscriptionTier: null, updatedAt: now };
}

/**
 * Writes a change to one profile inside the caller's transaction. With `onlyIfChanged`, a grant
 * leaves a paid profile alone (and a revoke an unpaid one); returns whether a row changed.
 */
export async function writeAccess(
  tx: Database,
  input: { userId: string; change: AccessChange; now: Date; onlyIfChanged?: boolean },
): Promise<boolean> {
  const filters: SQL[] = [eq(profiles.userId, input.userId)];
  if (input.onlyIfChanged) filters.push(eq(profiles.hasPaid, input.change.kind === 'revoke'));
  const updated = await tx
    .update(profiles)
    .set(accessFields(input.change, input.now))
    .where(and(...filters))
    .returning({ userId: profiles.userId });
  return updated.length > 0;
}

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/**
 * An operator's grant (complimentary) or a repair's: the profile only — no payment is created, so
 * payment records stay the truth. A no-op on a paid profile; the audit entry is written either way.
 */
export async function grantAccess(
  deps: AccessDeps,
  input: { userId: string; audit: AuditInput; paidAt?: Date; amountCents?: number | null },
): Promise<{ changed: boolean }> {
  const now = nowOf(deps);
  const change = {
    kind: 'grant',
    paidAt: input.paidAt ?? now,
    amountCents: input.amountCents ?? null,
  } as const;
  return changeAccess(deps, input.userId, change, input.audit);
}

/** An operator's revoke (status 'revoked') or a repair's (status null); a no-op on an unpaid profile. */
export async function revokeAccess(
  deps: AccessDeps,
  input: { userId: string; audit: AuditInput; status?: RevokedStatus },
): Promise<{ changed: boolean }> {
  const status = input.status === undefined ? 'revoked' : input.status;
  return changeAccess(deps, input.userId, { kind: 'revoke', status }, input.audit);
}

async function changeAccess(deps: AccessDeps, userId: string, change: AccessChange, audit: AuditInput) {
  const now = nowOf(deps);
  const changed = await audited(
    deps,
    (tx) => writeAccess(tx, { userId, change, now, onlyIfChanged: true }),
    (done) => ({ ...audit, detail: { ...(audit.detail as object | undefined), changed: done } }),
  );
  if (changed) await publishViewerChanged(deps, userId);
  return { changed };
}

/**
 * A refund or reversal takes lifetime access away, once, and tells the member: the payment's status,
 * the profile, the payment event, the mail and (for an operator's refund) the audit entry in one
 * transaction. Returns false when the payment was not completed (already refunded, say).
 */
export async function refundAccess(
  deps: AccessDeps & { log: Logger; smtpConfigured: boolean },
  input: { paymentId: string; reason: 'refunded' | 'reversed'; audit?: AuditInput },
): Promise<boolean> {
  const now = nowOf(deps);
  const revoked = await deps.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const [payment] = await tx
      .update(payments)
      .set({ status: input.reason, revokedAt: now, updatedAt: now })
      .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'completed')))
      .returning();
    if (!payment) return false;
    if (payment.userId) {
      await writeAccess(tx, {
        userId: payment.userId,
        change: { kind: 'revoke', status: input.reason },
        now,
      });
    }
    await recordPaymentState(
      tx,
      { paymentId: payment.id, providerOrderId: payment.providerOrderId },
      input.reason,
    );
    if (input.audit) await recordAudit({ db: tx }, input.audit);
    await enqueueMail(
      tx,
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
