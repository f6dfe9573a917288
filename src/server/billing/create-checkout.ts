import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { payments } from '#server/db/schema/billing.ts';
import type { Viewer } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { findPlan } from '#shared/plans.ts';
import { type BillingDeps, defaultSleep } from './billing-deps.ts';
import { recordPaymentState, recordPayPalCalls } from './payment-events.ts';
import { approvalUrlOf } from './paypal-schemas.ts';
import { type PayPalCallRecord, PayPalError } from './paypal-transport.ts';

/** An unpaid order younger than this is handed out again instead of creating a second one (double clicks). */
const REUSE_WINDOW_MS = 60 * 60_000;

/**
 * Starts a checkout for a plan the client names; the amount comes from the plan table. Returns
 * the PayPal approval URL the browser is sent to.
 */
export async function createCheckout(
  deps: BillingDeps,
  input: { viewer: Viewer; planId: string; origin?: string },
): Promise<{ orderId: string; approvalUrl: string }> {
  const plan = findPlan(input.planId);
  if (!plan) throw new AppError('BAD_REQUEST', { userMessage: 'Invalid Plan' });
  if (input.viewer.isMember) {
    throw new AppError('CONFLICT', {
      userMessage: 'Already Have Lifetime Access',
      details: { hint: 'dashboard' },
    });
  }
  const now = deps.now?.() ?? new Date();
  const [open] = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, input.viewer.userId),
        eq(payments.planId, plan.id),
        eq(payments.status, 'created'),
        isNotNull(payments.approvalUrl),
        gt(payments.createdAt, new Date(now.getTime() - REUSE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (open?.providerOrderId && open.approvalUrl)
    return { orderId: open.providerOrderId, approvalUrl: open.approvalUrl };

  const [payment] = await deps.db
    .insert(payments)
    .values({
      userId: input.viewer.userId,
      email: input.viewer.email,
      planId: plan.id,
      amountCents: plan.amountCents,
      currency: plan.currency,
    })
    .returning();
  const calls: PayPalCallRecord[] = [];
  const paypal = deps.paypal.withCallRecorder((r) => calls.push(r));
  const sleep = deps.sleep ?? defaultSleep;
  const siteUrl = returnOrigin(deps, input.origin);
  try {
    let order: Awaited<ReturnType<typeof paypal.createOrder>> | undefined;
    for (let attempt = 1; !order; attempt++) {
      try {
        order = await paypal.createOrder({
          requestId: `create-${payment!.id}`,
          amountCents: plan.amountCents,
          currency: plan.currency,
          customId: payment!.id,
          description: `Flowvault ${plan.name}`,
          returnUrl: `${siteUrl}/payment-success`,
          cancelUrl: `${siteUrl}/payment-failed?gateway=paypal&reason=cancelled`,
        });
      } catch (error) {
        if (!(error instanceof PayPalError) || !error.retryable || attempt >= 3) throw error;
        await sleep(300 * attempt);
      }
    }
    const approvalUrl = approvalUrlOf(order);
    if (!approvalUrl) throw new Error('PayPal returned no approval URL');
    await deps.db
      .update(payments)
      .set({ providerOrderId: order.id, approvalUrl, updatedAt: new Date() })
      .where(eq(payments.id, payment!.id));
    await recordPayPalCalls(deps.db, { paymentId: payment!.id, providerOrderId: order.id }, calls);
    return { orderId: order.id, approvalUrl };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(payments)
      .set({ status: 'failed', failureReason: reason })
      .where(eq(payments.id, payment!.id));
    await recordPayPalCalls(deps.db, { paymentId: payment!.id, providerOrderId: null }, calls);
    await recordPaymentState(deps.db, { paymentId: payment!.id, providerOrderId: null }, 'create-failed', {
      reason,
    });
    deps.log.error({ err: error, paymentId: payment!.id }, 'could not create the PayPal order');
    throw new AppError('UPSTREAM_FAILED', {
      userMessage: 'Failed to process payment. Please try again.',
      cause: error,
    });
  }
}

/** The origin PayPal sends the buyer back to: the trusted one they started on, else baseUrl. */
function returnOrigin(deps: BillingDeps, origin: string | undefined): string {
  if (origin && (deps.trustedOrigins ?? []).includes(origin)) return origin;
  return deps.baseUrl;
}
