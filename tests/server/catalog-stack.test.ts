import { describe, expect, it } from 'vitest';
import { type BusEvents, createEventBus } from '#server/realtime/event-bus.ts';
import { appWithInjectedMembers } from '#tests/support/library-app.ts';

// "My stack" (issue 16): saved per member on the server, validated, and announced to the member's
// other tabs through the live sync (collection.changed with action "stack").

async function appWithMembers() {
  const bus = createEventBus();
  const t = await appWithInjectedMembers({ bus });
  const call = async (who: string, method: string, url: string, body?: unknown) => {
    const res = await t.request(url, {
      method,
      headers: { 'x-test-viewer': who, 'content-type': 'application/json', origin: t.deps.env.baseUrl },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { ...t, bus, call };
}

describe('My stack', () => {
  it('starts empty, saves per member (trimmed, no duplicates), and tells the member’s other tabs', async () => {
    const { bus, call } = await appWithMembers();
    const heard: BusEvents['collection.changed'][] = [];
    bus.subscribe('collection.changed', (e) => heard.push(e));
    expect((await call('member-a', 'GET', '/api/catalog/stack')).body).toEqual({ stack: [] });
    const saved = await call('member-a', 'PUT', '/api/catalog/stack', {
      stack: ['Gmail', ' Telegram ', 'Gmail', ''],
    });
    expect(saved).toEqual({ status: 200, body: { stack: ['Gmail', 'Telegram'] } });
    expect((await call('member-a', 'GET', '/api/catalog/stack')).body).toEqual({
      stack: ['Gmail', 'Telegram'],
    });
    expect((await call('member-b', 'GET', '/api/catalog/stack')).body).toEqual({ stack: [] });
    expect(heard).toEqual([{ userId: 'member-a', action: 'stack' }]);
  });

  it('refuses a malformed stack with 422 and visitors with 401', async () => {
    const { call, request } = await appWithMembers();
    expect((await call('member-a', 'PUT', '/api/catalog/stack', { stack: 'Gmail' })).status).toBe(422);
    const many = Array.from({ length: 101 }, (_, i) => `App ${i}`);
    expect((await call('member-a', 'PUT', '/api/catalog/stack', { stack: many })).status).toBe(422);
    expect((await call('member-a', 'PUT', '/api/catalog/stack', { stack: ['x'.repeat(101)] })).status).toBe(
      422,
    );
    expect((await request('/api/catalog/stack')).status).toBe(401);
  });
});
