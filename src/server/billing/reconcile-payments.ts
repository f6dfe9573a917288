import { and, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import { payments } from '#server/db/schema/billing.ts';
import type { BillingDeps } from './billing-deps.ts';
import { type SettleOutcome, settleOrder } from './settle-order.ts';

/** Orders younger than this are left to the buyer's return and the webhook. */
const MIN_AGE_MS = 2 * 60_000;
/** PayPal lets unpaid orders expire after about 3 hours. */
const MAX_AGE_MS = 3 * 60 * 60_000;
const OPEN_STATUSES = ['created', 'approved', 'pending', 'declined'];

export type ReconcileResult = {
  totalChecked: number;
  recoveredCount: number;
  results: {
    orderId: string;
    paymentId: string;
    outcome: SettleOutcome['outcome'] | 'error';
    message?: string;
  }[];
};

/**
 * The safety net: every open order between 2 minutes and 3 hours old goes through settleOrder,
 * so a buyer who never returned and whose webhook was lost still gets access, exactly once.
 */
export async function reconcilePayments(deps: BillingDeps): Promise<ReconcileResult> {
  const now = (deps.now?.() ?? new Date()).getTime();
  const open = await deps.db
    .select({ id: payments.id, orderId: payments.providerOrderId })
    .from(payments)
    .where(
      and(
        inArray(payments.status, OPEN_STATUSES),
        isNotNull(payments.providerOrderId),
        lt(payments.createdAt, new Date(now - MIN_AGE_MS)),
        gt(payments.createdAt, new Date(now - MAX_AGE_MS)),
      ),
    );
  const result: ReconcileResult = { totalChecked: open.length, recoveredCount: 0, results: [] };
  for (const row of open) {
    try {
      const settled = await settleOrder(deps, { orderId: row.orderId!, source: 'reconcile' });
      if (settled.outcome === 'granted') result.recoveredCount++;
      result.results.push({
        orderId: row.orderId!,
        paymentId: row.id,
        outcome: settled.outcome,
        ...(settled.outcome === 'failed'
          ? { message: `Payment could not be recovered: ${settled.reason}` }
          : {}),
      });
    } catch (error) {
      deps.log.error({ err: error, orderId: row.orderId }, 'reconciling a payment failed');
      result.results.push({
        orderId: row.orderId!,
        paymentId: row.id,
        outcome: 'error',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return result;
}
