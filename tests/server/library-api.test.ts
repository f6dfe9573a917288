import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { CollectionListSchema, OverviewSchema, RatingStateSchema } from '#shared/schemas/library.ts';
import { appWithInjectedMembers, FIXTURE_LIBRARY, viewerRequests } from '#tests/support/library-app.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp, readJson } from '#tests/support/test-app.ts';

/** The app with the fixture library and two injected members (real user rows, no password hashing). */
async function appWithMembers() {
  const t = await appWithInjectedMembers();
  const { as, call } = viewerRequests(t);
  const library = t.client.api.library;
  const collection = library.collections[':automationId'];
  const rating = library.ratings[':automationId'];
  const one = (automationId: string) => ({ param: { automationId } });
  type Edit = Parameters<typeof collection.$patch>[0]['json'];
  type EventInput = Parameters<typeof library.events.$post>[0]['json'];
  const typed = {
    save: (who: string, automationId: string) =>
      readJson(library.collections.$post({ json: { automationId } }, as(who))),
    saved: (who: string) => readJson(library.collections.$get({}, as(who))),
    remove: (who: string, id: string) => readJson(collection.$delete(one(id), as(who))),
    edit: (who: string, id: string, json: Edit) => readJson(collection.$patch({ ...one(id), json }, as(who))),
    rate: (who: string, id: string, stars: number) =>
      readJson(rating.$put({ ...one(id), json: { stars } }, as(who))),
    ratingOf: (who: string, id: string) => readJson(rating.$get(one(id), as(who))),
    record: (who: string, json: EventInput) => readJson(library.events.$post({ json }, as(who))),
    overview: (who: string) => readJson(library.overview.$get({}, as(who))),
  };
  return { ...t, ...typed, call };
}

describe('library access with real sessions', () => {
  it('refuses visitors (401) and unpaid users (403); a member reaches their own library only', async () => {
    const t = await createTestApp();
    await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY });
    const unpaid = await signIn(t, 'user');
    const a = await signIn(t, 'member');
    const b = await signIn(t, 'member');
    const library = t.client.api.library;
    const save = (headers: Record<string, string>) =>
      library.collections.$post({ json: { automationId: 'lead-router' } }, { headers });
    expect((await save({ origin: t.deps.env.baseUrl })).status).toBe(401);
    expect((await save(unpaid.headers)).status).toBe(403);
    expect((await library.overview.$get({}, { headers: unpaid.headers })).status).toBe(403);
    expect((await save(a.headers)).status).toBe(201);

    const listA = CollectionListSchema.parse(
      await (await library.collections.$get({}, { headers: a.headers })).json(),
    );
    const listB = CollectionListSchema.parse(
      await (await library.collections.$get({}, { headers: b.headers })).json(),
    );
    expect(listA.items.map((i) => i.automationId)).toEqual(['lead-router']);
    expect(listB.items).toEqual([]);
    const overview = OverviewSchema.parse(
      await (await library.overview.$get({}, { headers: a.headers })).json(),
    );
    expect(overview.email).toBe(a.email);

    // Export Data carries the member's own collection rows.
    const exported = await (await t.client.api.account.export.$get({}, { headers: a.headers })).json();
    expect(exported.collections).toMatchObject([{ automation_id: 'lead-router', user_id: a.userId }]);
  });
});

describe('collections', () => {
  it('adds idempotently (409 Already in collection), lists newest first with card fields, removes', async () => {
    const { save, saved, remove } = await appWithMembers();
    const first = await save('member-a', 'lead-router');
    expect(first.status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    expect((await save('member-a', 'slack-digest')).status).toBe(201);
    const again = await save('member-a', 'lead-router');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'CONFLICT', message: 'Already in collection' } });
    const missing = await save('member-a', 'nope');
    expect(missing.status).toBe(404);

    const list = CollectionListSchema.parse((await saved('member-a')).body);
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.automationId)).toEqual(['slack-digest', 'lead-router']);
    expect(list.items[1]!.card).toMatchObject({
      id: 'lead-router',
      title: 'Lead router',
      author: 'Grace Hopper',
    });
    expect(list.items[0]!.card).not.toHaveProperty('workflowJson');

    const removed = await remove('member-a', 'lead-router');
    expect(removed).toEqual({ status: 200, body: { removed: true } });
    expect((await remove('member-a', 'lead-router')).body).toEqual({
      removed: false,
    });
    const after = CollectionListSchema.parse((await saved('member-a')).body);
    expect(after.items.map((i) => i.automationId)).toEqual(['slack-digest']);
    // Saving again after removal works.
    expect((await save('member-a', 'lead-router')).status).toBe(201);
  });

  it('a save is a save event, once per add', async () => {
    const { save, database } = await appWithMembers();
    await save('member-a', 'lead-router');
    await save('member-a', 'lead-router');
    const saves = await database.db
      .select()
      .from(automationEvents)
      .where(and(eq(automationEvents.userId, 'member-a'), eq(automationEvents.kind, 'save')));
    expect(saves).toHaveLength(1);
  });

  it('edits the name and notes of a saved row, validated, and only the owner’s', async () => {
    const { save, saved, edit } = await appWithMembers();
    await save('member-a', 'lead-router');
    const edited = await edit('member-a', 'lead-router', {
      name: '  Sales leads  ',
      notes: 'Use with the CRM sandbox first.',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Sales leads', notes: 'Use with the CRM sandbox first.' });
    expect((await edit('member-a', 'lead-router', {})).status).toBe(422);
    expect((await edit('member-a', 'lead-router', { name: 'x'.repeat(121) })).status).toBe(422);
    expect((await edit('member-b', 'lead-router', { name: 'Mine' })).status).toBe(404);
    const list = CollectionListSchema.parse((await saved('member-a')).body);
    expect(list.items[0]).toMatchObject({ name: 'Sales leads' });
  });
});

