// Two real server processes on one PostgreSQL, each with its own detail cache (decision 0011): an edit,
// unpublishing or a member's view made through one shows on the other's next reads, as soon as the
// notification is delivered (a few ms; the wait is bounded at 5 s), never from a stale cache.
import path from 'node:path';
import { expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import type { ServerProcess } from '#tests/support/server-processes.ts';
import { send, startTwoServers } from '#tests/support/two-processes.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');
const DETAIL = '/api/catalog/automations/telegram-agent';

it('an edit, unpublishing and a view made on one process show on the other', {
  timeout: 180_000,
}, async () => {
  const { a, b, account } = await startTwoServers((database) =>
    importCatalogPath({ database, target: LIBRARY }),
  );
  const admin = (await account('admin')).cookie;
  const member = (await account('member')).cookie;

  const read = async (server: ServerProcess) => {
    const res = await server.request(DETAIL, { headers: { cookie: member } });
    if (res.status !== 200) return { status: res.status, title: '', views: -1 };
    const body = (await res.json()) as { title: string; usage: { views: number } };
    return { status: 200, title: body.title, views: body.usage.views };
  };
  // Both processes have the answer cached.
  const first = await read(a);
  expect(first).toMatchObject({ status: 200, views: 0 });
  expect(await read(b)).toEqual(first);
  expect(await read(b)).toEqual(first);

  const viewed = await send(
    a,
    '/api/library/events',
    { automationId: 'telegram-agent', kind: 'view' },
    member,
  );
  expect(viewed.status).toBe(201);
  expect((await read(a)).views).toBe(1);
  await expect.poll(async () => (await read(b)).views, { timeout: 5_000, interval: 20 }).toBe(1);

  const item = '/api/admin/catalog/items/telegram-agent';
  expect((await send(a, item, { title: 'Renamed agent' }, admin, 'PATCH')).status).toBe(200);
  expect((await read(a)).title).toBe('Renamed agent');
  await expect
    .poll(async () => (await read(b)).title, { timeout: 5_000, interval: 20 })
    .toBe('Renamed agent');

  expect((await send(a, `${item}/published`, { published: false }, admin, 'PUT')).status).toBe(200);
  expect((await read(a)).status).toBe(404);
  await expect.poll(async () => (await read(b)).status, { timeout: 5_000, interval: 20 }).toBe(404);
});
