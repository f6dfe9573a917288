// Hole 11 (issue 20): sign-in limited per account and client as well as per address (issue 41); change-password ends the
// other sessions; common passwords refused; the operator's test sign-in and client error reports are
// throttled; event streams per user capped; no rating shown without ratings.
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signInDelayMs } from '#server/auth/create-auth.ts';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { MAX_STREAMS_PER_USER } from '#server/library/events.routes.ts';
import { appAs } from '#tests/support/app-as.ts';
import {
  cookieFrom,
  jsonHeaders,
  registerVerified,
  sessionUser,
  signIn,
  signInRequest,
  signUpRequest,
  TEST_PASSWORD,
} from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../../fixtures/catalog/library');
const aborts: AbortController[] = [];
afterEach(() => {
  for (const a of aborts.splice(0)) a.abort();
});

describe('sign-in limits', () => {
  it('wrong passwords from many addresses slow that account but never lock its owner out (issue 41)', async () => {
    const t = await createTestApp();
    await registerVerified(t, 'target@example.com');
    await registerVerified(t, 'bystander@example.com');
    // Each attempt from a new address: the per-address limit never applies.
    for (let i = 0; i < 12; i++) {
      expect((await signInRequest(t, 'target@example.com', `wrong password ${i}`)).status).toBe(401);
    }
    // The owner, from an address of their own, signs in (slowed, not refused), and a reset goes through.
    expect((await signInRequest(t, 'target@example.com', TEST_PASSWORD)).status).toBe(200);
    const reset = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      headers: jsonHeaders(t, { 'x-forwarded-for': '192.0.2.77' }),
      body: JSON.stringify({ email: 'target@example.com', redirectTo: '/auth' }),
    });
    expect(reset.status).toBe(200);
    expect((await signInRequest(t, 'bystander@example.com', TEST_PASSWORD)).status).toBe(200);
    // The wait grows with the failures from every client, from a quarter second up to two.
    expect([9, 10, 11, 12, 13, 20].map((n) => signInDelayMs(n, 10))).toEqual([0, 250, 500, 1000, 2000, 2000]);
  });

  it('wrong passwords from one address lock that address out of that account only', async () => {
    // better-auth's per-address limit loosened, so the per-account-and-client one is what answers.
    const loose = { window: 60, max: 100 };
    const t = await createTestApp({ rateLimits: { signIn: loose, signUp: loose, reset: loose } });
    await registerVerified(t, 'target@example.com');
    for (let i = 0; i < 10; i++) {
      expect((await signInRequest(t, 'target@example.com', `wrong ${i}`, '203.0.113.66')).status).toBe(401);
    }
    const locked = await signInRequest(t, 'target@example.com', TEST_PASSWORD, '203.0.113.66');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signInRequest(t, 'target@example.com', TEST_PASSWORD, '198.51.100.66')).status).toBe(200);
  });

  it('one address is still limited across accounts', async () => {
    const t = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await signInRequest(t, `nobody-${i}@example.com`, 'some password', '198.51.100.9')).status,
      );
    }
    expect(statuses).toContain(429);
  });
});

describe('passwords', () => {
  it.each(['password', '12345678', 'Password1', 'qwertyuiop', 'iloveyou'])(
    'refuses the common password %s (tests/server/security/password-strength.test.ts has the rest)',
    async (pw) => {
      const t = await createTestApp();
      const res = await signUpRequest(t, 'new@example.com', pw);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('PASSWORD_TOO_WEAK');
    },
  );

  it('change-password refuses a common one and ends every other session', async () => {
    const { t, viewer: a } = await appAs('user');
    const other = cookieFrom(await signInRequest(t, a.email, TEST_PASSWORD));
    expect(await sessionUser(t, other)).not.toBeNull();
    const change = (newPassword: string) =>
      t.request('/api/auth/change-password', {
        method: 'POST',
        headers: jsonHeaders(t, { cookie: a.cookie }),
        body: JSON.stringify({ currentPassword: TEST_PASSWORD, newPassword }),
      });
    expect((await change('password123')).status).toBe(400);
    const changed = await change('a much better passphrase');
    expect(changed.status).toBe(200);
    expect(await sessionUser(t, other)).toBeNull();
    expect(await sessionUser(t, cookieFrom(changed))).not.toBeNull();
  });
});

describe('throttles', () => {
  it("the operator's test sign-in answers 429 after 5 tries", async () => {
    const { t, viewer: admin } = await appAs('admin');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.request('/api/admin/test-login', {
        method: 'POST',
        headers: jsonHeaders(t, admin.headers),
        body: JSON.stringify({ password: `guess ${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('client error reports answer 429 past 20 a minute from one address', async () => {
    const t = await createTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.request('/api/client-errors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.20' },
        body: JSON.stringify({ kind: 'render', message: 'boom', path: '/' }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it(`a member gets at most ${MAX_STREAMS_PER_USER} event streams`, async () => {
    const { t, viewer: member } = await appAs('member');
    const open = async () => {
      const controller = new AbortController();
      aborts.push(controller);
      return t.request('/api/events', { headers: member.headers, signal: controller.signal });
    };
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) expect((await open()).status).toBe(200);
    expect((await open()).status).toBe(429);
    // Another member is not affected.
    const other = await signIn(t, 'member');
    const controller = new AbortController();
    aborts.push(controller);
    expect(
      (await t.request('/api/events', { headers: other.headers, signal: controller.signal })).status,
    ).toBe(200);
  });
});

it('a card and a detail page show no rating while nobody has rated (the imported figure is not shown)', async () => {
  const t = await createTestApp();
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const member = await signIn(t, 'member');
  const detail = await t.request('/api/catalog/automations/v3000-email-summariser-bot', {
    headers: member.headers,
  });
  expect(detail.status).toBe(200);
  expect(await detail.json()).toMatchObject({ rating: null, ratingCount: 0 });
  const list = await t.request('/api/catalog/automations?q=summariser', { headers: member.headers });
  const items = (
    (await list.json()) as { items: { id: string; rating: number | null; ratingCount: number }[] }
  ).items;
  expect(items.length).toBeGreaterThan(0);
  for (const card of items) if (card.ratingCount === 0) expect(card.rating, card.id).toBeNull();
});
