import path from 'node:path';
import type { AppDeps } from '#server/app.ts';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { user } from '#server/db/schema/auth.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { viewerOf } from './viewers.ts';

export const FIXTURE_LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

/**
 * The app with the fixture library and two members, `member-a` and `member-b` (real user rows, no
 * password hashing): the `x-test-viewer` header names who asks (an id starting with "user" is an
 * unpaid user). Authorisation itself is proven with real sessions elsewhere (tests/support/viewers.ts).
 */
export async function appWithInjectedMembers(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const t = await createTestApp({
    ...overrides,
    resolveViewer: async (headers) => {
      const id = headers.get('x-test-viewer');
      if (!id) return null;
      const viewer = viewerOf(id.startsWith('user') ? 'user' : 'member')!;
      return { ...viewer, userId: id, email: `${id}@flowvault.test` };
    },
  });
  await t.database.db.insert(user).values([
    { id: 'member-a', email: 'member-a@flowvault.test' },
    { id: 'member-b', email: 'member-b@flowvault.test' },
  ]);
  await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY, bus: overrides.bus });
  return t;
}

/**
 * Requests as an injected viewer: `as(who)` is the options for the typed client, `call` a raw request
 * for bodies the typed client refuses (`raw` sends the text as it is, not as JSON).
 */
export function viewerRequests(t: TestApp) {
  const as = (who: string) => ({ headers: { 'x-test-viewer': who, origin: t.deps.env.baseUrl } });
  const call = async (who: string, method: string, url: string, body?: unknown, raw?: string) => {
    const res = await t.request(url, {
      method,
      headers: { 'x-test-viewer': who, 'content-type': 'application/json', origin: t.deps.env.baseUrl },
      ...(raw !== undefined ? { body: raw } : body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { as, call };
}
