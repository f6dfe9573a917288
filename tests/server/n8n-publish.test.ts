// n8n 2.x (issue 39): activation is publishing, n8n checks every node before it publishes, refuses
// duplicate names and ids on create, lists credentials to keys with credential:list. Against the
// stand-in over HTTP in its 2.x mode (and its 1.x mode, where /activate is the only way).
import { afterEach, describe, expect, it } from 'vitest';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { N8nApiError } from '#server/n8n/n8n-errors.ts';
import { attachUnknownType, parsePublishRefusal, publishRefusalLines } from '#server/n8n/publish-refusal.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';
import { node } from '#tests/support/workflows.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function setup(version: StandinVersion, scopes?: string[]) {
  const standin = await startN8nStandin({ version, scopes });
  const fetch = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
  cleanups.push(
    () => fetch.close(),
    () => standin.close(),
  );
  return {
    standin,
    client: createN8nClient({ fetch, instance: { url: standin.url, apiKey: standin.apiKey } }),
  };
}

const telegramBot = (credentials: Record<string, unknown>, chatId = '12345') => ({
  name: 'Telegram bot',
  nodes: [
    node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
    node('Send', 'n8n-nodes-base.telegram', {
      typeVersion: 1.2,
      parameters: { chatId, text: 'hi' },
      credentials,
    }),
  ],
  connections: { 'Every hour': { main: [[{ node: 'Send', type: 'main', index: 0 }]] } },
  settings: {},
});

async function refusalOf(promise: Promise<unknown>): Promise<N8nApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(N8nApiError);
  return error as N8nApiError;
}

