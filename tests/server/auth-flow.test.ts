import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, session, user } from '#server/db/schema/auth.ts';
// The reset state's own values are spelled out in src/shared/subscription.test.ts.
import { RESET_SUBSCRIPTION } from '#shared/subscription.ts';
import { appAs } from '#tests/support/app-as.ts';
import {
  cookieFrom,
  jsonHeaders,
  latestMail,
  linkIn,
  signIn,
  signInRequest,
  signUpRequest,
  TEST_PASSWORD,
} from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

describe('registration and verification', () => {
  it('signs up without a session, mails a verification link that signs in and lands on /dashboard', async () => {
    const t = await createTestApp();
    const res = await signUpRequest(t, 'new@example.com', TEST_PASSWORD);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.token).toBeNull();
    expect(
      res.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('session_token=;')),
    ).toBe(false);

    const [created] = await t.database.db.select().from(user).where(eq(user.email, 'new@example.com'));
    expect(created).toMatchObject({ emailVerified: false, role: 'user' });
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, created!.id));
    expect(profile).toMatchObject({ hasPaid: false, displayName: '' });

    const mail = await latestMail(t, 'new@example.com', 'verification');

    // Unverified users cannot sign in yet (and get the verification mail again).
    const early = await signInRequest(t, 'new@example.com', TEST_PASSWORD);
    expect(early.status).toBe(403);
    expect(await early.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect((await latestMail(t, 'new@example.com', 'verification')).id).not.toBe(mail.id);

    expect(mail.subject).toBe('Confirm your email for Flowvault');
    const link = new URL(linkIn(mail.text, 'http://flowvault.test/api/auth/verify-email'));
    expect(link.searchParams.get('callbackURL')).toBe('/dashboard');
    const verify = await t.request(`${link.pathname}${link.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/dashboard');
    const cookie = cookieFrom(verify);
    expect(cookie).toContain('better-auth.session_token=');

    const me = await t.client.api.me.$get({}, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      user: { email: 'new@example.com', emailVerified: true, role: 'user' },
      subscription: { isSubscribed: false, subscriptionTier: null, daysRemaining: 0 },
    });
  });

  it('answers a second registration of the same email like a new one and mails the owner instead', async () => {
    const t = await createTestApp();
    await signIn(t, 'user', 'taken@example.com');
    const again = await signUpRequest(t, 'taken@example.com', 'another password');
    expect(again.status).toBe(200);
    expect((await again.json()).token).toBeNull();
    const notice = await latestMail(t, 'taken@example.com', 'account-exists');
    expect(notice.subject).toBe('You already have a Flowvault account');
    expect(await t.database.db.select().from(user).where(eq(user.email, 'taken@example.com'))).toHaveLength(
      1,
    );
  });
});

describe('sign-in errors', () => {
  it('gives INVALID_EMAIL_OR_PASSWORD for a wrong password and for an unknown email alike', async () => {
    const t = await createTestApp();
    await signIn(t, 'user', 'known@example.com');
    for (const [email, password] of [
      ['known@example.com', 'wrong password'],
      ['nobody@example.com', TEST_PASSWORD],
    ] as const) {
      const res = await signInRequest(t, email, password);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: 'INVALID_EMAIL_OR_PASSWORD',
        message: 'Invalid email or password',
      });
    }
  });

  it('applies the "email or phone" rule to missing fields', async () => {
    const t = await createTestApp();
    for (const [path, body] of [
      ['/api/auth/sign-in/email', { email: '', password: 'x' }],
      ['/api/auth/sign-in/email', { email: 'a@b.co' }],
      ['/api/auth/sign-up/email', { password: 'long enough pw' }],
      ['/api/auth/sign-up/email', {}],
    ] as const) {
      const res = await t.request(path, {
        method: 'POST',
        headers: jsonHeaders(t),
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: 'You must provide either an email or phone number and a password',
      });
    }
  });

  it('refuses passwords shorter than 8 or longer than 128 characters, accepts 8 and 128', async () => {
    const t = await createTestApp();
    const short = await signUpRequest(t, 'short@example.com', '1234567');
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
    const long = await signUpRequest(t, 'long@example.com', 'x'.repeat(129));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ code: 'PASSWORD_TOO_LONG' });
    expect((await signUpRequest(t, 'eight@example.com', 'tq8#vLz2')).status).toBe(200);
    // 128 characters that are not guessable (a repeated one is refused for its strength: issue 41).
    const words = 'lantern orbit pickle season marble quiet river copper ';
    expect((await signUpRequest(t, 'max@example.com', words.repeat(3).slice(0, 128))).status).toBe(200);
  });

  it('refuses a malformed email', async () => {
    const t = await createTestApp();
    const res = await signUpRequest(t, 'not-an-email', TEST_PASSWORD);
    expect(res.status).toBe(400);
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie; /api/me without it is the signed-out reset state', async () => {
    const t = await createTestApp();
    const { email } = await signIn(t);
    const res = await signInRequest(t, email, TEST_PASSWORD);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('better-auth.session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(await (await t.client.api.me.$get()).json()).toEqual({
      user: null,
      profile: null,
      subscription: RESET_SUBSCRIPTION,
    });
  });

  it('uses __Secure- cookies in production', async () => {
    const t = await createTestApp({
      envVars: {
        NODE_ENV: 'production',
        BASE_URL: 'https://flowvault.test',
        DATABASE_URL: 'postgres://unused@localhost/unused',
        AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
        SMTP_URL: 'smtp://127.0.0.1:1',
        PAYPAL_CLIENT_ID: 'x',
        PAYPAL_CLIENT_SECRET: 'x',
        PAYPAL_MODE: 'sandbox',
        PAYPAL_WEBHOOK_ID: 'x',
        N8N_KEY_SECRET: 'an-n8n-key-secret-of-at-least-32-characters',
      },
    });
    const { email } = await signIn(t);
    const res = await signInRequest(t, email, TEST_PASSWORD);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie.startsWith('__Secure-better-auth.session_token=')).toBe(true);
    expect(cookie).toMatch(/Secure/);
  });

  it('refuses a cross-site sign-in (origin check)', async () => {
    const t = await createTestApp();
    const { email } = await signIn(t);
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        cookie: 'better-auth.session_token=x',
      },
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(403);
  });

  it('signs out everywhere: a second session ends too', async () => {
    const { t, viewer: first } = await appAs('user');
    const second = await signInRequest(t, first.email, TEST_PASSWORD);
    const secondCookie = cookieFrom(second);
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: secondCookie } })).json()).user,
    ).not.toBeNull();

    const out = await t.client.api.account['sign-out'].$post(
      { json: { scope: 'global' } },
      { headers: { cookie: first.cookie, origin: t.deps.env.baseUrl } },
    );
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith('better-auth.session_token=;'))).toBe(true);
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: first.cookie } })).json()).user,
    ).toBeNull();
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: secondCookie } })).json()).user,
    ).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, first.userId))).toHaveLength(
      0,
    );
  });

  it('signs out locally: the other session stays', async () => {
    const { t, viewer: first } = await appAs('user');
    const secondCookie = cookieFrom(await signInRequest(t, first.email, TEST_PASSWORD));
    const out = await t.client.api.account['sign-out'].$post(
      { json: { scope: 'local' } },
      { headers: { cookie: first.cookie, origin: t.deps.env.baseUrl } },
    );
    expect(out.status).toBe(200);
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: first.cookie } })).json()).user,
    ).toBeNull();
    expect(
      (await (await t.client.api.me.$get({}, { headers: { cookie: secondCookie } })).json()).user,
    ).not.toBeNull();
  });

  it('refuses an unknown sign-out scope', async () => {
    const t = await createTestApp();
    const { cookie } = await signIn(t);
    const res = await t.request('/api/account/sign-out', {
      method: 'POST',
      headers: { ...jsonHeaders(t), cookie },
      body: JSON.stringify({ scope: 'everyone' }),
    });
    expect(res.status).toBe(422);
  });
});

describe('trusted origins', () => {
  it('trusts only BASE_URL when it is set, and the local names of the port without it (not in production)', async () => {
    const { trustedOrigins } = await import('#server/auth/create-auth.ts');
    const { parseEnv } = await import('#server/env.ts');
    expect(trustedOrigins(parseEnv({ NODE_ENV: 'test', BASE_URL: 'https://flowvault.example/' }))).toEqual([
      'https://flowvault.example',
    ]);
    expect(trustedOrigins(parseEnv({ NODE_ENV: 'test', PORT: '4173' }))).toEqual([
      'http://localhost:4173',
      'http://127.0.0.1:4173',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });
});
