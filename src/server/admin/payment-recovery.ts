import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { type Actor, audited, recordAudit } from '#server/audit/audit.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { reconcilePayments } from '#server/billing/reconcile-payments.ts';
import { type SettleOutcome, settleOrder } from '#server/billing/settle-order.ts';
import type { Database } from '#server/db/client.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import { centsToDecimal } from '#shared/plans.ts';
import {
  ABANDONABLE_STATUSES,
  type AbandonResult,
  type FixAllResult,
  type PendingPayment,
  type ProcessPaymentResult,
  type RecoveryItemStatus,
  type RecoveryResult,
} from '#shared/schemas/admin.ts';
import { applyRepair, findProfileRepairs, type ProfileRepair } from './profile-repairs.ts';

/** Payments that have not reached a final state: what the recovery tool can still settle. */
export const OPEN_STATUSES = ['created', 'approved', 'pending', 'declined'];
/** Open orders older than this are expired at PayPal and no longer listed. */
export const LIST_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** An open payment older than this has been missed by the return, the webhook and the job. */
export const STALE_MS = 15 * 60_000;

export const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** Open PayPal payments of the last 7 days, newest first, with the buyer's email. */
export async function listPendingPayments(deps: {
  db: Database;
  now?: () => Date;
}): Promise<PendingPayment[]> {
  const since = new Date(nowOf(deps).getTime() - LIST_WINDOW_MS);
  const rows = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, 'paypal'),
        inArray(payments.status, OPEN_STATUSES),
        gt(payments.createdAt, since),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(500);
  return rows.map((p) => ({
    id: p.id,
    userId: p.userId,
    email: p.email,
    transactionId: p.providerOrderId,
    amount: centsToDecimal(p.amountCents),
    currency: p.currency,
    status: p.status,
    failureReason: p.failureReason,
    createdAt: p.createdAt.toISOString(),
  }));
}

const OUTCOME_ERRORS: Record<SettleOutcome['outcome'], string | undefined> = {
  granted: undefined,
  'already-granted': undefined,
  pending: 'PayPal is still reviewing this payment; it completes on its own.',
  declined: 'PayPal declined the funding source; the buyer has to choose another one.',
  'not-approved': 'The buyer has not approved this payment at PayPal.',
  failed: undefined,
  'retry-later': 'PayPal did not confirm the capture yet; try again in a few minutes.',
};

/**
 * 'Process' in the recovery tool: the same settleOrder as checkout (source 'operator'), so a
 * payment is captured and granted at most once. Success only when access is granted (§5).
 */
export async function processPayment(
  deps: BillingDeps,
  input: { paymentId: string; actor: Actor },
): Promise<ProcessPaymentResult> {
  const result = await settleForOperator(deps, input.paymentId);
  // settleOrder talks to PayPal and commits its own steps: the audit entry records the outcome after.
  await recordAudit(deps, {
    actor: input.actor,
    action: 'payment.process',
    target: input.paymentId,
    detail: { outcome: result.outcome, success: result.success, error: result.error ?? null },
  });
  return result;
}

async function settleForOperator(deps: BillingDeps, paymentId: string): Promise<ProcessPaymentResult> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', { userMessage: 'No such payment.' });
  if (!payment.providerOrderId) {
    return {
      success: false,
      email: payment.email,
      outcome: 'failed',
      error: 'This payment has no PayPal order.',
    };
  }
  try {
    const settled = await settleOrder(deps, { orderId: payment.providerOrderId, source: 'operator' });
    const success = settled.outcome === 'granted' || settled.outcome === 'already-granted';
    return {
      success,
      email: payment.email,
      outcome: settled.outcome,
      ...(success
        ? {}
        : { error: settled.outcome === 'failed' ? settled.reason : OUTCOME_ERRORS[settled.outcome] }),
    };
  } catch (error) {
    const message =
      error instanceof AppError ? error.userMessage : error instanceof Error ? error.message : undefined;
    deps.log.error({ err: error, paymentId }, 'operator processing failed');
    return { success: false, email: payment.email, outcome: 'error', error: message };
  }
}

function itemStatus(outcome: string): RecoveryItemStatus {
  if (outcome === 'granted') return 'recovered';
  if (outcome === 'error' || outcome === 'failed' || outcome === 'declined') return 'error';
  if (outcome === 'pending' || outcome === 'retry-later' || outcome === 'not-approved') return 'pending';
  return 'other';
}

