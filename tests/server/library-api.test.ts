import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { CollectionListSchema, OverviewSchema, RatingStateSchema } from '#shared/schemas/library.ts';
import { appWithInjectedMembers, FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

/** The app with the fixture library and two injected members (real user rows, no password hashing). */
async function appWithMembers() {
  const t = await appWithInjectedMembers();
  const call = async (who: string, method: string, url: string, body?: unknown) => {
    const res = await t.request(url, {
      method,
      headers: { 'x-test-viewer': who, 'content-type': 'application/json', origin: t.deps.env.baseUrl },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { ...t, call };
}

describe('library access with real sessions', () => {
  it('refuses visitors (401) and unpaid users (403); a member reaches their own library only', async () => {
    const t = await createTestApp();
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY });
    const unpaid = await signIn(t, 'user');
    const a = await signIn(t, 'member');
    const b = await signIn(t, 'member');
    const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
    const save = (headers: Record<string, string>) =>
      t.request('/api/library/collections', {
        method: 'POST',
        headers: json(headers),
        body: JSON.stringify({ automationId: 'lead-router' }),
      });
    expect((await save({ origin: t.deps.env.baseUrl })).status).toBe(401);
    expect((await save(unpaid.headers)).status).toBe(403);
    expect((await t.request('/api/library/overview', { headers: unpaid.headers })).status).toBe(403);
    expect((await save(a.headers)).status).toBe(201);

    const listA = CollectionListSchema.parse(
      await (await t.request('/api/library/collections', { headers: a.headers })).json(),
    );
    const listB = CollectionListSchema.parse(
      await (await t.request('/api/library/collections', { headers: b.headers })).json(),
    );
    expect(listA.items.map((i) => i.automationId)).toEqual(['lead-router']);
    expect(listB.items).toEqual([]);
    const overview = OverviewSchema.parse(
      await (await t.request('/api/library/overview', { headers: a.headers })).json(),
    );
    expect(overview.email).toBe(a.email);

    // Export Data carries the member's own collection rows.
    const exported = (await (await t.request('/api/account/export', { headers: a.headers })).json()) as {
      collections: { automation_id: string }[];
    };
    expect(exported.collections).toMatchObject([{ automation_id: 'lead-router', user_id: a.userId }]);
  });
});

describe('collections', () => {
  it('adds idempotently (409 Already in collection), lists newest first with card fields, removes', async () => {
    const { call } = await appWithMembers();
    const first = await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    expect(first.status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (await call('member-a', 'POST', '/api/library/collections', { automationId: 'slack-digest' })).status,
    ).toBe(201);
    const again = await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'CONFLICT', message: 'Already in collection' } });
    const missing = await call('member-a', 'POST', '/api/library/collections', { automationId: 'nope' });
    expect(missing.status).toBe(404);

    const list = CollectionListSchema.parse((await call('member-a', 'GET', '/api/library/collections')).body);
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.automationId)).toEqual(['slack-digest', 'lead-router']);
    expect(list.items[1]!.card).toMatchObject({
      id: 'lead-router',
      title: 'Lead router',
      author: 'Grace Hopper',
    });
    expect(list.items[0]!.card).not.toHaveProperty('workflowJson');

    const removed = await call('member-a', 'DELETE', '/api/library/collections/lead-router');
    expect(removed).toEqual({ status: 200, body: { removed: true } });
    expect((await call('member-a', 'DELETE', '/api/library/collections/lead-router')).body).toEqual({
      removed: false,
    });
    const after = CollectionListSchema.parse(
      (await call('member-a', 'GET', '/api/library/collections')).body,
    );
    expect(after.items.map((i) => i.automationId)).toEqual(['slack-digest']);
    // Saving again after removal works.
    expect(
      (await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' })).status,
    ).toBe(201);
  });

  it('a save is a save event, once per add', async () => {
    const { call, database } = await appWithMembers();
    await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    const saves = await database.db
      .select()
      .from(automationEvents)
      .where(and(eq(automationEvents.userId, 'member-a'), eq(automationEvents.kind, 'save')));
    expect(saves).toHaveLength(1);
  });

  it('edits the name and notes of a saved row, validated, and only the owner’s', async () => {
    const { call } = await appWithMembers();
    await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    const edited = await call('member-a', 'PATCH', '/api/library/collections/lead-router', {
      name: '  Sales leads  ',
      notes: 'Use with the CRM sandbox first.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Sales leads', notes: 'Use with the CRM sandbox first.' });
    expect((await call('member-a', 'PATCH', '/api/library/collections/lead-router', {})).status).toBe(422);
    expect(
      (await call('member-a', 'PATCH', '/api/library/collections/lead-router', { name: 'x'.repeat(121) }))
        .status,
    ).toBe(422);
    expect(
      (await call('member-b', 'PATCH', '/api/library/collections/lead-router', { name: 'Mine' })).status,
    ).toBe(404);
    const list = CollectionListSchema.parse((await call('member-a', 'GET', '/api/library/collections')).body);
    expect(list.items[0]).toMatchObject({ name: 'Sales leads' });
  });
});

