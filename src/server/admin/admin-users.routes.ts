import { Hono } from 'hono';
import { requireAdmin } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { AccessChangeSchema, BanSchema, RoleChangeSchema, UserSearchSchema } from '#shared/schemas/admin.ts';
import { type AdminDeps, IdParam } from './admin-deps.ts';
import {
  changeAccess,
  changeRole,
  endSessions,
  listUserPayments,
  searchUsers,
  sendPasswordReset,
  setBanned,
} from './users.ts';

/** The users console: search, role, access, password reset, sessions, ban, a user's payments. Admin role only (404 for anyone else). */
export function adminUsersRoutes(deps: AdminDeps) {
  const db = deps.db;
  // The bus carries 'viewer.changed' so the user's cached sessions end at once.
  const users = { db, bus: deps.bus };
  return new Hono<AppEnv>()
    .get('/', requireAdmin, validate('query', UserSearchSchema), async (c) =>
      c.json(await searchUsers({ db }, c.req.valid('query').q)),
    )
    .put(
      '/:id/role',
      requireAdmin,
      validate('param', IdParam),
      validate('json', RoleChangeSchema),
      async (c) => {
        const result = await changeRole(users, {
          actor: c.var.viewer,
          userId: c.req.valid('param').id,
          role: c.req.valid('json').role,
        });
        return c.json({ success: true, role: result.role });
      },
    )
    .post(
      '/:id/access',
      requireAdmin,
      validate('param', IdParam),
      validate('json', AccessChangeSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const result = await changeAccess(users, { actor: c.var.viewer, userId, ...c.req.valid('json') });
        return c.json({ success: true, changed: result.changed });
      },
    )
    .post('/:id/password-reset', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      await sendPasswordReset({ db, auth: deps.auth }, { actor: c.var.viewer, userId });
      return c.json({ success: true });
    })
    .post('/:id/end-sessions', requireAdmin, validate('param', IdParam), async (c) => {
      const result = await endSessions(users, { actor: c.var.viewer, userId: c.req.valid('param').id });
      return c.json({ success: true, ended: result.ended });
    })
    .post('/:id/ban', requireAdmin, validate('param', IdParam), validate('json', BanSchema), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await setBanned(users, { actor: c.var.viewer, userId, ...c.req.valid('json') });
      return c.json({ success: true, banned: result.banned, sessionsEnded: result.sessionsEnded });
    })
    .get('/:id/payments', requireAdmin, validate('param', IdParam), async (c) =>
      c.json(await listUserPayments({ db }, c.req.valid('param').id)),
    );
}
