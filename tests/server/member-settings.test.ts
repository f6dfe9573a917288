import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, user } from '#server/db/schema/auth.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { sendWeeklyReports, WEEKLY_REPORT_KIND } from '#server/library/weekly-report.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/schemas/library.ts';
import { appAs } from '#tests/support/app-as.ts';
import { appWithInjectedMembers, viewerRequests } from '#tests/support/library-app.ts';
import { readJson } from '#tests/support/test-app.ts';

async function appWithMembers() {
  const bus = createEventBus();
  const t = await appWithInjectedMembers({ bus });
  const { as, call } = viewerRequests(t);
  const library = t.client.api.library;
  const notifications = library.settings.notifications;
  type Settings = Parameters<typeof notifications.$put>[0]['json'];
  const typed = {
    settingsOf: (who: string) => readJson(notifications.$get({}, as(who))),
    saveSettings: (who: string, json: Settings) => readJson(notifications.$put({ json }, as(who))),
    save: (who: string, automationId: string) =>
      readJson(library.collections.$post({ json: { automationId } }, as(who))),
    editNotes: (who: string, automationId: string, notes: string) =>
      readJson(
        library.collections[':automationId'].$patch({ param: { automationId }, json: { notes } }, as(who)),
      ),
    exportOf: (who: string) => readJson(t.client.api.account.export.$get({}, as(who))),
  };
  return { ...t, bus, ...typed, call };
}

describe('Settings → Notifications', () => {
  it('starts from the spec defaults, saves on the server, validates, and is the member’s own', async () => {
    const { settingsOf, saveSettings, call } = await appWithMembers();
    expect((await settingsOf('member-a')).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      emailNotifications: true,
      automationAlerts: true,
      weeklyReports: false,
    });
    const saved = await saveSettings('member-a', {
      emailNotifications: false,
      automationAlerts: true,
      weeklyReports: true,
    });
    expect(saved).toEqual({
      status: 200,
      body: { emailNotifications: false, automationAlerts: true, weeklyReports: true },
    });
    expect((await settingsOf('member-a')).body).toMatchObject({
      weeklyReports: true,
    });
    expect((await settingsOf('member-b')).body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const bad = await call('member-a', 'PUT', '/api/library/settings/notifications', {
      emailNotifications: 'yes',
      automationAlerts: true,
      weeklyReports: true,
    });
    expect(bad.status).toBe(422);
    expect(
      (await call('member-a', 'PUT', '/api/library/settings/notifications', { weeklyReports: true })).status,
    ).toBe(422);
  });

  it('refuses visitors and unpaid users with real sessions', async () => {
    const { t, viewer: unpaid } = await appAs('user');
    const notifications = t.client.api.library.settings.notifications;
    expect((await notifications.$get()).status).toBe(401);
    expect((await notifications.$get({}, { headers: unpaid.headers })).status).toBe(403);
    const importAsUser = await t.request('/api/library/import', {
      method: 'POST',
      headers: { ...unpaid.headers, 'content-type': 'application/json' },
      body: '{"collections":[]}',
    });
    expect(importAsUser.status).toBe(403);
  });
});

