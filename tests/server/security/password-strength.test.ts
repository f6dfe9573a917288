// Issue 41 item 12: weak passwords are refused at sign-up, change and reset with the reason, judged by
// zxcvbn-ts with the site's name and the account's e-mail as words an attacker tries first.
import { expect, it } from 'vitest';
import { weakPasswordReason } from '#server/auth/password-policy.ts';
import { jsonHeaders, latestMail, linkIn, registerVerified, signUpRequest } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Written by hand: what people pick and a guesser tries early (repeats, sequences, keyboard rows,
// common words with the usual capital, digit and symbol, the site's name, dates, the address itself).
const WEAK = [
  'aaaaaaaa',
  'abcdefgh',
  '12345678',
  'Password1!',
  'P@ssw0rd123',
  'flowvault1',
  'Flowvault2024!',
  'qwertyuiop',
  'asdfghjkl',
  '1q2w3e4r5t',
  'iloveyou12',
  'letmein123',
  'welcome2024',
  'monkey123',
  'dragon2000',
  '01011990',
  'abc123abc123',
  'sunshine!',
  'newbie@example.com',
  'newbie2024',
];
const STRONG = ['correct horse battery', 'lantern orbit pickle season', 'my cat sleeps on the n8n server'];

it('judges each weak password too easy to guess and says why; strong ones pass', () => {
  for (const password of WEAK) {
    // A reason beyond the verdict: which pattern, and what to do instead.
    expect(weakPasswordReason(password, { email: 'newbie@example.com' }), password).toMatch(
      /^This password is too easy to guess\. \S.+/,
    );
  }
  for (const password of STRONG)
    expect(weakPasswordReason(password, { email: 'a@example.com' }), password).toBeNull();
  // The account's own address and the site's name are words a guesser tries first.
  expect(weakPasswordReason('newbie@example.com', { email: 'newbie@example.com' })).toContain('personal');
  expect(weakPasswordReason('flowvault1')).toContain('personal');
});

it('sign-up refuses a weak password with its reason and takes a strong one', async () => {
  const t = await createTestApp();
  const refused = await signUpRequest(t, 'newbie@example.com', 'Password1!');
  expect(refused.status).toBe(400);
  const body = (await refused.json()) as { code: string; message: string };
  expect(body).toEqual({ code: 'PASSWORD_TOO_WEAK', message: weakPasswordReason('Password1!') });
  expect((await signUpRequest(t, 'newbie@example.com', STRONG[1]!)).status).toBe(200);
});

it('a reset refuses a password made of the account’s own address', async () => {
  const t = await createTestApp();
  await registerVerified(t, 'reset-owner@example.com');
  await t.request('/api/auth/request-password-reset', {
    method: 'POST',
    headers: jsonHeaders(t),
    body: JSON.stringify({ email: 'reset-owner@example.com', redirectTo: '/auth' }),
  });
  const mail = await latestMail(t, 'reset-owner@example.com', 'reset');
  const token = new URL(linkIn(mail.text, `${t.deps.env.baseUrl}/auth?mode=reset`)).searchParams.get('token');
  const reset = (newPassword: string) =>
    t.request('/api/auth/reset-password', {
      method: 'POST',
      headers: jsonHeaders(t),
      body: JSON.stringify({ token, newPassword }),
    });
  // Only weak because it is this account's address: the reset knows whose link it is.
  const refused = await reset('reset-owner@example.com');
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { code: string }).code).toBe('PASSWORD_TOO_WEAK');
  expect((await reset('lantern orbit pickle season')).status).toBe(200);
});
