// "Works on n8n 2.x" (issue 39): verification publishes on n8n 2.x with a throwaway credential of
// each needed type, so n8n's publish check covers everything but the secrets; results are kept per
// n8n line; and the sample library and the reference corpus are verified in both stand-in modes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { selectVerification, selectVerificationBadges } from '#server/catalog/verification-store.ts';
import type { DbHandle } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import {
  runVerification,
  verificationLines,
  verificationTable,
} from '#server/n8n/verify/run-verification.ts';
import { dummyCredentialData } from '#server/n8n/verify/throwaway-credentials.ts';
import { checkedText } from '#shared/schemas/verification.ts';
import { type CorpusFile, corpusGate, loadCorpus } from '#tests/support/n8n-corpus.ts';
import { STANDIN_ALL_SCOPES, type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';
import { fourSteps, node, subWorkflowCall, telegramSend } from '#tests/support/workflows.ts';

const SAMPLES = path.resolve(import.meta.dirname, '../../samples');

/** One workflow per outcome a 2.x verification must tell apart (the library deploys > 3 nodes). */
const FIXTURES = {
  'telegram-bot.json': fourSteps(
    'Telegram bot',
    node('On message', 'n8n-nodes-base.telegramTrigger', {
      parameters: { updates: ['message'] },
      credentials: { telegramApi: { id: '7', name: 'Telegram account' } },
    }),
    telegramSend('42'),
  ),
  'telegram-no-chat.json': fourSteps(
    'Telegram alert without a chat',
    node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
    telegramSend(''),
  ),
  'sub-workflow.json': fourSteps(
    'Config reader',
    node('Every day', 'n8n-nodes-base.scheduleTrigger'),
    subWorkflowCall(),
  ),
  'hook.json': fourSteps(
    'Hook that answers',
    node('Webhook', 'n8n-nodes-base.webhook', { parameters: { path: 'hook-2x', httpMethod: 'POST' } }),
  ),
};

let db: TestDatabase | undefined;
let dir: string | undefined;
const standins: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await db?.dispose();
  db = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  await Promise.all(standins.splice(0).map((s) => s.close()));
});

async function standin(version: StandinVersion, scopes?: string[], webhookRegistrationMs?: number) {
  const s = await startN8nStandin({ version, scopes, webhookRegistrationMs });
  standins.push(s);
  const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [s.port] });
  const client = createN8nClient({ fetch, instance: { url: s.url, apiKey: s.apiKey } });
  const verify = {
    client,
    fetch,
    sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, Math.min(ms, 20))),
  };
  return { s, verify };
}

async function importFixtures(handle: DbHandle) {
  dir = mkdtempSync(path.join(tmpdir(), 'fv-verify-2x-'));
  for (const [file, workflow] of Object.entries(FIXTURES))
    writeFileSync(path.join(dir, file), JSON.stringify(workflow));
  const report = await importCatalogPath({ database: handle, target: dir, source: 'test' });
  expect(report.imported).toBe(Object.keys(FIXTURES).length);
  const rows = await handle.db
    .select({ id: automations.id, filePath: automations.filePath })
    .from(automations);
  return Object.fromEntries(rows.map((r) => [path.basename(r.filePath ?? ''), r.id]));
}

describe('dummy values for a throwaway credential, from the type schema n8n serves', () => {
  it('fills required fields and the fields a condition needs, leaves out what a branch forbids', () => {
    // n8n 2.40.7's gmailOAuth2 schema (abridged): conditions that need their field present.
    const oauth = {
      type: 'object',
      properties: {
        serverUrl: { type: 'string' },
        clientId: { type: 'string' },
        clientSecret: { type: 'string' },
      },
      allOf: [
        {
          if: {
            properties: { useDynamicClientRegistration: { enum: [true] } },
            required: ['useDynamicClientRegistration'],
          },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, as n8n serves it
          then: { allOf: [{ required: ['serverUrl'] }] },
        },
      ],
      required: [],
    };
    expect(dummyCredentialData(oauth)).toEqual({});
    // Older n8n: a condition without `required`, `then` one of, `else` none of.
    const auth = {
      type: 'object',
      properties: {
        authentication: { type: 'string', enum: ['apiKey', 'oauth'] },
        apiKey: { type: 'string' },
        port: { type: 'number' },
        baseUrl: { type: 'string' },
      },
      allOf: [
        {
          if: { properties: { authentication: { enum: ['oauth'] } } },
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, as n8n serves it
          then: { oneOf: [{ required: ['apiKey'] }] },
          else: { allOf: [{ not: { required: ['apiKey'] } }] },
        },
      ],
      required: ['authentication', 'port', 'baseUrl'],
    };
    expect(dummyCredentialData(auth)).toEqual({
      authentication: 'apiKey',
      port: 1,
      baseUrl: 'https://flowvault-verification.invalid',
    });
  });
});

