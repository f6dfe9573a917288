import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '#server/lib/context.ts';
import { eventsRoutes } from '#server/library/events.routes.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { createEventHub } from '#server/realtime/event-hub.ts';
import type { LiveEvent } from '#shared/schemas/live-events.ts';
import { IDLE_VERIFICATION } from '#shared/schemas/verification.ts';
import { appAs } from '#tests/support/app-as.ts';
import { appWithInjectedMembers } from '#tests/support/library-app.ts';
import {
  cookieFrom,
  jsonHeaders,
  type SignedIn,
  signIn,
  signInRequest,
  TEST_PASSWORD,
} from '#tests/support/sessions.ts';
import { sseReader } from '#tests/support/sse-reader.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerOf } from '#tests/support/viewers.ts';

async function appWithMembers() {
  const bus = createEventBus();
  const hub = createEventHub({ bus });
  const t = await appWithInjectedMembers({ bus, events: hub });
  const as = (who: string) => ({ 'x-test-viewer': who, origin: t.deps.env.baseUrl });
  const open = async (who: string) => {
    const res = await t.client.api.events.$get({}, { headers: as(who) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const stream = sseReader(res);
    await stream.waitForEvent('ready');
    return stream;
  };
  const collections = t.client.api.library.collections;
  const save = (who: string, automationId: string) =>
    collections.$post({ json: { automationId } }, { headers: as(who) });
  const remove = (who: string, automationId: string) =>
    collections[':automationId'].$delete({ param: { automationId } }, { headers: as(who) });
  return { ...t, bus, hub, open, save, remove };
}

describe('GET /api/events', () => {
  it('answers 401 signed out and 403 to unpaid users (real sessions); a member gets a stream', async () => {
    const { t, viewer: unpaid } = await appAs('user');
    const member = await signIn(t, 'member');
    const events = t.client.api.events;
    expect((await events.$get()).status).toBe(401);
    expect((await events.$get({}, { headers: unpaid.headers })).status).toBe(403);
    const res = await events.$get({}, { headers: member.headers });
    expect(res.status).toBe(200);
    const stream = sseReader(res);
    await stream.waitForEvent('ready');
    await stream.close();
  });

  it('sends collection changes only to their owner; catalogue activity to everyone', async () => {
    const t = await appWithMembers();
    const a = await t.open('member-a');
    const aSecondTab = await t.open('member-a');
    const b = await t.open('member-b');
    expect(t.hub.size()).toBe(3);

    expect((await t.save('member-a', 'lead-router')).status).toBe(201);
    await a.waitForEvent('collection');
    await aSecondTab.waitForEvent('collection');
    expect(a.events.find((e) => e.event === 'collection')?.data).toEqual({
      action: 'added',
      automationId: 'lead-router',
    });
    // The save is also a `save` event, which moves runs: every member hears `catalog`.
    await b.waitForEvent('catalog');
    expect(b.events.some((e) => e.event === 'collection')).toBe(false);

    await t.remove('member-a', 'lead-router');
    await a.waitFor(
      () =>
        a.events.some((e) => e.event === 'collection' && (e.data as { action: string }).action === 'removed'),
      'removed',
    );
    expect(b.events.some((e) => e.event === 'collection')).toBe(false);

    await Promise.all([a.close(), aSecondTab.close(), b.close()]);
    await a.waitFor(() => t.hub.size() === 0, 'streams to be released');
  });

  it('an import sends workflow_stats with the new total', async () => {
    const t = await appWithMembers();
    const a = await t.open('member-a');
    t.bus.publish('catalog.changed', { lastUpdated: '2026-11-22T00:00:00.000Z', changed: true, total: 12 });
    await a.waitForEvent('workflow_stats');
    expect(a.events.find((e) => e.event === 'workflow_stats')?.data).toEqual({
      lastUpdated: '2026-11-22T00:00:00.000Z',
      changed: true,
      total: 12,
    });
    await a.close();
  });

  it('closeAll ends every stream (graceful shutdown) and refuses new ones', async () => {
    const t = await appWithMembers();
    const a = await t.open('member-a');
    t.hub.closeAll();
    await a.waitFor(() => a.isDone(), 'the stream to end');
    expect(t.hub.size()).toBe(0);
    const again = sseReader(await t.client.api.events.$get({}, { headers: { 'x-test-viewer': 'member-a' } }));
    await again.waitFor(() => again.isDone(), 'the refused stream to end');
    expect(again.events).toEqual([]);
  });

  it('writes a heartbeat comment on the interval', async () => {
    const hub = createEventHub({ bus: createEventBus() });
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('viewer', viewerOf('member'));
        await next();
      })
      .route('/', eventsRoutes({ hub, heartbeatMs: 20 }));
    const stream = sseReader(await app.request('/events'));
    await stream.waitFor(() => stream.comments.length >= 2, 'two heartbeats');
    expect(stream.comments[0]).toBe(': heartbeat');
    await stream.close();
  });
});

