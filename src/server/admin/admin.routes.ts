import { Hono } from 'hono';
import { z } from 'zod';
import type { Auth } from '#server/auth/create-auth.ts';
import { requireAdmin } from '#server/auth/guards.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import type { PayPalSetup } from '#server/billing/paypal-setup.ts';
import type { Database } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { validate } from '#server/lib/validate.ts';
import {
  AccessChangeSchema,
  type FixAllResult,
  type ProcessPaymentResult,
  RoleChangeSchema,
  UserSearchSchema,
} from '#shared/schemas/admin.ts';
import { listAudit, recordAudit } from './audit.ts';
import {
  fixAll,
  listPendingPayments,
  paymentHealth,
  processPayment,
  runReconciliation,
} from './payment-recovery.ts';
import { changeAccess, changeRole, endSessions, searchUsers, sendPasswordReset } from './users.ts';

export type AdminDeps = {
  db: Database;
  auth: Auth | undefined;
  billing: BillingDeps | undefined;
  paypal: PayPalSetup | undefined;
};

const IdParam = z.object({ id: z.string().min(1).max(64) });
const PaymentIdParam = z.object({ id: z.uuid('Invalid payment id.') });

function billingOf(deps: AdminDeps): BillingDeps {
  if (!deps.billing) {
    throw new AppError('UPSTREAM_FAILED', { userMessage: 'PayPal is not configured on this server.' });
  }
  return deps.billing;
}

/** The operator console's API. Every route is for the admin role only (404 for anyone else). */
export function adminRoutes(deps: AdminDeps) {
  const db = deps.db;
  return new Hono<AppEnv>()
    .get('/payments/pending', requireAdmin, async (c) => c.json(await listPendingPayments({ db })))
    .post('/payments/:id/process', requireAdmin, validate('param', PaymentIdParam), async (c) => {
      const { paymentId, ...result } = await processPayment(billingOf(deps), c.req.valid('param').id);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.process',
        target: paymentId,
        detail: { outcome: result.outcome, success: result.success, error: result.error ?? null },
      });
      return c.json(result satisfies ProcessPaymentResult);
    })
    .get('/payments/health', requireAdmin, async (c) =>
      c.json(await paymentHealth({ db, paypalMode: deps.paypal?.mode ?? null })),
    )
    .post('/payments/reconcile', requireAdmin, async (c) => {
      const result = await runReconciliation(billingOf(deps));
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.reconcile',
        target: 'payment-reconciliation',
        detail: { totalChecked: result.totalChecked, recoveredCount: result.recoveredCount },
      });
      return c.json(result);
    })
    .post('/payments/fix-all', requireAdmin, async (c) => {
      const { repaired, ...result } = await fixAll(billingOf(deps));
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.fix-all',
        target: 'payment-reconciliation',
        detail: { ...result.results, repaired },
      });
      return c.json(result satisfies FixAllResult);
    })
    .get('/users', requireAdmin, validate('query', UserSearchSchema), async (c) =>
      c.json(await searchUsers({ db }, c.req.valid('query').q)),
    )
    .put(
      '/users/:id/role',
      requireAdmin,
      validate('param', IdParam),
      validate('json', RoleChangeSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const result = await changeRole(
          { db },
          { actorId: c.var.viewer.userId, userId, role: c.req.valid('json').role },
        );
        await recordAudit(db, {
          actor: c.var.viewer,
          action: 'user.role-change',
          target: userId,
          detail: result,
        });
        return c.json({ success: true, role: result.role });
      },
    )
    .post(
      '/users/:id/access',
      requireAdmin,
      validate('param', IdParam),
      validate('json', AccessChangeSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const { action, reason } = c.req.valid('json');
        const result = await changeAccess({ db }, { userId, action });
        await recordAudit(db, {
          actor: c.var.viewer,
          action: action === 'grant' ? 'user.grant-access' : 'user.revoke-access',
          target: userId,
          reason,
          detail: result,
        });
        return c.json({ success: true, changed: result.changed });
      },
    )
    .post('/users/:id/password-reset', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await sendPasswordReset({ db, auth: deps.auth }, userId);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'user.password-reset',
        target: userId,
        detail: result,
      });
      return c.json({ success: true });
    })
    .post('/users/:id/end-sessions', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await endSessions({ db }, userId);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'user.end-sessions',
        target: userId,
        detail: result,
      });
      return c.json({ success: true, ended: result.ended });
    })
    .get('/audit', requireAdmin, async (c) => c.json(await listAudit(db)));
}
