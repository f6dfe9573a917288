// Operator user tools and the admin-only rule over the whole /api/admin surface.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles, session, user } from '#server/db/schema/auth.ts';
import type { AdminUser, AuditPage } from '#shared/schemas/admin.ts';
import { appAs } from '#tests/support/app-as.ts';
import { latestMail, type SignedIn, signIn } from '#tests/support/sessions.ts';
import type { TestApp } from '#tests/support/test-app.ts';

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

/** One user in the users console, as this operator. */
function userTools(t: TestApp, admin: SignedIn, id: string) {
  const api = t.client.api.admin.users[':id'];
  const as = { headers: admin.headers };
  return {
    role: (role: 'user' | 'admin') => api.role.$put({ param: { id }, json: { role } }, as),
    access: (json: { action: 'grant' | 'revoke'; reason: string }) =>
      api.access.$post({ param: { id }, json }, as),
    passwordReset: () => api['password-reset'].$post({ param: { id } }, as),
    endSessions: () => api['end-sessions'].$post({ param: { id } }, as),
  };
}

const LOOKUPS_BY_ID = ['/catalog/imports/:id', '/editorial/items/:id'];

describe('admin API access', () => {
  it('answers 404 to visitors, users and members on every admin route, with nothing leaked', async () => {
    const { t, viewer: user } = await appAs('user');
    const member = await signIn(t, 'member');
    const admin = await signIn(t, 'admin');
    const routes = [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))].filter((r) =>
      r.split(' ')[1]!.startsWith('/api/admin/'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(11);
    for (const route of routes) {
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(':id', user.userId);
      for (const headers of [{ origin: t.deps.env.baseUrl }, user.headers, member.headers]) {
        const res = await t.request(path, {
          method,
          headers: json(headers),
          ...(method === 'GET' ? {} : { body: '{}' }),
        });
        expect(res.status, route).toBe(404);
        const body = await res.json();
        expect(body.error).toMatchObject({ code: 'NOT_FOUND', message: 'No such API endpoint.' });
      }
      if (method !== 'GET') continue;
      const res = await t.request(path, { headers: admin.headers });
      // An import or a template that does not exist is the service's own 404, past the guard.
      if (LOOKUPS_BY_ID.some((l) => pattern.includes(l))) {
        expect(res.status, route).toBe(404);
        expect((await res.json()).error.message, route).not.toBe('No such API endpoint.');
      } else expect(res.status, route).toBe(200);
    }
    // Nothing was done on anyone's behalf (the admin's own CSV export is the one audited read).
    expect((await t.database.db.select().from(auditLog)).map((a) => [a.action, a.actorEmail])).toEqual([
      ['newsletter.export', admin.email],
    ]);
  });
});

describe('operator user tools', () => {
  it('searches users, changes a role, grants and revokes access with a required reason', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const target = await signIn(t, 'user', 'findme-42@example.com');
    await signIn(t, 'user');

    const found = (await (
      await t.client.api.admin.users.$get({ query: { q: 'FINDME' } }, { headers: admin.headers })
    ).json()) as AdminUser[];
    expect(found).toEqual([
      expect.objectContaining({ id: target.userId, email: target.email, role: 'user', hasPaid: false }),
    ]);
    // One session from the verification link's auto sign-in, one from signing in.
    expect(found[0]!.activeSessions).toBe(2);

    const tools = userTools(t, admin, target.userId);
    expect((await tools.role('admin')).status).toBe(200);
    const [promoted] = await t.database.db.select().from(user).where(eq(user.id, target.userId));
    expect(promoted!.role).toBe('admin');
    const self = await userTools(t, admin, admin.userId).role('user');
    expect(self.status).toBe(409);

    const noReason = await tools.access({ action: 'grant', reason: '' });
    expect(noReason.status).toBe(422);
    const grant = await tools.access({ action: 'grant', reason: 'Beta tester thank-you' });
    expect(await grant.json()).toEqual({ success: true, changed: true });
    const paid = async () =>
      (await t.database.db.select().from(profiles).where(eq(profiles.userId, target.userId)))[0]!;
    expect(await paid()).toMatchObject({
      hasPaid: true,
      subscriptionStatus: 'active',
      subscriptionPeriod: 'lifetime',
    });
    const revoke = await tools.access({ action: 'revoke', reason: 'Granted by mistake' });
    expect(await revoke.json()).toEqual({ success: true, changed: true });
    expect((await paid()).hasPaid).toBe(false);

    const audit = (await (
      await t.client.api.admin.audit.$get({ query: {} }, { headers: admin.headers })
    ).json()) as AuditPage;
    expect(audit.total).toBe(3);
    expect(audit.entries.map((a) => [a.action, a.target, a.reason, a.actorEmail])).toEqual([
      ['user.revoke-access', target.userId, 'Granted by mistake', admin.email],
      ['user.grant-access', target.userId, 'Beta tester thank-you', admin.email],
      ['user.role-change', target.userId, null, admin.email],
    ]);
    // The operator reads who was concerned, not an id.
    expect(new Set(audit.entries.map((a) => a.targetEmail))).toEqual(new Set([target.email]));
  });

  it('mails a password reset through better-auth and ends a user’s sessions', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const target = await signIn(t, 'user');

    const tools = userTools(t, admin, target.userId);
    const reset = await tools.passwordReset();
    expect(await reset.json()).toEqual({ success: true });
    const mail = await latestMail(t, target.email, 'reset');
    expect(mail.text).toContain(`${t.deps.env.baseUrl}/auth?mode=reset&token=`);

    const me = async () => (await t.client.api.me.$get({}, { headers: target.headers })).json();
    expect((await me()).user).toMatchObject({ email: target.email });
    const ended = await tools.endSessions();
    expect(await ended.json()).toEqual({ success: true, ended: 2 });
    expect(await t.database.db.select().from(session).where(eq(session.userId, target.userId))).toEqual([]);
    expect((await me()).user ?? null).toBeNull();

    const missing = await userTools(t, admin, 'no-such-user').endSessions();
    expect(missing.status).toBe(404);
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['user.end-sessions', 'user.password-reset']);
  });
});
