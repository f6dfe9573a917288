// Holes 2 and 4 (issue 20): cross-site requests that change state are refused, bodies must be JSON,
// better-auth's admin plugin answers the same 404 as an unknown path, and session-bearing responses
// are never cached.
import { describe, expect, it } from 'vitest';
import { appAs } from '#tests/support/app-as.ts';
import { sessionUser, signIn } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const EVIL = 'https://evil.example';

// The state-changing routes the outside probe rode with a cross-site form or text/plain body.
const ROUTES = [
  ['POST', '/api/n8n/emergency-stop'],
  ['POST', '/api/n8n/quick-actions/deploy-latest'],
  ['POST', '/api/account/sign-out'],
  ['POST', '/api/library/import'],
  ['POST', '/api/library/collections'],
  ['PUT', '/api/account/profile'],
  ['POST', '/api/auth/sign-out'],
  ['POST', '/api/billing/checkout'],
] as const;

const CROSS_SITE_BODIES = [
  ['text/plain', '{"scope":"global"}'],
  ['application/x-www-form-urlencoded', 'scope=global'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  ],
] as const;

describe('cross-site requests with the session cookie', () => {
  it.each(ROUTES)(
    '%s %s refuses cross-site form and text/plain bodies (403) and JSON from another origin',
    async (method, path) => {
      const { t, viewer: member } = await appAs('member');
      for (const [type, body] of CROSS_SITE_BODIES) {
        for (const extra of [
          { origin: EVIL },
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'null' },
        ] as Record<string, string>[]) {
          const res = await t.request(path, {
            method,
            headers: { cookie: member.cookie, 'content-type': type, ...extra },
            body,
          });
          expect(res.status, `${type} ${JSON.stringify(extra)}`).toBe(403);
        }
      }
      const json = await t.request(path, {
        method,
        headers: { cookie: member.cookie, 'content-type': 'application/json', origin: EVIL },
        body: '{}',
      });
      expect(json.status).toBe(403);
      // The session survived every attempt.
      expect(await sessionUser(t, member.cookie)).not.toBeNull();
    },
  );

  it.each(ROUTES)('%s %s refuses a same-site text/plain or form body with 415', async (method, path) => {
    const { t, viewer: member } = await appAs('member');
    for (const [type, body] of CROSS_SITE_BODIES) {
      const res = await t.request(path, {
        method,
        headers: { ...member.headers, 'content-type': type },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('same-origin JSON works (Origin and Sec-Fetch-Site of the site itself)', async () => {
    const { t, viewer: member } = await appAs('member');
    const res = await t.request('/api/account/profile', {
      method: 'PUT',
      headers: { ...member.headers, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ displayName: 'Ada', bio: '' }),
    });
    expect(res.status).toBe(200);
    const out = await t.request('/api/account/sign-out', {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ scope: 'local' }),
    });
    expect(out.status).toBe(200);
  });

  it('the PayPal webhook (server to server, signed) is not subject to the origin rule', async () => {
    const t = await createTestApp();
    const res = await t.request('/api/webhooks/paypal', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: EVIL },
      body: '{}',
    });
    expect(res.status).not.toBe(403);
  });
});

describe("better-auth's admin plugin over HTTP", () => {
  const PATHS = [
    ['GET', '/api/auth/admin/list-users'],
    ['POST', '/api/auth/admin/impersonate-user'],
    ['POST', '/api/auth/admin/set-user-password'],
    ['POST', '/api/auth/admin/set-role'],
    ['POST', '/api/auth/admin/ban-user'],
    ['POST', '/api/auth/admin/create-user'],
  ] as const;

  it('answers everyone (anonymous, user, admin) exactly what an unknown path answers', async () => {
    const { t, viewer: user } = await appAs('user');
    const admin = await signIn(t, 'admin');
    const unknown = await t.request('/api/no-such-endpoint', { headers: admin.headers });
    const unknownBody = (await unknown.json()) as { error: { code: string; message: string } };
    for (const headers of [{}, user.headers, admin.headers]) {
      for (const [method, path] of PATHS) {
        const res = await t.request(path, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          ...(method === 'GET'
            ? {}
            : { body: JSON.stringify({ userId: user.userId, newPassword: 'x'.repeat(12) }) }),
        });
        expect(res.status, `${method} ${path}`).toBe(404);
        const body = (await res.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe(unknownBody.error.code);
        expect(body.error.message).toBe(unknownBody.error.message);
      }
    }
  });
});

describe('Cache-Control on private responses', () => {
  it('every response to a request carrying a session says no-store, or private for member catalogue reads', async () => {
    const { t, viewer: member } = await appAs('member');
    for (const path of ['/api/library/collections', '/api/n8n/connections', '/api/me']) {
      const res = await t.request(path, { headers: member.headers });
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // Catalogue reads carry an ETag the member's own browser revalidates (decision 0011): private, so no
    // shared cache may keep them, and never stored without asking again.
    const res = await t.request('/api/catalog/automations', { headers: member.headers });
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
  });
});
