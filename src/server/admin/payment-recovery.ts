import { and, count, desc, eq, gt, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { reconcilePayments } from '#server/billing/reconcile-payments.ts';
import { type SettleOutcome, settleOrder } from '#server/billing/settle-order.ts';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { centsToDecimal } from '#shared/plans.ts';
import type {
  FixAllResult,
  HealthStatus,
  PaymentHealth,
  PendingPayment,
  ProcessPaymentResult,
  RecoveryItemStatus,
  RecoveryResult,
} from '#shared/schemas/admin.ts';

/** Payments that have not reached a final state: what the recovery tool can still settle. */
export const OPEN_STATUSES = ['created', 'approved', 'pending', 'declined'];
/** Open orders older than this are expired at PayPal and no longer listed. */
const LIST_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** An open payment older than this has been missed by the return, the webhook and the job. */
const STALE_MS = 15 * 60_000;

const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

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
  paymentId: string,
): Promise<ProcessPaymentResult & { paymentId: string }> {
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError('NOT_FOUND', { userMessage: 'No such payment.' });
  if (!payment.providerOrderId) {
    return {
      paymentId,
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
      paymentId,
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
    return { paymentId, success: false, email: payment.email, outcome: 'error', error: message };
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

/** 'Run reconciliation now': the reconciliation job's pass, with each payment's amount. */
export async function runReconciliation(deps: BillingDeps): Promise<RecoveryResult> {
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
      message: r.message ?? (r.outcome === 'already-granted' ? 'Already granted' : ITEM_MESSAGES[status]),
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

type ProfileRepair = { userId: string; direction: 'grant' | 'clear'; paymentId?: string };

/**
 * Profiles whose paid flag disagrees with the payments: a completed payment whose profile is not
 * paid (unless an operator revoked access after that payment), and a paid profile without any
 * completed payment (unless an operator granted access by hand).
 */
export async function findProfileRepairs(db: Database): Promise<ProfileRepair[]> {
  const completed = await db
    .select({
      userId: payments.userId,
      paymentId: payments.id,
      grantedAt: payments.grantedAt,
      hasPaid: profiles.hasPaid,
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.userId, payments.userId))
    .where(and(eq(payments.status, 'completed'), isNotNull(payments.userId)));
  const manual = await db
    .select({ target: auditLog.target, action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(inArray(auditLog.action, ['user.grant-access', 'user.revoke-access']));
  const lastManual = new Map<string, { action: string; at: Date }>();
  for (const m of manual) {
    if (!m.target) continue;
    const seen = lastManual.get(m.target);
    if (!seen || seen.at < m.createdAt) lastManual.set(m.target, { action: m.action, at: m.createdAt });
  }
  const repairs: ProfileRepair[] = [];
  const paidUsers = new Set<string>();
  for (const c of completed) {
    const userId = c.userId!;
    paidUsers.add(userId);
    if (c.hasPaid) continue;
    const m = lastManual.get(userId);
    if (m?.action === 'user.revoke-access' && (!c.grantedAt || m.at > c.grantedAt)) continue;
    if (!repairs.some((r) => r.userId === userId)) {
      repairs.push({ userId, direction: 'grant', paymentId: c.paymentId });
    }
  }
  const paidProfiles = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.hasPaid, true));
  for (const p of paidProfiles) {
    if (paidUsers.has(p.userId)) continue;
    if (lastManual.get(p.userId)?.action === 'user.grant-access') continue;
    repairs.push({ userId: p.userId, direction: 'clear' });
  }
  return repairs;
}

async function applyRepair(deps: { db: Database; bus?: EventBus; now?: () => Date }, repair: ProfileRepair) {
  const now = nowOf(deps);
  if (repair.direction === 'grant') {
    const [payment] = await deps.db.select().from(payments).where(eq(payments.id, repair.paymentId!));
    await deps.db
      .update(profiles)
      .set({
        hasPaid: true,
        subscriptionStatus: 'active',
        subscriptionPeriod: 'lifetime',
        subscriptionTier: 'Lifetime Access',
        subscriptionExpiresAt: null,
        paymentDate: payment?.grantedAt ?? now,
        subscriptionAmount: payment?.amountCents ?? null,
        updatedAt: now,
      })
      .where(and(eq(profiles.userId, repair.userId), eq(profiles.hasPaid, false)));
  } else {
    await deps.db
      .update(profiles)
      .set({ hasPaid: false, subscriptionStatus: null, subscriptionTier: null, updatedAt: now })
      .where(and(eq(profiles.userId, repair.userId), eq(profiles.hasPaid, true)));
  }
  await publishViewerChanged(deps, repair.userId);
}

/** 'Fix all': reconciliation, then the profile consistency repair. */
export async function fixAll(deps: BillingDeps): Promise<FixAllResult & { repaired: ProfileRepair[] }> {
  const errors: string[] = [];
  let pendingPayments = 0;
  let recoveredPayments = 0;
  try {
    const run = await runReconciliation(deps);
    pendingPayments = run.totalChecked;
    recoveredPayments = run.recoveredCount;
    for (const r of run.results) {
      if (r.status === 'error') errors.push(`${r.transactionId}: ${r.message}`);
    }
  } catch (error) {
    errors.push(`Reconciliation failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const repaired: ProfileRepair[] = [];
  for (const repair of await findProfileRepairs(deps.db)) {
    try {
      await applyRepair(deps, repair);
      repaired.push(repair);
    } catch (error) {
      errors.push(`Profile ${repair.userId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    success: errors.length === 0,
    ...(errors.length ? { error: `${errors.length} problem(s) could not be fixed` } : {}),
    results: { pendingPayments, recoveredPayments, userDataFixed: repaired.length, errors },
    repaired,
  };
}

const worst = (...statuses: HealthStatus[]): HealthStatus =>
  statuses.includes('error') ? 'error' : statuses.includes('warning') ? 'warning' : 'healthy';

/** The payment health monitor (spec part 2 §3 payment health result). */
export async function paymentHealth(deps: {
  db: Database;
  paypalMode: string | null;
  now?: () => Date;
}): Promise<PaymentHealth> {
  const now = nowOf(deps);
  const since = new Date(now.getTime() - LIST_WINDOW_MS);
  const [open] = await deps.db
    .select({
      total: count(),
      stale: sql<number>`count(*) filter (where ${payments.createdAt} < ${new Date(now.getTime() - STALE_MS)})`,
    })
    .from(payments)
    .where(and(inArray(payments.status, OPEN_STATUSES), gt(payments.createdAt, since)));
  const [failed] = await deps.db
    .select({ total: count() })
    .from(payments)
    .where(and(inArray(payments.status, ['failed', 'review']), gt(payments.createdAt, since)));
  const [last] = await deps.db
    .select({ at: max(payments.grantedAt) })
    .from(payments)
    .where(eq(payments.status, 'completed'));
  const [unpaid] = await deps.db.select({ total: count() }).from(profiles).where(eq(profiles.hasPaid, false));
  const [active] = await deps.db
    .select({ total: count() })
    .from(profiles)
    .where(and(eq(profiles.hasPaid, true), eq(profiles.subscriptionStatus, 'active')));
  const inconsistent = (await findProfileRepairs(deps.db)).length;

  const pendingPayments = Number(open?.total ?? 0);
  const stalePayments = Number(open?.stale ?? 0);
  const failedPayments = Number(failed?.total ?? 0);
  const recommendations: string[] = [];
  if (!deps.paypalMode) {
    recommendations.push('PayPal is not configured: set the PayPal credentials so payments can be taken.');
  }
  if (stalePayments > 0) {
    recommendations.push(
      `${stalePayments} payment(s) have been open for more than 15 minutes: run reconciliation or process them in the payment recovery tool.`,
    );
  }
  if (failedPayments > 0) {
    recommendations.push(
      `${failedPayments} payment(s) failed or need review in the last 7 days: check them.`,
    );
  }
  if (inconsistent > 0) {
    recommendations.push(`${inconsistent} profile(s) disagree with their payments: run Fix All.`);
  }
  const paypalStatus: HealthStatus = !deps.paypalMode
    ? 'error'
    : stalePayments > 0 || failedPayments > 0
      ? 'warning'
      : 'healthy';
  const databaseStatus: HealthStatus = inconsistent > 0 ? 'warning' : 'healthy';
  return {
    healthCheck: {
      status: worst(paypalStatus, databaseStatus),
      paypalIntegration: {
        status: paypalStatus,
        mode: deps.paypalMode,
        pendingPayments,
        failedPayments,
        lastSuccessfulPayment: last?.at ? new Date(last.at).toISOString() : null,
      },
      databaseHealth: {
        status: databaseStatus,
        unpaidUsers: Number(unpaid?.total ?? 0),
        activeSubscriptions: Number(active?.total ?? 0),
        inconsistentProfiles: inconsistent,
      },
      timestamp: now.toISOString(),
    },
    recommendations,
  };
}
