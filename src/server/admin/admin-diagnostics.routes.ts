import { Hono } from 'hono';
import { listAudit } from '#server/audit/audit.ts';
import { requireAdmin } from '#server/auth/guards.ts';
import { listSignIns } from '#server/auth/sign-in-events.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { AuditQuerySchema, TestLoginSchema } from '#shared/schemas/admin.ts';
import { type AdminDeps, IdParam } from './admin-deps.ts';
import { getUser, resendVerification, testOwnLogin } from './users.ts';

/** The auth diagnostics console and the audit log: sign-ins, verification resends, the operator's test-login. Admin role only (404 for anyone else). */
export function adminDiagnosticsRoutes(deps: AdminDeps) {
  const db = deps.db;
  return new Hono<AppEnv>()
    .post('/users/:id/resend-verification', requireAdmin, validate('param', IdParam), async (c) => {
      await resendVerification(
        { db, auth: deps.auth },
        { actor: c.var.viewer, userId: c.req.valid('param').id },
      );
      return c.json({ success: true });
    })
    .get('/users/:id/sign-ins', requireAdmin, validate('param', IdParam), async (c) => {
      const target = await getUser({ db }, c.req.valid('param').id);
      return c.json(await listSignIns({ db }, target.email));
    })
    .post('/test-login', requireAdmin, validate('json', TestLoginSchema), async (c) => {
      const result = await testOwnLogin(
        { db, auth: deps.auth },
        { actor: c.var.viewer, password: c.req.valid('json').password },
      );
      return c.json(result);
    })
    .get('/audit', requireAdmin, validate('query', AuditQuerySchema), async (c) =>
      c.json(await listAudit({ db }, c.req.valid('query'))),
    );
}