describe('n8n 2.x stand-in through the client', () => {
  it('publishes with /publish once every node has a credential id, and unpublishes', async () => {
    const { standin, client } = await setup('v2');
    const { capabilities } = await client.getCapabilities();
    expect(capabilities.publish).toBe(true);
    expect(capabilities.credentialList).toBe(true);
    expect(await client.getVersion()).toBe('2.40.7');

    // Bound by name: no credential of that name yet → n8n refuses, naming the node and what it lacks.
    const unbound = await client.createWorkflow(
      telegramBot({ telegramApi: { id: null, name: 'Telegram account' } }),
    );
    const error = await refusalOf(client.publishWorkflow(unbound.id));
    expect(error.status).toBe(400);
    const refusal = parsePublishRefusal(error.body);
    expect(refusal.nodes).toEqual([
      {
        node: 'Send',
        reasons: [
          {
            kind: 'credential-not-configured',
            text: 'needs a Telegram API credential from your n8n; the one named in the template was not found there',
          },
        ],
      },
    ]);

    // With the member's credential id the workflow publishes; unpublish stops it.
    const mine = standin.addCredential({ name: 'My bot', type: 'telegramApi' });
    const bound = await client.createWorkflow(telegramBot({ telegramApi: { id: mine.id, name: 'My bot' } }));
    expect((await client.publishWorkflow(bound.id)).active).toBe(true);
    expect(standin.requests.some((r) => r.path === `/api/v1/workflows/${bound.id}/publish`)).toBe(true);
    expect((await client.unpublishWorkflow(bound.id)).active).toBe(false);
    expect(standin.requests.some((r) => r.path === `/api/v1/workflows/${bound.id}/unpublish`)).toBe(true);
  });

  it('binds {id: null, name} only when exactly one credential has that name and type', async () => {
    const { standin, client } = await setup('v2');
    const only = standin.addCredential({ name: 'Telegram account', type: 'telegramApi' });
    const created = await client.getWorkflow(
      (await client.createWorkflow(telegramBot({ telegramApi: { id: null, name: 'Telegram account' } }))).id,
    );
    expect((created.nodes as { credentials?: unknown }[])[1]!.credentials).toEqual({
      telegramApi: { id: only.id, name: 'Telegram account' },
    });
    standin.addCredential({ name: 'Telegram account', type: 'telegramApi' });
    const twice = await client.getWorkflow(
      (await client.createWorkflow(telegramBot({ telegramApi: { id: null, name: 'Telegram account' } }))).id,
    );
    expect((twice.nodes as { credentials?: unknown }[])[1]!.credentials).toEqual({
      telegramApi: { id: null, name: 'Telegram account' },
    });
  });

  it('says which required parameters and credentials are missing, per node', async () => {
    const { client } = await setup('v2');
    const created = await client.createWorkflow(telegramBot({}, ''));
    const refusal = parsePublishRefusal((await refusalOf(client.publishWorkflow(created.id))).body);
    expect(publishRefusalLines(refusal)).toEqual([
      'Send: needs a Telegram API credential; none is selected; these settings must be filled in: chatId',
    ]);
  });

  it('refuses duplicate node names and shared node ids on create, in n8n’s words', async () => {
    const { client } = await setup('v2');
    const names = await refusalOf(
      client.createWorkflow({
        name: 'x',
        nodes: [node('A', 'n8n-nodes-base.manualTrigger'), node('A', 'n8n-nodes-base.noOp')],
        connections: {},
        settings: {},
      }),
    );
    expect(names.body).toContain('Duplicate node name \\"A\\"');
    const ids = await refusalOf(
      client.createWorkflow({
        name: 'x',
        nodes: [
          node('A', 'n8n-nodes-base.gitlabTrigger', { id: 'REPLACE_WITH_GITLAB_CRED_ID' }),
          node('B', 'n8n-nodes-base.gitlabTrigger', { id: 'REPLACE_WITH_GITLAB_CRED_ID' }),
        ],
        connections: {},
        settings: {},
      }),
    );
    expect(ids.body).toContain('share the node ID');
  });

  it('does not know removed or excluded nodes: publishing names the type, preflight’s payload the nodes', async () => {
    const { client } = await setup('v2');
    const created = await client.createWorkflow({
      name: 'old',
      nodes: [
        node('Start', 'n8n-nodes-base.start'),
        node('Run', 'n8n-nodes-base.executeCommand', { parameters: { command: 'ls' } }),
      ],
      connections: { Start: { main: [[{ node: 'Run', type: 'main', index: 0 }]] } },
      settings: {},
    });
    const refusal = parsePublishRefusal((await refusalOf(client.publishWorkflow(created.id))).body);
    expect(refusal.message).toBe('Unrecognized node type: n8n-nodes-base.start');
    const named = attachUnknownType(refusal, created.nodes as { name: string; type: string }[]);
    expect(named.nodes.map((n) => [n.node, n.reasons[0]!.kind])).toEqual([['Start', 'node-type-missing']]);
    const excluded = await client.createWorkflow({
      name: 'cmd',
      nodes: [
        node('Every hour', 'n8n-nodes-base.scheduleTrigger'),
        node('Run', 'n8n-nodes-base.executeCommand', { parameters: { command: 'ls' } }),
      ],
      connections: { 'Every hour': { main: [[{ node: 'Run', type: 'main', index: 0 }]] } },
      settings: {},
    });
    expect((await refusalOf(client.publishWorkflow(excluded.id))).body).toContain(
      'Unrecognized node type: n8n-nodes-base.executeCommand',
    );
  });

  it('answers /activate as a deprecated alias of /publish', async () => {
    const { standin, client } = await setup('v2');
    const created = await client.createWorkflow(telegramBot({}));
    const response = await fetch(`${standin.url}/api/v1/workflows/${created.id}/activate`, {
      method: 'POST',
      headers: { 'X-N8N-API-KEY': standin.apiKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('deprecation')).toBeTruthy();
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^Cannot publish workflow: 1 node have/,
    );
  });

  it('lists credentials (id, name, type) only to keys with credential:list', async () => {
    const { standin, client } = await setup('v2');
    standin.addCredential({ name: 'My bot', type: 'telegramApi', data: { accessToken: 'secret' } });
    const listed = await client.listCredentials();
    expect(listed).toEqual([
      {
        id: 'cred1',
        name: 'My bot',
        type: 'telegramApi',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        shared: [],
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('secret');
    standin.setScopes(['workflow:create']);
    expect((await refusalOf(client.listCredentials())).status).toBe(403);
  });
});

describe('n8n 1.x (the stand-in’s 1.x mode)', () => {
  it('has no /publish: publishing uses /activate, which checks no credentials', async () => {
    const { standin, client } = await setup('newer');
    expect((await client.getCapabilities()).capabilities.publish).toBe(false);
    const created = await client.createWorkflow(
      telegramBot({ telegramApi: { id: null, name: 'Telegram account' } }),
    );
    expect((await client.publishWorkflow(created.id)).active).toBe(true);
    expect(standin.requests.some((r) => r.path.endsWith('/activate'))).toBe(true);
    expect((await client.unpublishWorkflow(created.id)).active).toBe(false);
    expect(standin.requests.some((r) => r.path.endsWith('/deactivate'))).toBe(true);
  });
});

describe('parsePublishRefusal (n8n 2.40.7’s texts)', () => {
  it('reads an unpublished sub-workflow and triggers sharing an id', () => {
    expect(
      parsePublishRefusal(
        'Cannot publish workflow: Node "Call helper" references workflow abc123 ("Helper") which is not published. Please publish all referenced sub-workflows first.',
      ).nodes,
    ).toEqual([
      {
        node: 'Call helper',
        reasons: [
          {
            kind: 'sub-workflow-unpublished',
            text: 'calls the sub-workflow “Helper”, which is not published in your n8n: import and publish it first, then select it in this node',
          },
        ],
      },
    ]);
    const shared = parsePublishRefusal(
      JSON.stringify({
        message:
          'Cannot publish workflow: triggers "On push", "On merge" share the node ID "REPLACE_WITH_GITLAB_CRED_ID". Remove and re-add the affected nodes to give them new IDs.',
      }),
    );
    expect(shared.nodes.map((n) => n.node)).toEqual(['On push', 'On merge']);
  });

  it('keeps a text it does not know word for word', () => {
    const refusal = parsePublishRefusal('{"message":"Something new"}');
    expect(refusal).toEqual({ nodes: [], general: 'Something new', message: 'Something new' });
  });
});
