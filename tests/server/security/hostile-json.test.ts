// Issue 41 items 3 and 6: a deeply nested JSON body is refused before anything walks it (it tied the
// server up and, past ~8,000 levels, overflowed the stack: 500), and a NUL sent to better-auth's own
// routes is a 422 like everywhere else (it was a 500 on sign-in, reset-password and update-user).
import { expect, it } from 'vitest';
import { MAX_JSON_DEPTH, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '#server/lib/validate.ts';
import { appAs } from '#tests/support/app-as.ts';
import { jsonHeaders } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

it('refuses a body nested deeper than the limit with 400, on our routes and on better-auth’s', async () => {
  const t = await createTestApp();
  const bodies = [nested(MAX_JSON_DEPTH + 1), nested(8_192), nested(400_000), nestedObject(20_000)];
  for (const path of [
    '/api/contact',
    '/api/auth/sign-in/email',
    '/api/library/collections',
    '/api/library/import',
  ]) {
    for (const body of bodies) {
      const res = await t.request(path, { method: 'POST', headers: jsonHeaders(t), body });
      expect(res.status, `${path} ${body.length}`).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(TOO_DEEP_MESSAGE);
    }
  }
  // At the limit the body is read as usual (and refused by the route's schema).
  const atLimit = await t.request('/api/contact', {
    method: 'POST',
    headers: jsonHeaders(t),
    body: `{"name":${nested(MAX_JSON_DEPTH - 1)}}`,
  });
  expect(atLimit.status).toBe(422);
});

it('answers 422 to a NUL on better-auth’s routes, in the body, the path or the query', async () => {
  const { t, viewer: member } = await appAs('member');
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', headers: jsonHeaders(t, headers), body: JSON.stringify(body) });
  const answers = [
    await post('/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'whatever 123' }),
    await post('/api/auth/sign-in/email', { email: member.email, password: 'pass\u0000word 123' }),
    await post('/api/auth/reset-password', { token: 'abc\u0000', newPassword: 'a brand new passphrase' }),
    await post('/api/auth/update-user', { name: 'A\u0000' }, member.headers),
    await post('/api/auth/sign-up/email', {
      email: 'new@example.com',
      password: 'correct\u0000horse battery',
    }),
    await post('/api/auth/request-password-reset', { email: 'x\u0000@example.com', redirectTo: '/auth' }),
    await t.request('/api/auth/reset-password/%00?callbackURL=%2Fauth'),
    await t.request('/api/auth/verify-email?token=%00&callbackURL=%2Fdashboard'),
  ];
  for (const res of answers) {
    expect(res.status, res.url).toBe(422);
    expect(JSON.stringify(await res.json())).toContain(NUL_MESSAGE);
  }
});
