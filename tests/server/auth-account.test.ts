import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, profiles, session, user, verification } from '#server/db/schema/auth.ts';
import { jsonHeaders, signIn, signInRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

describe('GET /api/me', () => {
  it('returns the member and the subscription object', async () => {
    const t = await createTestApp();
    const member = await signIn(t, 'member');
    const res = await t.client.api.me.$get({}, { headers: member.headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body).toMatchObject({
      user: { id: member.userId, email: member.email, role: 'user', emailVerified: true },
      profile: { hasPaid: true, subscriptionStatus: 'active', displayName: '', bio: '' },
      subscription: {
        isSubscribed: true,
        subscriptionTier: 'lifetime',
        subscriptionEnd: null,
        subscriptionAutoRenew: false,
        nextBillingDate: null,
        daysRemaining: 0,
      },
    });
    expect(typeof body.profile?.paymentDate).toBe('string');
  });

  it('is the reset state for a user without a profile', async () => {
    const t = await createTestApp();
    const u = await signIn(t);
    await t.database.db.delete(profiles).where(eq(profiles.userId, u.userId));
    const body = await (await t.client.api.me.$get({}, { headers: u.headers })).json();
    expect(body.profile).toBeNull();
    expect(body.subscription).toEqual({
      isSubscribed: false,
      subscriptionTier: null,
      subscriptionEnd: null,
      subscriptionAutoRenew: false,
      nextBillingDate: null,
      daysRemaining: 0,
    });
  });
});

describe('Settings → Profile', () => {
  it('saves display name and bio', async () => {
    const t = await createTestApp();
    const u = await signIn(t, 'member');
    const res = await t.client.api.account.profile.$put(
      { json: { displayName: '  Ada  ', bio: 'Builds automations.' } },
      { headers: u.headers },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ displayName: 'Ada', bio: 'Builds automations.' });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, u.userId));
    expect(row).toMatchObject({ displayName: 'Ada', bio: 'Builds automations.' });
  });

  it('refuses unknown fields (no mass assignment of has_paid or role) and over-long values', async () => {
    const t = await createTestApp();
    const u = await signIn(t);
    // Raw: unknown fields and a missing one are what the typed client cannot send.
    for (const body of [
      { displayName: 'x', bio: '', hasPaid: true },
      { displayName: 'x', bio: '', role: 'admin' },
      { displayName: 'x'.repeat(81), bio: '' },
      { bio: '' },
    ]) {
      const res = await t.request('/api/account/profile', {
        method: 'PUT',
        headers: { ...jsonHeaders(t), ...u.headers },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(422);
    }
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, u.userId));
    expect(row!.hasPaid).toBe(false);
  });

  it('the role cannot be set through better-auth update-user either', async () => {
    const t = await createTestApp();
    const u = await signIn(t);
    await t.request('/api/auth/update-user', {
      method: 'POST',
      headers: { ...jsonHeaders(t), ...u.headers },
      body: JSON.stringify({ role: 'admin' }),
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, u.userId));
    expect(row!.role).toBe('user');
  });
});

describe('Privacy & Data → Export Data', () => {
  it("contains exactly the member's own data, with a date-stamped file name", async () => {
    const t = await createTestApp();
    const me = await signIn(t, 'member');
    const other = await signIn(t, 'member');
    await t.client.api.account.profile.$put(
      { json: { displayName: 'Someone Else', bio: 'secret' } },
      { headers: other.headers },
    );
    const res = await t.client.api.account.export.$get({}, { headers: me.headers });
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="flowvault-data-export-${today}.json"`,
    );
    const data = await res.json();
    expect(Object.keys(data).sort()).toEqual([
      'automation_runs',
      'collections',
      'exported_at',
      'profile',
      'settings',
    ]);
    expect(data.profile).toMatchObject({ user_id: me.userId, email: me.email, has_paid: true });
    expect(data.collections).toEqual([]);
    expect(data.automation_runs).toEqual([]);
    expect(data.settings).toEqual({
      notifications: { email_notifications: true, automation_alerts: true, weekly_reports: false },
    });
    expect(JSON.stringify(data)).not.toContain(other.email);
    expect(JSON.stringify(data)).not.toContain('Someone Else');
  });

  it('needs a session', async () => {
    const t = await createTestApp();
    expect((await t.client.api.account.export.$get()).status).toBe(401);
  });
});

describe('Privacy & Data → Delete Account', () => {
  const del = (
    t: Awaited<ReturnType<typeof createTestApp>>,
    headers: Record<string, string>,
    body: unknown,
  ) =>
    t.request('/api/auth/delete-user', {
      method: 'POST',
      headers: { ...jsonHeaders(t), ...headers },
      body: JSON.stringify(body),
    });

  it('asks for the password and refuses a wrong one', async () => {
    const t = await createTestApp();
    const u = await signIn(t);
    const missing = await del(t, u.headers, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Enter your password to delete your account.' });
    const wrong = await del(t, u.headers, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await t.database.db.select().from(user).where(eq(user.id, u.userId))).toHaveLength(1);
  });

  it('leaves no personal row behind and ends every session', async () => {
    const t = await createTestApp();
    const u = await signIn(t, 'member');
    const second = await signInRequest(t, u.email, TEST_PASSWORD);
    const secondCookie = second.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const keep = await signIn(t, 'member');

    const res = await del(t, u.headers, { password: TEST_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;'))).toBe(true);

    const db = t.database.db;
    expect(await db.select().from(user).where(eq(user.id, u.userId))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.userId, u.userId))).toHaveLength(0);
    expect(await db.select().from(session).where(eq(session.userId, u.userId))).toHaveLength(0);
    expect(await db.select().from(account).where(eq(account.userId, u.userId))).toHaveLength(0);
    const verifications = await db.select().from(verification);
    expect(verifications.filter((v) => v.value.includes(u.userId) || v.identifier.includes(u.email))).toEqual(
      [],
    );
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: secondCookie } })).json()).user,
    ).toBeNull();
    expect((await signInRequest(t, u.email, TEST_PASSWORD)).status).toBe(401);
    // Someone else's account is untouched.
    expect((await (await t.client.api.me.$get({}, { headers: keep.headers })).json()).user).not.toBeNull();
  });
});
