// Deploying into n8n 2.x (issue 39) through /api/n8n against the stand-in's 2.x mode: version-aware
// preflight repairs, nodes the instance lacks said in words, credentials listed and bound at deploy
// (or by name, said so, without the scope), publish with per-node refusals and the link to fix them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { settingsToFill } from '#server/n8n/publish-refusal.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { runVerification } from '#server/n8n/verify/run-verification.ts';
import type {
  N8nConnectionView,
  N8nDeployResult,
  N8nPreflightView,
  PublishOutcomeView,
} from '#shared/schemas/n8n.ts';
import { type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp, readJson } from '#tests/support/test-app.ts';
import { createTestDatabase } from '#tests/support/test-db.ts';
import { fourSteps, node, telegramSend, wf } from '#tests/support/workflows.ts';

beforeAll(async () => {
  await (await createTestDatabase()).dispose();
});
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

/** Small workflows, one per 2.x situation (the library deploys workflows of more than 3 nodes). */
const FIXTURES = {
  'telegram.json': fourSteps(
    'Telegram alert',
    node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
    telegramSend('42'),
  ),
  'start.json': fourSteps('Old start', node('Start', 'n8n-nodes-base.start')),
  'duplicates.json': wf(
    'Two of a kind',
    [
      node('On push', 'n8n-nodes-base.webhook', {
        id: 'REPLACE_WITH_GITLAB_CRED_ID',
        parameters: { path: 'push' },
      }),
      node('On merge', 'n8n-nodes-base.webhook', {
        id: 'REPLACE_WITH_GITLAB_CRED_ID',
        parameters: { path: 'merge' },
      }),
      node('Set', 'n8n-nodes-base.set', { id: 'a1' }, 200),
      node('Set', 'n8n-nodes-base.set', { id: 'a1' }, 400),
      node('Done', 'n8n-nodes-base.noOp', {}, 600),
    ],
    {
      'On push': { main: [[{ node: 'Set', type: 'main', index: 0 }]] },
      Set: { main: [[{ node: 'Done', type: 'main', index: 0 }]] },
    },
  ),
  'no-chat.json': fourSteps(
    'Telegram alert without a chat',
    node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
    telegramSend(''),
  ),
  'command.json': wf('Shell and community', [
    node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
    node('Run', 'n8n-nodes-base.executeCommand', { parameters: { command: 'ls' } }, 200),
    node('Ask MCP', 'n8n-nodes-mcp.mcpClient', {}, 400),
    node('Old CRM', 'n8n-nodes-base.automizy', {}, 600),
  ]),
};

async function setup(version: StandinVersion = 'v2', scopes?: string[]) {
  const s = await startN8nStandin({ version, scopes });
  cleanups.push(() => s.close());
  const t = await createTestApp({
    envVars: { N8N_ALLOW_PRIVATE_TARGETS: 'true', N8N_ALLOW_HTTP: 'true', N8N_ALLOWED_PORTS: String(s.port) },
  });
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-deploy-2x-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  for (const [file, workflow] of Object.entries(FIXTURES))
    writeFileSync(path.join(dir, file), JSON.stringify(workflow));
  await importCatalogPath({ database: t.database, target: dir, source: 'test' });
  const rows = await t.database.db
    .select({ id: automations.id, filePath: automations.filePath, deployable: automations.deployable })
    .from(automations);
  const ids = Object.fromEntries(rows.map((r) => [path.basename(r.filePath ?? ''), r.id]));
  const member = await signIn(t, 'member');
  const api = t.client.api.n8n;
  const as = { headers: member.headers };
  type Deploy = Parameters<typeof api.deploy.$post>[0]['json'];
  const connected = await readJson<N8nConnectionView>(
    api.connections.$post({ json: { instanceUrl: s.url, apiKey: s.apiKey } }, as),
  );
  expect(connected.status).toBe(201);
  return {
    s,
    t,
    ids,
    preflight: (json: Deploy) => readJson<N8nPreflightView>(api.preflight.$post({ json }, as)),
    deploy: (json: Deploy) => readJson<N8nDeployResult>(api.deploy.$post({ json }, as)),
    republish: (id: string) =>
      readJson<PublishOutcomeView>(api.deployments[':id'].publish.$post({ param: { id } }, as)),
  };
}