describe('ratings', () => {
  it('1–5 stars, one per member, changeable; the mean and count reach the cards', async () => {
    const { call } = await appWithMembers();
    for (const stars of [0, 6, 3.5, '4', null]) {
      expect(
        (await call('member-a', 'PUT', '/api/library/ratings/lead-router', { stars })).status,
        String(stars),
      ).toBe(422);
    }
    expect((await call('member-a', 'PUT', '/api/library/ratings/nope', { stars: 4 })).status).toBe(404);
    const first = RatingStateSchema.parse(
      (await call('member-a', 'PUT', '/api/library/ratings/lead-router', { stars: 5 })).body,
    );
    expect(first).toEqual({ automationId: 'lead-router', stars: 5, rating: 5, ratingCount: 1 });
    const changed = RatingStateSchema.parse(
      (await call('member-a', 'PUT', '/api/library/ratings/lead-router', { stars: 2 })).body,
    );
    expect(changed).toMatchObject({ stars: 2, rating: 2, ratingCount: 1 });
    await call('member-b', 'PUT', '/api/library/ratings/lead-router', { stars: 5 });
    const seenByB = RatingStateSchema.parse(
      (await call('member-b', 'GET', '/api/library/ratings/lead-router')).body,
    );
    expect(seenByB).toEqual({ automationId: 'lead-router', stars: 5, rating: 3.5, ratingCount: 2 });
    const unrated = RatingStateSchema.parse(
      (await call('member-a', 'GET', '/api/library/ratings/slack-digest')).body,
    );
    expect(unrated).toMatchObject({ stars: null, ratingCount: 0 });

    // The saved card shows the member ratings' mean and count.
    await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    const list = CollectionListSchema.parse((await call('member-a', 'GET', '/api/library/collections')).body);
    expect(list.items[0]!.card).toMatchObject({ rating: 3.5, ratingCount: 2 });
  });

  it('announces activity so the search index refreshes its counters', async () => {
    const { call } = await appWithMembers();
    const seen: unknown[] = [];
    const stop = processBus.subscribe('catalog.activity', (p) => seen.push(p));
    try {
      await call('member-a', 'PUT', '/api/library/ratings/lead-router', { stars: 4 });
      await call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'copy' });
    } finally {
      stop();
    }
    expect(seen).toEqual([{ automationId: 'lead-router' }, { automationId: 'lead-router' }]);
  });
});

describe('events and the overview', () => {
  it('counts a view once per member per day; copies and downloads every time; runs follow', async () => {
    const { call } = await appWithMembers();
    const view = () =>
      call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'view' });
    expect(await view()).toEqual({ status: 201, body: { recorded: true } });
    expect(await view()).toEqual({ status: 200, body: { recorded: false } });
    expect(
      (await call('member-b', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'view' }))
        .status,
    ).toBe(201);
    for (const kind of ['copy', 'copy', 'download'])
      expect(
        (await call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind })).status,
      ).toBe(201);
    // Deploy and save are written by their own services, never claimed by the browser.
    expect(
      (await call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'deploy' }))
        .status,
    ).toBe(422);
    expect(
      (await call('member-a', 'POST', '/api/library/events', { automationId: 'nope', kind: 'copy' })).status,
    ).toBe(404);
    // Runs on the card: copies, downloads and deploys by anyone.
    await call('member-a', 'POST', '/api/library/collections', { automationId: 'lead-router' });
    const list = CollectionListSchema.parse((await call('member-a', 'GET', '/api/library/collections')).body);
    expect(list.items[0]!.card.runs).toBe(3);
  });

  it('a new day counts a new view', async () => {
    const { recordEvent } = await import('#server/library/record-event.ts');
    const t = await appWithMembers();
    const deps = { database: t.database, bus: processBus };
    const day1 = () => new Date('2026-03-01T23:59:00Z');
    const day2 = () => new Date('2026-03-02T00:01:00Z');
    const input = { userId: 'member-a', automationId: 'lead-router', kind: 'view' as const };
    expect(await recordEvent({ ...deps, now: day1 }, input)).toEqual({ recorded: true });
    expect(await recordEvent({ ...deps, now: day1 }, input)).toEqual({ recorded: false });
    expect(await recordEvent({ ...deps, now: day2 }, input)).toEqual({ recorded: true });
  });

  it('overview figures come from the member’s own events: deployments, copies + downloads, recent activity', async () => {
    const { recordEvent } = await import('#server/library/record-event.ts');
    const t = await appWithMembers();
    const empty = OverviewSchema.parse((await t.call('member-a', 'GET', '/api/library/overview')).body);
    expect(empty).toMatchObject({
      email: 'member-a@flowvault.test',
      totalRuns: 0,
      automationsCopied: 0,
      daysRemaining: 'Lifetime',
      recentActivity: [],
    });
    const deps = { database: t.database, bus: processBus };
    await recordEvent(deps, { userId: 'member-a', automationId: 'lead-router', kind: 'deploy' });
    await recordEvent(deps, { userId: 'member-a', automationId: 'slack-digest', kind: 'deploy' });
    await recordEvent(deps, { userId: 'member-b', automationId: 'slack-digest', kind: 'deploy' });
    await t.call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'copy' });
    await t.call('member-a', 'POST', '/api/library/events', {
      automationId: 'lead-router',
      kind: 'download',
    });
    await t.call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'view' });
    const o = OverviewSchema.parse((await t.call('member-a', 'GET', '/api/library/overview')).body);
    expect(o).toMatchObject({ totalRuns: 2, automationsCopied: 2, saved: 0, rated: 0 });
    expect(o.recentActivity.map((a) => a.kind)).toEqual(['view', 'download', 'copy', 'deploy', 'deploy']);
    expect(o.recentActivity[0]).toMatchObject({ automationId: 'lead-router', title: 'Lead router' });
    expect(o.last7Days).toMatchObject({ deploy: 2, copy: 1, download: 1, view: 1 });
  });
});
