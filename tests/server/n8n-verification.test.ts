// "Works on n8n" (issue 24): every published template goes through the product's deploy path into the
// n8n stand-in over real HTTP, is activated and started where that is safe, deleted again, and the
// result is stored per template, shown only while the file is unchanged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { selectVerification, selectVerificationBadges } from '#server/catalog/verification-store.ts';
import type { DbHandle } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { n8nVerifications } from '#server/db/schema/n8n.ts';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { runVerification } from '#server/n8n/verify/run-verification.ts';
import { processBus, publishEverywhere } from '#server/realtime/event-bus.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';
import { fourSteps, node } from '#tests/support/workflows.ts';

/** Four small workflows, one per outcome the badge and the detail page must tell apart. */
const FIXTURES = {
  'hook-ok.json': fourSteps(
    'Hook that answers',
    node('Webhook', 'n8n-nodes-base.webhook', { parameters: { path: 'hook-ok', httpMethod: 'POST' } }),
  ),
  'hook-stops.json': fourSteps(
    'Hook that stops with an error',
    node('Webhook', 'n8n-nodes-base.webhook', { parameters: { path: 'hook-stops', httpMethod: 'POST' } }),
    node('Stop', 'n8n-nodes-base.stopAndError', { parameters: { errorMessage: 'Missing field email' } }, 600),
  ),
  'manual.json': fourSteps('Manual only', node('Start', 'n8n-nodes-base.manualTrigger')),
  'gmail.json': fourSteps('Mail trigger with credentials', {
    ...node('Gmail Trigger', 'n8n-nodes-base.gmailTrigger'),
    credentials: { gmailOAuth2: { id: '1', name: 'Gmail' } },
  }),
};

let db: TestDatabase;
let dir: string;
let standin: Awaited<ReturnType<typeof startN8nStandin>>;
beforeAll(async () => {
  standin = await startN8nStandin({ version: 'newer' });
});
afterAll(async () => {
  await standin.close();
});
afterEach(async () => {
  await db?.dispose();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A template n8n 1.123.0 accepted, activated and ran at `at`, with no credential to bind: the card's badge. */
const passedEveryCheck = (at: Date) => ({
  n8nVersion: '1.123.0',
  verifiedAt: at.toISOString(),
  accepted: true,
  activated: true,
  ran: true,
  credentialsBound: null,
});

function verifyDeps() {
  const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
  const client = createN8nClient({ fetch, instance: { url: standin.url, apiKey: standin.apiKey } });
  return { client, fetch, sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20))) };
}

async function importFixtures(handle: DbHandle) {
  dir = mkdtempSync(path.join(tmpdir(), 'fv-verify-'));
  for (const [file, workflow] of Object.entries(FIXTURES))
    writeFileSync(path.join(dir, file), JSON.stringify(workflow));
  const report = await importCatalogPath({ database: handle, target: dir, source: 'test' });
  expect(report.imported).toBe(4);
  const rows = await handle.db
    .select({ id: automations.id, filePath: automations.filePath })
    .from(automations);
  return Object.fromEntries(rows.map((r) => [path.basename(r.filePath ?? ''), r.id]));
}

