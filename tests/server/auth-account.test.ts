import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { account, profiles, session, user, verification } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { automationEvents, automationRatings, automations } from '#server/db/schema/catalog.ts';
import { deployments, n8nConnections } from '#server/db/schema/n8n.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import { PLANS } from '#shared/plans.ts';
// The reset state's own values are spelled out in src/shared/subscription.test.ts.
import { RESET_SUBSCRIPTION } from '#shared/subscription.ts';
import { appAs } from '#tests/support/app-as.ts';
import { FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { jsonHeaders, signIn, signInRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

describe('GET /api/me', () => {
  it('returns the member and the subscription object', async () => {
    const { t, viewer: member } = await appAs('member');
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
    const { t, viewer: u } = await appAs('user');
    await t.database.db.delete(profiles).where(eq(profiles.userId, u.userId));
    const body = await (await t.client.api.me.$get({}, { headers: u.headers })).json();
    expect(body.profile).toBeNull();
    expect(body.subscription).toEqual(RESET_SUBSCRIPTION);
  });
});

describe('Settings → Profile', () => {
  it('saves display name and bio', async () => {
    const { t, viewer: u } = await appAs('member');
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
    const { t, viewer: u } = await appAs('user');
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
    const { t, viewer: u } = await appAs('user');
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
    const { t, viewer: me } = await appAs('member');
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
      'account',
      'activity',
      'automation_runs',
      'collections',
      'contact_messages',
      'deployments',
      'emails',
      'exported_at',
      'n8n_connections',
      'newsletter',
      'payments',
      'profile',
      'quick_actions',
      'ratings',
      'sessions',
      'settings',
      'sign_ins',
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

  it('holds everything we keep about the person, as the settings page promises (issue 43)', async () => {
    const t = await createTestApp();
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY });
    const me = await signIn(t, 'member');
    const other = await signIn(t, 'member');
    const { db } = t.database;
    const [first] = await db.select({ id: automations.id }).from(automations).limit(1);
    const automationId = first!.id;
    for (const u of [me, other]) {
      await db.insert(automationRatings).values({ userId: u.userId, automationId, stars: 4 });
      await db.insert(automationEvents).values({ userId: u.userId, automationId, kind: 'download' });
      await db.insert(payments).values({
        userId: u.userId,
        email: u.email,
        planId: 'lifetime',
        providerOrderId: `ORDER-${u.userId}`,
        amountCents: PLANS.lifetime.amountCents,
        currency: 'USD',
        status: 'completed',
      });
      const [connection] = await db
        .insert(n8nConnections)
        .values({
          userId: u.userId,
          name: 'Home n8n',
          instanceUrl: `https://n8n-${u.userId}.example.com`,
          apiKeySealed: `SEALED-SECRET-${u.userId}`,
          apiKeyMask: '••••wxyz',
        })
        .returning();
      await db.insert(deployments).values({
        userId: u.userId,
        automationId,
        automationTitle: 'Deployed one',
        connectionId: connection!.id,
        instanceUrl: connection!.instanceUrl,
        n8nWorkflowId: `wf-${u.userId}`,
        status: 'deployed',
      });
      await db.insert(contactMessages).values({
        name: 'Me',
        email: u.email,
        message: `A question from ${u.email}`,
        senderHash: 'x',
      });
      await db.insert(newsletterSubscribers).values({
        email: u.email,
        status: 'confirmed',
        unsubscribeTokenHash: `u-${u.userId}`,
        senderHash: 'x',
      });
    }
    const data = await (await t.client.api.account.export.$get({}, { headers: me.headers })).json();
    expect(data.account).toMatchObject({ user_id: me.userId, email: me.email, email_verified: true });
    expect(data.ratings).toEqual([expect.objectContaining({ automation_id: automationId, stars: 4 })]);
    expect(data.activity).toEqual([
      expect.objectContaining({ kind: 'download', automation_id: automationId }),
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        provider_order_id: `ORDER-${me.userId}`,
        amount_cents: PLANS.lifetime.amountCents,
      }),
    ]);
    expect(data.n8n_connections).toEqual([
      expect.objectContaining({
        instance_url: `https://n8n-${me.userId}.example.com`,
        api_key: 'stored encrypted, ending wxyz',
      }),
    ]);
    expect(data.deployments).toEqual([expect.objectContaining({ n8n_workflow_id: `wf-${me.userId}` })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.sign_ins).toEqual(expect.arrayContaining([expect.objectContaining({ success: true })]));
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ message: `A question from ${me.email}` }),
    ]);
    expect(data.newsletter).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    // The verification mail sent at sign-up.
    expect(data.emails.length).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(data);
    expect(text).not.toContain('SEALED-SECRET');
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.userId);
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
    const { t, viewer: u } = await appAs('user');
    const missing = await del(t, u.headers, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ message: 'Enter your password to delete your account.' });
    const wrong = await del(t, u.headers, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await t.database.db.select().from(user).where(eq(user.id, u.userId))).toHaveLength(1);
  });

  it('leaves no personal row behind and ends every session', async () => {
    const { t, viewer: u } = await appAs('member');
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