describe('n8n 2.x verification against the stand-in', () => {
  it('publishes with a throwaway credential of each needed type, names a missing parameter, deletes all', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    const { s, verify } = await standin('v2');
    const summary = await runVerification(
      { db: db.handle.db, verify },
      { n8nVersion: s.n8nVersion, runBy: 'cli', throwawayCredentials: true },
    );
    expect(summary).toMatchObject({ total: 4, accepted: 4, activated: 2, activationTried: 4 });
    expect(summary.credentials).toEqual({ created: 1, failed: [] });
    // Nothing of the verification is left in the instance.
    expect(s.workflows.size).toBe(0);
    expect(s.credentials.size).toBe(0);

    const bot = await selectVerification(db.handle.db, ids['telegram-bot.json']!);
    expect(bot).toMatchObject({
      n8nVersion: '2.40.7',
      accepted: true,
      activated: true,
      credentialsBound: true,
    });
    expect(checkedText(bot!)).toBe('imports and publishes with your credentials');
    // A template left incomplete: the member reads which node and which setting.
    const noChat = await selectVerification(db.handle.db, ids['telegram-no-chat.json']!);
    expect(noChat).toMatchObject({
      activated: false,
      credentialsBound: true,
      refusedOnlyForCredentials: false,
      failedStep: 'activate',
      failure: 'Send: these settings must be filled in: chatId',
      // The set-up wizard asks for the chat; with a test answer in it, n8n published it.
      publishedAfterSetup: true,
    });
    const hook = await selectVerification(db.handle.db, ids['hook.json']!);
    expect(hook).toMatchObject({ activated: true, ran: true, credentialsBound: null });
    expect(checkedText(hook!)).toBe('imports, publishes and runs');
    // The author's sub-workflow is not in the member's n8n: refused, with the node and the id.
    expect(await selectVerification(db.handle.db, ids['sub-workflow.json']!)).toMatchObject({
      activated: false,
      failedStep: 'activate',
      failure:
        'Read Config: calls the sub-workflow 1004, which is not published in your n8n: import and publish it first, then select it in this node',
    });
    // The run's summary groups the refusals of built-in-only templates by reason.
    expect(summary).toMatchObject({
      builtInTried: 4,
      builtInActivated: 2,
      builtInRefusals: [
        { reason: 'calls a sub-workflow of the author’s n8n', count: 1 },
        { reason: 'settings the template leaves empty', count: 1 },
      ],
      builtInRefusedOnlyForSettings: 1,
    });
    // The wizard level: the settings template publishes once its field is filled; the sub-workflow
    // stays refused, and preflight names it before deploy (nothing a member is not told).
    expect(summary).toMatchObject({
      publishedAfterSetup: 1,
      builtInPublishedAfterSetup: 1,
      builtInFinalRefusals: [{ reason: 'calls a sub-workflow of the author’s n8n', count: 1 }],
      notShownBeforeDeploy: [],
    });
    expect(await selectVerification(db.handle.db, ids['sub-workflow.json']!)).toMatchObject({
      publishedAfterSetup: null,
    });
    const table = verificationTable(summary, s.n8nVersion);
    expect(table).toContain(
      `  ${'publishes once the wizard’s fields are filled'.padEnd(52)} 3/4 = 75.0 % (+1)`,
    );
    expect(table).toContain(`  ${'  calls a sub-workflow of the author’s n8n'.padEnd(52)} 1`);
    expect(verificationLines(summary, s.n8nVersion)[2]).toBe(
      '  refused (built-in only) 2, by reason: calls a sub-workflow of the author’s n8n 1; settings the template leaves empty 1; only for settings the template leaves empty 1',
    );
  });

  it('calls a published webhook again while n8n is still registering it', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    // n8n 2.40.7 answers 404 for a moment after /publish; the run must not count that as a failure.
    const { s, verify } = await standin('v2', undefined, 150);
    const summary = await runVerification(
      { db: db.handle.db, verify },
      { n8nVersion: s.n8nVersion, runBy: 'cli', ids: [ids['hook.json']!], throwawayCredentials: true },
    );
    expect(summary).toMatchObject({ total: 1, activated: 1, ran: 1, runTried: 1 });
    expect(await selectVerification(db.handle.db, ids['hook.json']!)).toMatchObject({
      ran: true,
      failure: null,
    });
  });

  it('says "refused only for credentials" when a credential could not be made', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    const { s, verify } = await standin(
      'v2',
      STANDIN_ALL_SCOPES.filter((scope) => scope !== 'credential:create'),
    );
    const summary = await runVerification(
      { db: db.handle.db, verify },
      { n8nVersion: s.n8nVersion, runBy: 'cli', throwawayCredentials: true },
    );
    expect(summary.credentials?.failed.map((f) => f.type)).toEqual(['telegramApi']);
    expect(summary.refusedOnlyForCredentials).toBe(1);
    expect(await selectVerification(db.handle.db, ids['telegram-bot.json']!)).toMatchObject({
      activated: false,
      credentialsBound: false,
      refusedOnlyForCredentials: true,
    });
  });

  it('keeps one result per n8n line; cards show the newest line, the detail both', async () => {
    db = await createTestDatabase();
    const ids = await importFixtures(db.handle);
    const v1 = await standin('newer');
    await runVerification(
      { db: db.handle.db, verify: v1.verify },
      { n8nVersion: v1.s.n8nVersion, runBy: 'cli' },
    );
    const v2 = await standin('v2');
    await runVerification(
      { db: db.handle.db, verify: v2.verify },
      { n8nVersion: v2.s.n8nVersion, runBy: 'cli', throwawayCredentials: true },
    );
    const badges = await selectVerificationBadges(db.handle.db);
    expect(badges.get(ids['telegram-bot.json']!)?.n8nVersion).toBe('2.40.7');
    const detail = await selectVerification(db.handle.db, ids['telegram-bot.json']!);
    expect(detail?.n8nVersion).toBe('2.40.7');
    // On 1.123 a credentialed trigger was not activated (nothing to bind it to there).
    expect(detail?.otherVersions).toMatchObject([{ n8nVersion: '1.123.0', accepted: true, activated: null }]);
    expect(checkedText(detail!.otherVersions![0]!)).toBe('imports');
  });
});

