import { describe, expect, it } from 'vitest';
import { type BusEvents, createEventBus } from '#server/realtime/event-bus.ts';
import { appWithInjectedMembers, viewerRequests } from '#tests/support/library-app.ts';
import { readJson } from '#tests/support/test-app.ts';

// "My stack" (issue 16): saved per member on the server, validated, and announced to the member's
// other tabs through the live sync (collection.changed with action "stack").

async function appWithMembers() {
  const bus = createEventBus();
  const t = await appWithInjectedMembers({ bus });
  const { as, call } = viewerRequests(t);
  const stack = t.client.api.catalog.stack;
  const mine = (who: string) => readJson(stack.$get({}, as(who)));
  const save = (who: string, list: string[]) => readJson(stack.$put({ json: { stack: list } }, as(who)));
  return { ...t, bus, mine, save, call };
}

describe('My stack', () => {
  it('starts empty, saves per member (trimmed, no duplicates), and tells the member’s other tabs', async () => {
    const { bus, mine, save } = await appWithMembers();
    const heard: BusEvents['collection.changed'][] = [];
    bus.subscribe('collection.changed', (e) => heard.push(e));
    expect((await mine('member-a')).body).toEqual({ stack: [] });
    const saved = await save('member-a', ['Gmail', ' Telegram ', 'Gmail', '']);
    expect(saved).toEqual({ status: 200, body: { stack: ['Gmail', 'Telegram'] } });
    expect((await mine('member-a')).body).toEqual({
      stack: ['Gmail', 'Telegram'],
    });
    expect((await mine('member-b')).body).toEqual({ stack: [] });
    expect(heard).toEqual([{ userId: 'member-a', action: 'stack' }]);
  });

  it('refuses a malformed stack with 422 and visitors with 401', async () => {
    const { call, save, client } = await appWithMembers();
    expect((await call('member-a', 'PUT', '/api/catalog/stack', { stack: 'Gmail' })).status).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => `App ${i}`);
    expect((await save('member-a', many)).status).toBe(422);
    expect((await save('member-a', ['x'.repeat(101)])).status).toBe(422);
    expect((await client.api.catalog.stack.$get()).status).toBe(401);
  });
});