const ITEM_MESSAGES: Record<RecoveryItemStatus, string> = {
  recovered: 'Payment captured and lifetime access granted',
  error: 'Payment could not be recovered',
  pending: 'Payment is not completed at PayPal yet',
  other: 'Nothing to do',
};

/** 'Close as abandoned' (issue 43): the order leaves the open list and the health warning; audited. */
export async function abandonPayment(
  deps: { db: Database },
  input: { paymentId: string; actor: Actor; reason: string },
): Promise<AbandonResult> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, input.paymentId));
  if (!payment) throw new AppError('NOT_FOUND', { userMessage: 'No such payment.' });
  if (!ABANDONABLE_STATUSES.includes(payment.status)) {
    throw new AppError('CONFLICT', {
      userMessage: `Only an order the buyer never finished can be closed (this one is ${payment.status}).`,
    });
  }
  return audited(
    deps,
    async (tx) => {
      await tx
        .update(payments)
        .set({ status: 'abandoned', updatedAt: new Date() })
        .where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
      return { id: payment.id, status: 'abandoned' as const, previousStatus: payment.status };
    },
    (result) => ({
      actor: input.actor,
      action: 'payment.abandon',
      target: payment.id,
      reason: input.reason,
      detail: {
        email: payment.email,
        orderId: payment.providerOrderId,
        previousStatus: result.previousStatus,
      },
    }),
  );
}

/** 'Run reconciliation now': the reconciliation job's pass, with each payment's amount; audited. */
export async function runReconciliation(deps: BillingDeps, input: { actor: Actor }): Promise<RecoveryResult> {
  const result = await reconcileWithAmounts(deps);
  await recordAudit(deps, {
    actor: input.actor,
    action: 'payment.reconcile',
    target: 'payment-reconciliation',
    detail: { totalChecked: result.totalChecked, recoveredCount: result.recoveredCount },
  });
  return result;
}

async function reconcileWithAmounts(deps: BillingDeps): Promise<RecoveryResult> {
  const run = await reconcilePayments(deps);
  const ids = run.results.map((r) => r.paymentId);
  const amounts = ids.length
    ? await deps.db
        .select({ id: payments.id, amountCents: payments.amountCents, currency: payments.currency })
        .from(payments)
        .where(inArray(payments.id, ids))
    : [];
  const byId = new Map(amounts.map((a) => [a.id, a]));
  const results = run.results.map((r) => {
    const status = itemStatus(r.outcome);
    const amount = byId.get(r.paymentId);
    return {
      transactionId: r.orderId,
      status,
      // Why it was not recovered, not only that it was not (issue 43).
      message:
        r.message ??
        (r.outcome === 'already-granted'
          ? 'Already granted'
          : r.outcome === 'error'
            ? ITEM_MESSAGES[status]
            : (OUTCOME_ERRORS[r.outcome] ?? ITEM_MESSAGES[status])),
      amount: {
        currency_code: amount?.currency ?? '',
        value: amount ? centsToDecimal(amount.amountCents) : '0.00',
      },
    };
  });
  return {
    success: true,
    message:
      run.totalChecked === 0
        ? 'No pending payments to recover'
        : `Recovered ${run.recoveredCount} of ${run.totalChecked} pending payments`,
    recoveredCount: run.recoveredCount,
    totalChecked: run.totalChecked,
    results,
  };
}

/** 'Fix all': reconciliation, then the profile consistency repair. */
export async function fixAll(deps: BillingDeps, input: { actor: Actor }): Promise<FixAllResult> {
  const errors: string[] = [];
  let pendingPayments = 0;
  let recoveredPayments = 0;
  try {
    const run = await reconcileWithAmounts(deps);
    pendingPayments = run.totalChecked;
    recoveredPayments = run.recoveredCount;
    for (const r of run.results) {
      if (r.status === 'error') errors.push(`${r.transactionId}: ${r.message}`);
    }
  } catch (error) {
    errors.push(`Reconciliation failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const repaired: ProfileRepair[] = [];
  for (const repair of await findProfileRepairs(deps)) {
    try {
      await applyRepair(deps, repair, input.actor);
      repaired.push(repair);
    } catch (error) {
      errors.push(`Profile ${repair.userId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const results = { pendingPayments, recoveredPayments, userDataFixed: repaired.length, errors };
  await recordAudit(deps, {
    actor: input.actor,
    action: 'payment.fix-all',
    target: 'payment-reconciliation',
    detail: { ...results, repaired },
  });
  return {
    success: errors.length === 0,
    ...(errors.length ? { error: `${errors.length} problem(s) could not be fixed` } : {}),
    results,
  };
}
