// /debug-auth as auth diagnostics: recent sign-in events (better-auth after-hook, 90 days), resend
// verification, and the test-login that only ever checks the operator's own password.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordSignIn } from '#server/auth/sign-in-events.ts';
import { signInEvents } from '#server/db/schema/admin.ts';
import { session, user } from '#server/db/schema/auth.ts';
import type { SignInEvent } from '#shared/schemas/admin.ts';
import { appAs } from '#tests/support/app-as.ts';
import { latestMail, signIn, signInRequest, signUpRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });

describe('auth diagnostics', () => {
  it('records sign-in attempts (success and failure, no password) and lists them for the operator', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const target = await signIn(t, 'user');
    expect((await signInRequest(t, target.email, 'wrong password here')).status).toBe(401);
    const events = (await (
      await t.client.api.admin.users[':id']['sign-ins'].$get(
        { param: { id: target.userId } },
        { headers: admin.headers },
      )
    ).json()) as SignInEvent[];
    expect(events.map((e) => [e.success, e.reason])).toEqual([
      [false, 'INVALID_EMAIL_OR_PASSWORD'],
      [true, null],
    ]);
    const stored = await t.database.db
      .select()
      .from(signInEvents)
      .where(eq(signInEvents.email, target.email));
    expect(JSON.stringify(stored)).not.toContain('wrong password here');
    expect(stored.every((e) => e.userId === target.userId)).toBe(true);
  });

  it('keeps sign-in events 90 days', async () => {
    const t = await createTestApp();
    await t.database.db
      .insert(signInEvents)
      .values({ email: 'old@example.com', success: true, createdAt: new Date(Date.now() - 91 * 86_400_000) });
    await recordSignIn(t.database.db, { email: 'new@example.com', success: false, reason: 'X' });
    const rows = await t.database.db.select().from(signInEvents);
    expect(rows.map((r) => r.email)).toEqual(['new@example.com']);
  });

  it('resends verification to an unverified user only', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const email = `unverified-${Date.now()}@example.com`;
    expect((await signUpRequest(t, email, TEST_PASSWORD)).status).toBe(200);
    const [created] = await t.database.db.select().from(user).where(eq(user.email, email));
    const first = await latestMail(t, email, 'verification');
    const resend = (id: string) =>
      t.client.api.admin.users[':id']['resend-verification'].$post(
        { param: { id } },
        { headers: admin.headers },
      );
    const res = await resend(created!.id);
    expect(res.status).toBe(200);
    const second = await latestMail(t, email, 'verification');
    expect(second.id).not.toBe(first.id);
    const verified = await resend(admin.userId);
    expect(verified.status).toBe(409);
  });

  it('test-login checks only the operator’s own password and creates no session', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const sessions = async () =>
      (await t.database.db.select().from(session).where(eq(session.userId, admin.userId))).length;
    const before = await sessions();
    const post = (password: string) =>
      t.client.api.admin['test-login'].$post({ json: { password } }, { headers: admin.headers });
    expect(await (await post(TEST_PASSWORD)).json()).toEqual({
      email: admin.email,
      success: true,
    });
    expect(await (await post('not it at all')).json()).toEqual({
      email: admin.email,
      success: false,
    });
    // An email in the body is ignored: there is no way to try someone else's account.
    const other = await signIn(t, 'user');
    // Raw: the typed client has no email field to send.
    const withEmail = await t.request('/api/admin/test-login', {
      method: 'POST',
      headers: json(admin.headers),
      body: JSON.stringify({ email: other.email, password: TEST_PASSWORD }),
    });
    expect(await withEmail.json()).toMatchObject({
      email: admin.email,
    });
    expect(await sessions()).toBe(before);
  });
});