describe('Privacy & Data → Import Data', () => {
  it('restores collections and settings from an export file; unknown automations are skipped and listed', async () => {
    const t = await appWithMembers();
    await t.save('member-a', 'lead-router');
    await t.editNotes('member-a', 'lead-router', 'old note');
    await t.saveSettings('member-a', {
      emailNotifications: true,
      automationAlerts: true,
      weeklyReports: true,
    });
    const exported = (await t.exportOf('member-a')).body as {
      collections: { automation_id: string; notes: string }[];
      settings: unknown;
    };
    expect(exported.collections).toHaveLength(1);

    // Member B restores A's file, edited: one more saved row, one unknown id, weekly reports on.
    const file = {
      ...exported,
      collections: [
        ...exported.collections,
        {
          automation_id: 'slack-digest',
          user_id: 'someone',
          name: 'Digest',
          notes: 'n',
          created_at: '2026-01-02T03:04:05.000Z',
        },
        { automation_id: 'gone-from-library', name: '', notes: '' },
      ],
    };
    const events: unknown[] = [];
    t.bus.subscribe('collection.changed', (e) => events.push(e));
    const result = await t.call('member-b', 'POST', '/api/library/import', undefined, JSON.stringify(file));
    expect(result).toEqual({
      status: 200,
      body: {
        collectionsImported: 2,
        collectionsUpdated: 0,
        skipped: ['gone-from-library'],
        settingsRestored: true,
      },
    });
    expect(events).toEqual([{ userId: 'member-b', action: 'imported' }]);
    const rows = await t.database.db.select().from(collections).where(eq(collections.userId, 'member-b'));
    expect(rows.map((r) => [r.automationId, r.name, r.notes]).sort()).toEqual([
      ['lead-router', '', 'old note'],
      ['slack-digest', 'Digest', 'n'],
    ]);
    expect(rows.find((r) => r.automationId === 'slack-digest')!.createdAt.toISOString()).toBe(
      '2026-01-02T03:04:05.000Z',
    );
    expect((await t.settingsOf('member-b')).body).toMatchObject({
      weeklyReports: true,
    });

    // Importing again updates the rows (notes from the file) and inserts nothing.
    file.collections[0]!.notes = 'new note';
    const again = await t.call('member-b', 'POST', '/api/library/import', undefined, JSON.stringify(file));
    expect(again.body).toMatchObject({ collectionsImported: 0, collectionsUpdated: 2 });
    const after = await t.database.db.select().from(collections).where(eq(collections.userId, 'member-b'));
    expect(after.find((r) => r.automationId === 'lead-router')?.notes).toBe('new note');
  });

  it('answers 400 to a file that is not JSON and 422 to the wrong shape, and changes nothing', async () => {
    const t = await appWithMembers();
    await t.save('member-a', 'lead-router');
    const before = await t.database.db.select().from(collections);
    const [profileBefore] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, 'member-a'));

    const notJson = await t.call('member-a', 'POST', '/api/library/import', undefined, '{"collections": [');
    expect(notJson.status).toBe(400);
    expect(notJson.body).toMatchObject({
      error: {
        code: 'BAD_REQUEST',
        message: 'This file is not valid JSON. Choose the file that Export Data downloaded.',
      },
    });

    const noList = await t.call('member-a', 'POST', '/api/library/import', { profile: {} });
    expect(noList.status).toBe(422);
    expect(noList.body).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'This is not a Flowvault export file: The file has no collections list. (at collections).',
      },
    });
    const badRow = await t.call('member-a', 'POST', '/api/library/import', {
      collections: [{ automation_id: 'slack-digest' }, { name: 'no id' }],
      settings: { notifications: { weekly_reports: true } },
    });
    expect(badRow.status).toBe(422);
    expect(String((badRow.body.error as { message: string }).message)).toContain(
      'collections.1.automation_id',
    );
    // Dates the database cannot store (year 0, past year 9999 once in UTC) are the file's fault: 422.
    for (const created_at of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00', '0000-01-01']) {
      const badDate = await t.call('member-a', 'POST', '/api/library/import', {
        collections: [{ automation_id: 'slack-digest', created_at }],
      });
      expect(badDate.status, created_at).toBe(422);
      expect(String((badDate.body.error as { message: string }).message)).toContain(
        'collections.0.created_at',
      );
    }

    expect(await t.database.db.select().from(collections)).toEqual(before);
    const [profileAfter] = await t.database.db.select().from(profiles).where(eq(profiles.userId, 'member-a'));
    expect(profileAfter?.weeklyReports ?? false).toBe(profileBefore?.weeklyReports ?? false);
  });
});

describe('weekly reports', () => {
  async function setUp() {
    const t = await appWithMembers();
    const db = t.database.db;
    await db.insert(user).values([
      { id: 'member-c', email: 'member-c@flowvault.test' },
      { id: 'member-d', email: 'member-d@flowvault.test' },
    ]);
    await db.insert(profiles).values([
      { userId: 'member-a', hasPaid: true, subscriptionPeriod: 'lifetime', weeklyReports: true },
      { userId: 'member-b', hasPaid: true, subscriptionPeriod: 'lifetime', weeklyReports: false },
      // Email Notifications off silences every optional mail, the weekly report too.
      { userId: 'member-c', hasPaid: true, weeklyReports: true, emailNotifications: false },
      // Not a member (never paid).
      { userId: 'member-d', hasPaid: false, weeklyReports: true },
    ]);
    await db.insert(automationEvents).values([
      { userId: 'member-a', automationId: 'lead-router', kind: 'copy' },
      { userId: 'member-a', automationId: 'lead-router', kind: 'download' },
      { userId: 'member-a', automationId: 'slack-digest', kind: 'view' },
    ]);
    return t;
  }

  it('queues one report per week to members who keep it on, with their real figures', async () => {
    const t = await setUp();
    const db = t.database.db;
    const now = new Date();
    expect(await sendWeeklyReports({ db, baseUrl: 'http://flowvault.test', now })).toEqual({ queued: 1 });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, WEEKLY_REPORT_KIND));
    expect(mails.map((m) => m.to)).toEqual(['member-a@flowvault.test']);
    expect(mails[0]!.subject).toBe('Your weekly Flowvault report');
    expect(mails[0]!.text).toContain(
      'viewed 1 automation, copied 1 workflow, downloaded 1 workflow, deployed 0 workflows',
    );
    expect(mails[0]!.text).toContain('http://flowvault.test/dashboard?section=settings');

    // The hourly job runs again: nothing more this week.
    const later = new Date(now.getTime() + 6 * 24 * 60 * 60_000);
    expect(await sendWeeklyReports({ db, baseUrl: 'http://flowvault.test', now: later })).toEqual({
      queued: 0,
    });
    // A week on, the next one.
    const nextWeek = new Date(now.getTime() + 7 * 24 * 60 * 60_000 + 60_000);
    expect(await sendWeeklyReports({ db, baseUrl: 'http://flowvault.test', now: nextWeek })).toEqual({
      queued: 1,
    });
    const second = (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, WEEKLY_REPORT_KIND))).at(
      -1,
    )!;
    expect(second.text).toContain('You had no activity in Flowvault this week.');
  });

  it('stops once the member turns Weekly Reports off', async () => {
    const t = await setUp();
    await t.saveSettings('member-a', {
      emailNotifications: true,
      automationAlerts: true,
      weeklyReports: false,
    });
    expect(await sendWeeklyReports({ db: t.database.db, baseUrl: 'http://x' })).toEqual({ queued: 0 });
  });
});