describe('the account event: other devices follow at once', () => {
  /** A member signed in on two devices, the second one listening on its stream. */
  async function twoDevices() {
    const bus = createEventBus();
    const hub = createEventHub({ bus });
    const t = await createTestApp({ bus, events: hub });
    const member = await signIn(t, 'member');
    const res = await signInRequest(t, member.email, member.password);
    const cookie = cookieFrom(res);
    const other: SignedIn = { ...member, cookie, headers: { cookie, origin: t.deps.env.baseUrl } };
    const stream = sseReader(await t.client.api.events.$get({}, { headers: other.headers }));
    await stream.waitForEvent('ready');
    /** Raw, for better-auth's own endpoints (/api/auth/*), which are not in the app's typed routes. */
    const send = (method: string, path: string, body: unknown) =>
      t.request(path, {
        method,
        headers: { ...jsonHeaders(t), ...member.headers },
        body: JSON.stringify(body),
      });
    return { t, member, other, stream, send };
  }

  it('a profile saved on one device tells the member’s other devices to read the account again', async () => {
    const { t, member, stream } = await twoDevices();
    const saved = await t.client.api.account.profile.$put(
      { json: { displayName: 'New name', bio: '' } },
      { headers: member.headers },
    );
    expect(saved.status).toBe(200);
    await stream.waitForEvent('account');
    await stream.close();
  });

  it('an account deleted on one device reaches the other device, whose session is gone', async () => {
    const { t, other, stream, send } = await twoDevices();
    expect((await send('POST', '/api/auth/delete-user', { password: TEST_PASSWORD })).status).toBe(200);
    await stream.waitForEvent('account');
    const me = (await (await t.client.api.me.$get({}, { headers: other.headers })).json()) as {
      user: unknown;
    };
    expect(me.user).toBeNull();
    await stream.close();
  });
});

describe('event hub', () => {
  it('drops the same event for the same stream within 1 s, and sends it again after', () => {
    let clock = 1_000;
    const bus = createEventBus();
    const hub = createEventHub({ bus, now: () => clock });
    const got: LiveEvent[] = [];
    const other: LiveEvent[] = [];
    const stop = hub.connect({ userId: 'm1', send: (e) => got.push(e), close: () => {} });
    hub.connect({ userId: 'm2', send: (e) => other.push(e), close: () => {} });
    bus.publish('collection.changed', { userId: 'm1', action: 'added', automationId: 'x' });
    clock += 500;
    bus.publish('collection.changed', { userId: 'm1', action: 'added', automationId: 'x' });
    bus.publish('collection.changed', { userId: 'm1', action: 'removed', automationId: 'x' });
    clock += 600;
    bus.publish('collection.changed', { userId: 'm1', action: 'added', automationId: 'x' });
    expect(got.map((e) => e.type === 'collection' && e.data.action)).toEqual(['added', 'removed', 'added']);
    expect(other).toEqual([]);
    // Account changes are all sent, to their user only: the last one may be the one that ends the session.
    bus.publish('viewer.changed', { userId: 'm1' });
    bus.publish('viewer.changed', { userId: 'm1' });
    expect(got.filter((e) => e.type === 'account')).toHaveLength(2);
    expect(other).toEqual([]);
    stop();
  });

  it('sends operator events only to operators, and no more once their role may have changed', () => {
    const bus = createEventBus();
    const hub = createEventHub({ bus });
    const operator: LiveEvent[] = [];
    const member: LiveEvent[] = [];
    hub.connect({ userId: 'ops', operator: true, send: (e) => operator.push(e), close: () => {} });
    hub.connect({ userId: 'm1', send: (e) => member.push(e), close: () => {} });
    const progress = { ...IDLE_VERIFICATION, state: 'running' as const, done: 1, total: 3 };
    bus.publish('n8n.verification', progress);
    expect(operator).toEqual([{ type: 'verification', data: progress }]);
    expect(member).toEqual([]);
    // A demoted operator keeps their stream (it still carries their own events) but not the console's.
    bus.publish('viewer.changed', { userId: 'ops' });
    bus.publish('n8n.verification', { ...progress, done: 2 });
    expect(operator.map((e) => e.type)).toEqual(['verification', 'account']);
  });

  it('holds bus handlers only while streams are open', () => {
    const bus = createEventBus();
    const hub = createEventHub({ bus });
    const got: LiveEvent[] = [];
    const stop = hub.connect({ userId: 'm1', send: (e) => got.push(e), close: () => {} });
    stop();
    bus.publish('catalog.activity', { automationId: 'x' });
    expect(got).toEqual([]);
  });
});
