import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { validate } from '#server/lib/validate.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { ProfileUpdateSchema, type SignedOutMe, SignOutSchema } from '#shared/schemas/account.ts';
import { RESET_SUBSCRIPTION } from '#shared/subscription.ts';
import { exportAccount, getMe, updateProfile } from './account-service.ts';
import type { Auth } from './create-auth.ts';
import { requireUser } from './guards.ts';
import { publishViewerChanged } from './viewer.ts';

/** The signed-in user's own account: who am I, profile, export, sign-out with a scope. */
export function accountRoutes(deps: { auth?: Auth; db: Database; bus?: EventBus }) {
  return new Hono<AppEnv>()
    .get('/me', async (c) => {
      c.header('Cache-Control', 'no-store');
      const viewer = c.var.viewer;
      if (!viewer) {
        const signedOut: SignedOutMe = { user: null, profile: null, subscription: RESET_SUBSCRIPTION };
        return c.json(signedOut);
      }
      // Slides the session (better-auth's refresh) and forwards the refreshed cookie.
      if (deps.auth) {
        const refreshed = await deps.auth.api.getSession({ headers: c.req.raw.headers, returnHeaders: true });
        const setCookie = refreshed.headers.get('set-cookie');
        if (setCookie) c.header('Set-Cookie', setCookie);
      }
      return c.json(await getMe(deps.db, viewer.userId));
    })
    .put('/account/profile', requireUser, validate('json', ProfileUpdateSchema), async (c) => {
      const saved = await updateProfile(deps.db, c.var.viewer.userId, c.req.valid('json'));
      // The member's other devices read the profile again (their live stream hears 'account').
      await publishViewerChanged({ db: deps.db, bus: deps.bus }, c.var.viewer.userId);
      return c.json(saved);
    })
    .get('/account/export', requireUser, async (c) => {
      const data = await exportAccount(deps.db, c.var.viewer.userId);
      const day = data.exported_at.slice(0, 10);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', `attachment; filename="flowvault-data-export-${day}.json"`);
      return c.json(data);
    })
    .post('/account/sign-out', requireUser, validate('json', SignOutSchema), async (c) => {
      const auth = deps.auth;
      if (!auth) throw new AppError('NOT_FOUND', { userMessage: 'Not found.' });
      const { scope } = c.req.valid('json');
      const headers = c.req.raw.headers;
      if (scope === 'others') {
        await auth.api.revokeOtherSessions({ headers });
        return c.json({ success: true, scope });
      }
      if (scope === 'global') await auth.api.revokeSessions({ headers });
      // Ends this session (already gone after a global revoke) and clears the cookie either way.
      const response = await auth.api.signOut({ headers, asResponse: true });
      for (const cookie of response.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.json({ success: true, scope });
    });
}
