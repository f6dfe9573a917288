// Two real server processes on one PostgreSQL: a member's cookie works on both, each caches the viewer,
// and a revocation made through one takes effect at once there and, as soon as the notification is
// delivered, on the other (decision 0011: delivered within a few ms; the wait is bounded at 5 s).
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { ServerProcess } from '#tests/support/server-processes.ts';
import { cookieFrom, linkIn, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { BASE, send, startTwoServers, type Who } from '#tests/support/two-processes.ts';

const SEARCH = '/api/catalog/automations?q=slack';

const search = async (server: ServerProcess, who: Who) =>
  (await server.request(SEARCH, { headers: { cookie: who.cookie } })).status;

// Two server boots and ten revocations: ~40 s on a busy 2-core machine, so more than the default 90 s.
it('a cookie works on both processes and every revocation reaches the other one', {
  timeout: 240_000,
}, async () => {
  const { db, a, b, account } = await startTwoServers();

  /** Both processes answer `before` (and so hold the viewer); after `revoke` on A, both answer `after`. */
  async function expectRevoked(who: Who, before: number, after: number, revoke: () => Promise<Response>) {
    expect([await search(a, who), await search(b, who)]).toEqual([before, before]);
    const res = await revoke();
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await search(a, who)).toBe(after);
    await expect.poll(() => search(b, who), { timeout: 5_000, interval: 20 }).toBe(after);
  }

  const admin = await account('admin');
  const reason = 'Two-process test';
  const users = '/api/admin/users';

  const signedOut = await account('member');
  await expectRevoked(signedOut, 200, 401, () => send(a, '/api/auth/sign-out', {}, signedOut.cookie));

  const everywhere = await account('member');
  await expectRevoked(everywhere, 200, 401, () =>
    send(a, '/api/account/sign-out', { scope: 'global' }, everywhere.cookie),
  );

  const banned = await account('member');
  await expectRevoked(banned, 200, 401, () =>
    send(a, `${users}/${banned.userId}/ban`, { banned: true, reason }, admin.cookie),
  );

  const revoked = await account('member');
  await expectRevoked(revoked, 200, 403, () =>
    send(a, `${users}/${revoked.userId}/access`, { action: 'revoke', reason }, admin.cookie),
  );

  const granted = await account('user');
  await expectRevoked(granted, 403, 200, () =>
    send(a, `${users}/${granted.userId}/access`, { action: 'grant', reason }, admin.cookie),
  );

  const deleted = await account('member');
  await expectRevoked(deleted, 200, 401, () =>
    send(a, '/api/auth/delete-user', { password: TEST_PASSWORD }, deleted.cookie),
  );

  const ended = await account('member');
  await expectRevoked(ended, 200, 401, () =>
    send(a, `${users}/${ended.userId}/end-sessions`, {}, admin.cookie),
  );

  const demoted = await account('admin');
  await expectRevoked(demoted, 200, 403, () =>
    send(a, `${users}/${demoted.userId}/role`, { role: 'user' }, admin.cookie, 'PUT'),
  );

  // Changing the password with "sign out other sessions" from one browser ends the other one.
  const changer = await account('member');
  const otherBrowser = await send(a, '/api/auth/sign-in/email', {
    email: changer.email,
    password: TEST_PASSWORD,
  });
  const other = { ...changer, cookie: cookieFrom(otherBrowser) };
  await expectRevoked(other, 200, 401, () =>
    send(
      a,
      '/api/auth/change-password',
      { currentPassword: TEST_PASSWORD, newPassword: 'another long password', revokeOtherSessions: true },
      changer.cookie,
    ),
  );

  const reset = await account('member');
  await expectRevoked(reset, 200, 401, async () => {
    await send(a, '/api/auth/request-password-reset', { email: reset.email, redirectTo: '/auth' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, reset.email), eq(mailOutbox.kind, 'reset')));
    const token = new URL(linkIn(mail!.text, `${BASE}/auth?mode=reset`)).searchParams.get('token');
    return send(a, '/api/auth/reset-password', { newPassword: 'a new password', token });
  });

  // The same signed cookie made on A is accepted on B, and a tampered one on neither.
  const member = await account('member');
  expect([await search(a, member), await search(b, member)]).toEqual([200, 200]);
  const [name, value] = member.cookie.split('=') as [string, string];
  const [token, signature] = decodeURIComponent(value).split('.') as [string, string];
  const forged = `${token}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  const tampered = { ...member, cookie: `${name}=${encodeURIComponent(forged)}` };
  expect([await search(a, tampered), await search(b, tampered)]).toEqual([401, 401]);
});