describe('preflight for n8n 2.x', () => {
  it('names the settings a template leaves empty, as verification on the same n8n line found', async () => {
    const { s, t, ids, preflight } = await setup('v2');
    const before = (await preflight({ automationId: ids['no-chat.json']! })).body;
    expect(before.settingsToFill).toBeUndefined(); // never verified: nothing claimed
    const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [s.port] });
    const client = createN8nClient({ fetch, instance: { url: s.url, apiKey: s.apiKey } });
    await runVerification(
      { db: t.database.db, verify: { client, fetch, sleep: () => Promise.resolve() } },
      { n8nVersion: s.n8nVersion, runBy: 'cli', ids: [ids['no-chat.json']!], throwawayCredentials: true },
    );
    await fetch.close();
    const plan = (await preflight({ automationId: ids['no-chat.json']! })).body;
    expect(plan.settingsToFill).toEqual([{ node: 'Send', settings: ['chatId'] }]);
    expect(plan.settingsCheckedOn).toBe('2.40.7');
    expect(
      settingsToFill(
        'Read Sheet: needs a Google API credential; none is selected; these settings must be filled in: sheetId, range\nOther: needs a Slack API credential; none is selected',
      ),
    ).toEqual([{ node: 'Read Sheet', settings: ['sheetId', 'range'] }]);
  });

  it('replaces Start with a Manual Trigger on 2.x, keeps it on 1.x', async () => {
    const v2 = await setup('v2');
    const plan = (await v2.preflight({ automationId: v2.ids['start.json']! })).body;
    expect(plan.instanceVersion).toBe('2.40.7');
    expect(plan.publishes).toBe(true);
    const start = (plan.payload.nodes as { name: string; type: string }[]).find((n) => n.name === 'Start');
    expect(start?.type).toBe('n8n-nodes-base.manualTrigger');
    expect(plan.changes.find((c) => c.code === 'start-replaced')?.message).toBe(
      'Replaced the old “Start” node with a Manual Trigger (your n8n no longer has Start): Start.',
    );
    const v1 = await setup('newer');
    const old = (await v1.preflight({ automationId: v1.ids['start.json']! })).body;
    expect(old.nodeTableRelease).toBe('1.123.81');
    expect((old.payload.nodes as { type: string }[])[0]!.type).toBe('n8n-nodes-base.start');
  });

  it('renames duplicate names and renews shared or placeholder ids, so 2.x accepts the workflow', async () => {
    const { s, ids, preflight, deploy } = await setup('v2');
    const plan = (await preflight({ automationId: ids['duplicates.json']! })).body;
    const nodes = plan.payload.nodes as { name: string; id?: string }[];
    expect(nodes.map((n) => n.name)).toEqual(['On push', 'On merge', 'Set', 'Set1', 'Done']);
    expect(new Set(nodes.map((n) => n.id).filter(Boolean)).size).toBe(nodes.filter((n) => n.id).length);
    expect(nodes.some((n) => n.id?.startsWith('REPLACE'))).toBe(false);
    expect(plan.changes.map((c) => c.code)).toEqual(
      expect.arrayContaining(['duplicate-node-renamed', 'node-id-renewed']),
    );
    const deployed = (await deploy({ automationId: ids['duplicates.json']! })).body;
    expect(deployed.ok).toBe(true);
    expect(s.workflows.size).toBe(1);
  });

  it('says which nodes 2.x lacks, turns off or needs installed, in words', async () => {
    const { ids, preflight } = await setup('v2');
    const plan = (await preflight({ automationId: ids['command.json']! })).body;
    const byCode = Object.fromEntries(plan.nodeIssues.map((i) => [i.code, i.message]));
    expect(byCode['node-excluded']).toBe(
      '“Run”: n8n 2.x turns the Execute Command node off by default. Your n8n’s administrator can turn it on by leaving it out of the NODES_EXCLUDE setting (for example NODES_EXCLUDE="[]"); until then the workflow cannot be published.',
    );
    expect(byCode['community-node']).toMatch(
      /^“Ask MCP”: mcpClient is a community node \(package n8n-nodes-mcp\)/,
    );
    expect(byCode['node-removed']).toMatch(/^“Old CRM”: n8n 2\.x no longer has the Automizy node/);
  });
});