describe('ratings', () => {
  it('1–5 stars, one per member, changeable; the mean and count reach the cards', async () => {
    const { save, saved, rate, ratingOf, call } = await appWithMembers();
    for (const stars of [0, 6, 3.5, '4', null]) {
      expect(
        (await call('member-a', 'PUT', '/api/library/ratings/lead-router', { stars })).status,
        String(stars),
      ).toBe(422);
    }
    expect((await rate('member-a', 'nope', 4)).status).toBe(404);
    const first = RatingStateSchema.parse((await rate('member-a', 'lead-router', 5)).body);
    expect(first).toEqual({ automationId: 'lead-router', stars: 5, rating: 5, ratingCount: 1 });
    const changed = RatingStateSchema.parse((await rate('member-a', 'lead-router', 2)).body);
    expect(changed).toMatchObject({ stars: 2, rating: 2, ratingCount: 1 });
    await rate('member-b', 'lead-router', 5);
    const seenByB = RatingStateSchema.parse((await ratingOf('member-b', 'lead-router')).body);
    expect(seenByB).toEqual({ automationId: 'lead-router', stars: 5, rating: 3.5, ratingCount: 2 });
    const unrated = RatingStateSchema.parse((await ratingOf('member-a', 'slack-digest')).body);
    expect(unrated).toMatchObject({ stars: null, ratingCount: 0 });

    // The saved card shows the member ratings' mean and count.
    await save('member-a', 'lead-router');
    const list = CollectionListSchema.parse((await saved('member-a')).body);
    expect(list.items[0]!.card).toMatchObject({ rating: 3.5, ratingCount: 2 });
  });

  it('announces activity so the search index refreshes its counters', async () => {
    const { rate, record } = await appWithMembers();
    const seen: unknown[] = [];
    const stop = processBus.subscribe('catalog.activity', (p) => seen.push(p));
    try {
      await rate('member-a', 'lead-router', 4);
      await record('member-a', { automationId: 'lead-router', kind: 'copy' });
    } finally {
      stop();
    }
    expect(seen).toEqual([{ automationId: 'lead-router' }, { automationId: 'lead-router' }]);
  });
});

describe('events and the overview', () => {
  it('counts a view once per member per day; copies and downloads every time; runs follow', async () => {
    const { save, saved, record, call } = await appWithMembers();
    const view = () => record('member-a', { automationId: 'lead-router', kind: 'view' });
    expect(await view()).toEqual({ status: 201, body: { recorded: true } });
    expect(await view()).toEqual({ status: 200, body: { recorded: false } });
    expect((await record('member-b', { automationId: 'lead-router', kind: 'view' })).status).toBe(201);
    for (const kind of ['copy', 'copy', 'download'] as const)
      expect((await record('member-a', { automationId: 'lead-router', kind })).status).toBe(201);
    // Deploy and save are written by their own services, never claimed by the browser.
    expect(
      (await call('member-a', 'POST', '/api/library/events', { automationId: 'lead-router', kind: 'deploy' }))
        .status,
    ).toBe(422);
    expect((await record('member-a', { automationId: 'nope', kind: 'copy' })).status).toBe(404);
    // Runs on the card: copies, downloads and deploys by anyone.
    await save('member-a', 'lead-router');
    const list = CollectionListSchema.parse((await saved('member-a')).body);
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
    const empty = OverviewSchema.parse((await t.overview('member-a')).body);
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
    await t.record('member-a', { automationId: 'lead-router', kind: 'copy' });
    await t.record('member-a', {
      automationId: 'lead-router',
      kind: 'download',
    });
    await t.record('member-a', { automationId: 'lead-router', kind: 'view' });
    const o = OverviewSchema.parse((await t.overview('member-a')).body);
    expect(o).toMatchObject({ totalRuns: 2, automationsCopied: 2, saved: 0, rated: 0 });
    expect(o.recentActivity.map((a) => a.kind)).toEqual(['view', 'download', 'copy', 'deploy', 'deploy']);
    expect(o.recentActivity[0]).toMatchObject({ automationId: 'lead-router', title: 'Lead router' });
    expect(o.last7Days).toMatchObject({ deploy: 2, copy: 1, download: 1, view: 1 });
  });
});
