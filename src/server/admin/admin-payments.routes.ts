import { Hono } from 'hono';
import { requireAdmin } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  type AbandonResult,
  AbandonSchema,
  type FixAllResult,
  type ProcessPaymentResult,
  type RefundResult,
  RefundSchema,
} from '#shared/schemas/admin.ts';
import { type AdminDeps, billingOf, PaymentIdParam } from './admin-deps.ts';
import { paymentHealth } from './payment-health.ts';
import {
  abandonPayment,
  fixAll,
  listPendingPayments,
  processPayment,
  runReconciliation,
} from './payment-recovery.ts';
import { refundPayment } from './refund-payment.ts';

/** The payments console: pending payments, processing, health, refunds. Admin role only (404 for anyone else). */
export function adminPaymentsRoutes(deps: AdminDeps) {
  const db = deps.db;
  return new Hono<AppEnv>()
    .get('/pending', requireAdmin, async (c) => c.json(await listPendingPayments({ db })))
    .post('/:id/process', requireAdmin, validate('param', PaymentIdParam), async (c) => {
      const paymentId = c.req.valid('param').id;
      const result = await processPayment(billingOf(deps), { paymentId, actor: c.var.viewer });
      return c.json(result satisfies ProcessPaymentResult);
    })
    .get('/health', requireAdmin, async (c) =>
      c.json(await paymentHealth({ db, paypalMode: deps.paypal?.mode ?? null })),
    )
    .post(
      '/:id/abandon',
      requireAdmin,
      validate('param', PaymentIdParam),
      validate('json', AbandonSchema),
      async (c) =>
        c.json(
          (await abandonPayment(
            { db },
            { paymentId: c.req.valid('param').id, actor: c.var.viewer, reason: c.req.valid('json').reason },
          )) satisfies AbandonResult,
        ),
    )
    .post(
      '/:id/refund',
      requireAdmin,
      validate('param', PaymentIdParam),
      validate('json', RefundSchema),
      async (c) => {
        const result = await refundPayment(billingOf(deps), {
          paymentId: c.req.valid('param').id,
          actor: c.var.viewer,
          reason: c.req.valid('json').reason,
        });
        return c.json({
          success: true,
          refundId: result.refundId,
          refundStatus: result.refundStatus,
          accessRevoked: result.accessRevoked,
        } satisfies RefundResult);
      },
    );
}

/**
 * The console's batch actions: reconciliation and Fix All. Outside /payments because a fixed path
 * beside /payments/:id under the same method makes Hono fall back from its compiled regular-expression
 * router to the trie router for the whole app (decision 0011, "Routing").
 */
export function adminPaymentRecoveryRoutes(deps: AdminDeps) {
  return new Hono<AppEnv>()
    .post('/reconcile', requireAdmin, async (c) =>
      c.json(await runReconciliation(billingOf(deps), { actor: c.var.viewer })),
    )
    .post('/fix-all', requireAdmin, async (c) =>
      c.json((await fixAll(billingOf(deps), { actor: c.var.viewer })) satisfies FixAllResult),
    );
}