describe('credentials bound at deploy', () => {
  it('lists the member’s credentials of each needed type, preselects the only one, and the chosen id publishes', async () => {
    const { s, ids, preflight, deploy } = await setup('v2');
    const mine = s.addCredential({ name: 'Family bot', type: 'telegramApi' });
    s.addCredential({ name: 'Slack', type: 'slackApi' });
    const plan = (await preflight({ automationId: ids['telegram.json']! })).body;
    expect(plan.credentialListing).toEqual({ status: 'listed', message: null });
    expect(plan.credentials).toEqual([
      {
        type: 'telegramApi',
        name: 'Telegram account',
        nodes: ['Send'],
        choices: [{ id: mine.id, name: 'Family bot' }],
        preselectedId: mine.id,
      },
    ]);
    const result = (
      await deploy({
        automationId: ids['telegram.json']!,
        credentials: [{ type: 'telegramApi', name: 'Telegram account', id: mine.id }],
        publish: true,
      })
    ).body;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.publish).toEqual({ status: 'published' });
    const created = s.workflows.get(result.deployment.n8nWorkflowId!)!;
    expect(created.active).toBe(true);
    expect((created.nodes as { credentials?: unknown }[])[3]!.credentials).toEqual({
      telegramApi: { id: mine.id, name: 'Family bot' },
    });
    expect(result.preflight.changes.find((c) => c.code === 'credential-bound')?.message).toBe(
      'Uses your credential Family bot (telegramApi) on Send.',
    );
  });

  it('"set up later": publishing is refused with what each node lacks and the link to fix it', async () => {
    const { s, ids, deploy, republish } = await setup('v2');
    const result = (
      await deploy({
        automationId: ids['telegram.json']!,
        credentials: [{ type: 'telegramApi', name: 'Telegram account', id: null }],
        publish: true,
      })
    ).body;
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const workflowId = result.deployment.n8nWorkflowId!;
    expect(result.publish).toEqual({
      status: 'refused',
      nodes: [
        {
          node: 'Send',
          reasons: [
            {
              kind: 'credential-not-configured',
              text: 'needs a Telegram API credential from your n8n; the one named in the template was not found there',
            },
          ],
        },
      ],
      general: null,
      message:
        'Cannot publish workflow: 1 node have configuration issues:\n\nNode "Send":\n  - Credential not configured: telegramApi',
      workflowUrl: `${s.url}/workflow/${workflowId}`,
    });
    // The member picks the credential in n8n, then publishes again from Flowvault.
    const mine = s.addCredential({ name: 'Telegram account', type: 'telegramApi' });
    const stored = s.workflows.get(workflowId)!;
    (stored.nodes as { credentials?: unknown }[])[3]!.credentials = {
      telegramApi: { id: mine.id, name: mine.name },
    };
    expect((await republish(result.deployment.id)).body).toEqual({ status: 'published' });
  });

  it('without credential:list it binds by name and says so', async () => {
    const { ids, preflight } = await setup('v2', [
      'workflow:create',
      'workflow:read',
      'workflow:list',
      'workflow:publish',
    ]);
    const plan = (await preflight({ automationId: ids['telegram.json']! })).body;
    expect(plan.credentialListing.status).toBe('no-scope');
    expect(plan.credentialListing.message).toMatch(
      /lacks the credential:list scope.*n8n binds each credential by name/,
    );
    expect(plan.credentials[0]!.choices).toBeUndefined();
  });

  it('on n8n 1.x there is no list: by name, said so, and publishing is /activate', async () => {
    const { s, ids, preflight, deploy } = await setup('newer');
    const plan = (await preflight({ automationId: ids['telegram.json']! })).body;
    expect(plan.credentialListing.status).toBe('unsupported');
    const result = (await deploy({ automationId: ids['telegram.json']!, publish: true })).body;
    expect(result.ok && result.publish).toEqual({ status: 'published' });
    expect(s.requests.some((r) => r.path.endsWith('/activate'))).toBe(true);
  });
});
