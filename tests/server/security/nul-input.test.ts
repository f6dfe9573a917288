// Hole 9 (issue 20): a NUL character in any text input is refused with 422 at validation, never a 500.
// A table of the routes the outside probe hit, each sent NUL at generated positions (fast-check).
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

type Case = {
  who: 'member' | 'admin';
  method: string;
  path: (s: string) => string;
  body?: (s: string) => unknown;
};
const UUID = '00000000-0000-4000-8000-000000000000';
const q = (s: string) => encodeURIComponent(s);

const CASES: Record<string, Case> = {
  profile: {
    who: 'member',
    method: 'PUT',
    path: () => '/api/account/profile',
    body: (s) => ({ displayName: s, bio: '' }),
  },
  'collections add': {
    who: 'member',
    method: 'POST',
    path: () => '/api/library/collections',
    body: (s) => ({ automationId: s }),
  },
  'collections edit': {
    who: 'member',
    method: 'PATCH',
    path: () => '/api/library/collections/lead-router',
    body: (s) => ({ notes: s }),
  },
  'collections edit id': {
    who: 'member',
    method: 'PATCH',
    path: (s) => `/api/library/collections/${q(s)}`,
    body: () => ({ notes: 'x' }),
  },
  'collections remove': { who: 'member', method: 'DELETE', path: (s) => `/api/library/collections/${q(s)}` },
  events: {
    who: 'member',
    method: 'POST',
    path: () => '/api/library/events',
    body: (s) => ({ automationId: s, kind: 'view' }),
  },
  'ratings read': { who: 'member', method: 'GET', path: (s) => `/api/library/ratings/${q(s)}` },
  'ratings write': {
    who: 'member',
    method: 'PUT',
    path: (s) => `/api/library/ratings/${q(s)}`,
    body: () => ({ stars: 4 }),
  },
  import: {
    who: 'member',
    method: 'POST',
    path: () => '/api/library/import',
    body: (s) => ({ collections: [{ automation_id: s }] }),
  },
  preflight: {
    who: 'member',
    method: 'POST',
    path: () => '/api/n8n/preflight',
    body: (s) => ({ automationId: s }),
  },
  deploy: {
    who: 'member',
    method: 'POST',
    path: () => '/api/n8n/deploy',
    body: (s) => ({ automationId: s }),
  },
  'connection add': {
    who: 'member',
    method: 'POST',
    path: () => '/api/n8n/connections',
    body: (s) => ({ name: s, instanceUrl: 'https://n8n.example.com', apiKey: 'k' }),
  },
  'connection edit': {
    who: 'member',
    method: 'PATCH',
    path: () => `/api/n8n/connections/${UUID}`,
    body: (s) => ({ name: s }),
  },
  'catalogue id': { who: 'member', method: 'GET', path: (s) => `/api/catalog/automations/${q(s)}` },
  'catalogue search': { who: 'member', method: 'GET', path: (s) => `/api/catalog/automations?q=${q(s)}` },
  'admin users': { who: 'admin', method: 'GET', path: (s) => `/api/admin/users?q=${q(s)}` },
  'admin audit': { who: 'admin', method: 'GET', path: (s) => `/api/admin/audit?q=${q(s)}` },
  'admin catalogue': { who: 'admin', method: 'GET', path: (s) => `/api/admin/catalog/items?q=${q(s)}` },
  'contact form': {
    who: 'member',
    method: 'POST',
    path: () => '/api/contact',
    body: (s) => ({ name: s, email: 'a@example.com', subject: 'Hi', message: 'Hello there, a question.' }),
  },
};

const withNul = fc
  .tuple(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }))
  .map(([a, b]) => `${a.replaceAll('/', '')}\u0000${b.replaceAll('/', '')}`);

it('every route answers 422 VALIDATION_FAILED to text with a NUL character, never 500', async () => {
  const t = await createTestApp();
  const who: Record<Case['who'], SignedIn> = {
    member: await signIn(t, 'member'),
    admin: await signIn(t, 'admin'),
  };
  const statuses: Record<string, number[]> = {};
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...Object.keys(CASES)), withNul, async (name, text) => {
      const c = CASES[name]!;
      const res = await t.request(c.path(text), {
        method: c.method,
        headers: { ...who[c.who].headers, 'content-type': 'application/json' },
        ...(c.body ? { body: JSON.stringify(c.body(text)) } : {}),
      });
      statuses[name] = [...(statuses[name] ?? []), res.status];
      const body = (await res.json()) as { error?: { code: string } };
      return res.status === 422 && body.error?.code === 'VALIDATION_FAILED';
    }),
    { numRuns: 120, seed: 20 },
  );
  // Every route of the table was exercised.
  expect(Object.keys(statuses).sort()).toEqual(Object.keys(CASES).sort());
});