describe('n8n verification against the stand-in', () => {
  it('stores accepted, activated and ran per template with the version, then removes what it created', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    const at = new Date('2026-12-12T09:00:00Z');
    const summary = await runVerification(
      { db: db.handle.db, verify: verifyDeps(), now: () => at },
      { n8nVersion: standin.n8nVersion, runBy: 'cli' },
    );
    expect(summary).toMatchObject({
      total: 4,
      done: 4,
      accepted: 4,
      activated: 2,
      ran: 1,
      activationTried: 2,
      runTried: 2,
    });
    expect(standin.workflows.size).toBe(0);

    const ok = await selectVerification(db.handle.db, ids['hook-ok.json']!);
    expect(ok).toEqual({
      ...passedEveryCheck(at),
      refusedOnlyForCredentials: null,
      publishedAfterSetup: null,
      failedStep: null,
      failure: null,
    });
    const stops = await selectVerification(db.handle.db, ids['hook-stops.json']!);
    expect(stops).toMatchObject({
      accepted: true,
      activated: true,
      ran: false,
      failedStep: 'run',
      failure: 'Missing field email',
    });
    // Never a check it did not do: a manual-only workflow has nothing to activate, and a
    // credentialed trigger is neither activated nor started.
    expect(await selectVerification(db.handle.db, ids['manual.json']!)).toMatchObject({
      accepted: true,
      activated: null,
      ran: null,
    });
    expect(await selectVerification(db.handle.db, ids['gmail.json']!)).toMatchObject({
      accepted: true,
      activated: null,
      ran: null,
    });
    expect(summary.failures).toEqual([{ reason: 'run: Missing field email', count: 1 }]);
  });

  it('clears the result of a file whose content changed on re-import', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    await runVerification(
      { db: db.handle.db, verify: verifyDeps() },
      { n8nVersion: '1.123.0', runBy: 'cli' },
    );
    expect((await selectVerificationBadges(db.handle.db)).size).toBe(4);

    const changed = { ...FIXTURES['hook-ok.json'], name: 'Hook that answers, edited' };
    writeFileSync(path.join(dir, 'hook-ok.json'), JSON.stringify(changed));
    await importCatalogPath({ database: db.handle, target: dir, source: 'test' });
    const badges = await selectVerificationBadges(db.handle.db);
    expect(badges.has(ids['hook-ok.json']!)).toBe(false);
    expect(badges.size).toBe(3);
    expect(await selectVerification(db.handle.db, ids['hook-ok.json']!)).toBeNull();
    // The next run removes the stale row and verifies the new file.
    await runVerification(
      { db: db.handle.db, verify: verifyDeps() },
      { n8nVersion: '1.123.0', runBy: 'cli', ids: [ids['hook-ok.json']!] },
    );
    const [row] = await db.handle.db
      .select()
      .from(n8nVerifications)
      .where(eq(n8nVerifications.automationId, ids['hook-ok.json']!));
    expect(row?.ran).toBe(true);
  });
  // The sample library and the reference corpus, on 1.x and 2.x: n8n-verification-2x.test.ts.
});

describe('what members see: badge on cards, "verified only" filter, failure reason on the detail', () => {
  it('serves the badge, filters with verified=1 and shows why a check failed', async () => {
    const t = await createTestApp({ resolveViewer: viewerFromHeader() });
    const ids = await importFixtures(t.database);
    const at = new Date('2026-12-12T09:00:00Z');
    const asMember = { headers: { 'x-test-viewer': 'member' } };
    const automations = t.client.api.catalog.automations;
    const search = async (query: { verified?: '1' }) =>
      (await (await automations.$get({ query }, asMember)).json()) as {
        total: number;
        items: { id: string; verification?: unknown }[];
      };
    // Before any verification: no badge anywhere, and the filter leaves nothing.
    expect((await search({})).items.every((i) => i.verification === undefined)).toBe(true);
    expect((await search({ verified: '1' })).total).toBe(0);

    await runVerification(
      {
        db: t.database.db,
        verify: verifyDeps(),
        now: () => at,
        announce: () => publishEverywhere(t.database, processBus, 'catalog.activity', {}),
      },
      { n8nVersion: '1.123.0', runBy: 'cli' },
    );
    // The index rebuilds on the activity event (debounced): wait for the badge to arrive.
    await expect
      .poll(async () => (await search({ verified: '1' })).total, { timeout: 10_000, interval: 250 })
      .toBe(3);
    const all = await search({});
    const ok = all.items.find((i) => i.id === ids['hook-ok.json']);
    expect(ok?.verification).toEqual(passedEveryCheck(at));
    // Passed every check tried: the webhook that answers, the manual one and the credentialed one;
    // not the one whose run failed.
    const verified = await search({ verified: '1' });
    expect(verified.items.map((i) => i.id).sort()).toEqual(
      [ids['hook-ok.json'], ids['manual.json'], ids['gmail.json']].sort(),
    );
    const detail = (await (
      await automations[':id'].$get({ param: { id: ids['hook-stops.json']! } }, asMember)
    ).json()) as { n8nVerification: unknown };
    expect(detail.n8nVerification).toMatchObject({
      ran: false,
      failedStep: 'run',
      failure: 'Missing field email',
    });
  });
});