describe('the sample library in both modes', () => {
  for (const [version, n8nLine] of [
    ['v2', '2.x'],
    ['newer', '1.x'],
  ] as const) {
    it(`verifies every deployable sample on the ${n8nLine} stand-in`, async () => {
      db = await createTestDatabase();
      await importCatalogPath({ database: db.handle, target: SAMPLES, source: 'library' });
      const { s, verify } = await standin(version);
      const summary = await runVerification(
        { db: db.handle.db, verify },
        { n8nVersion: s.n8nVersion, runBy: 'cli', throwawayCredentials: true },
      );
      for (const line of verificationLines(summary, s.n8nVersion)) console.log(`sample library ${line}`);
      for (const f of summary.failures) console.log(`  ${f.count} × ${f.reason}`);
      expect(summary.total).toBeGreaterThan(40);
      expect(summary.accepted).toBe(summary.total);
      if (version === 'v2') {
        // Every sample with a trigger publishes once a credential of each type is there.
        expect(summary.activated).toBe(summary.activationTried);
        expect(summary.credentials?.failed).toEqual([]);
        expect(s.credentials.size).toBe(0);
      }
      expect(s.workflows.size).toBe(0);
    });
  }
});

const gate = corpusGate();
let corpus: { files: CorpusFile[]; cleanup(): void } | undefined;
afterAll(() => corpus?.cleanup());

describe.runIf(gate.present)(`n8n verification of the reference corpus, both modes${gate.title}`, () => {
  for (const [version, n8nLine] of [
    ['v2', '2.x'],
    ['newer', '1.x'],
  ] as const) {
    it(`accepts every deployable workflow on the ${n8nLine} stand-in`, { timeout: 900_000 }, async () => {
      corpus ??= loadCorpus();
      db = await createTestDatabase();
      dir = mkdtempSync(path.join(tmpdir(), 'fv-verify-corpus-'));
      for (const f of corpus.files) writeFileSync(path.join(dir, f.file.replaceAll('/', '__')), f.text);
      await importCatalogPath({ database: db.handle, target: dir, source: 'corpus' });
      const { s, verify } = await standin(version);
      const summary = await runVerification(
        { db: db.handle.db, verify },
        { n8nVersion: s.n8nVersion, runBy: 'cli', concurrency: 4, throwawayCredentials: true },
      );
      for (const line of verificationLines(summary, s.n8nVersion)) console.log(line);
      for (const f of summary.failures.slice(0, 12)) console.log(`  ${f.count} × ${f.reason}`);
      expect(summary.total).toBeGreaterThan(1_700);
      expect(summary.accepted).toBe(summary.total);
      expect(s.workflows.size).toBe(0);
      expect(s.credentials.size).toBe(0);
    });
  }
});
