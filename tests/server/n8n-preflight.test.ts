import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASELINE_CAPABILITIES,
  conformsTo,
  type InstanceCapabilities,
  OpenApiShapeError,
  parseOpenApiCapabilities,
} from '#server/n8n/instance-capabilities.ts';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { DEFAULT_WORKFLOW_NAME, preflightWorkflow } from '#server/n8n/preflight.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { renewWebhookIds, suffixPath, webhookUrls } from '#server/n8n/webhook-paths.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { node } from '#tests/support/workflows.ts';

type Standin = Awaited<ReturnType<typeof startN8nStandin>>;
let older: Standin;
let newer: Standin;
let olderCaps: InstanceCapabilities;
let newerCaps: InstanceCapabilities;

beforeAll(async () => {
  older = await startN8nStandin({ version: 'older' });
  newer = await startN8nStandin({ version: 'newer' });
  olderCaps = parseOpenApiCapabilities(older.openapiYaml);
  newerCaps = parseOpenApiCapabilities(newer.openapiYaml);
});
afterAll(async () => {
  await older.close();
  await newer.close();
});

async function post(standin: Standin, body: unknown) {
  const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
  try {
    const response = await guarded(`${standin.url}/api/v1/workflows`, {
      method: 'POST',
      headers: { 'X-N8N-API-KEY': standin.apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: JSON.parse(response.body) as Record<string, unknown> };
  } finally {
    await guarded.close();
  }
}

const B = 'n8n-nodes-base.';
const googleSheets = { googleSheetsOAuth2Api: { id: '7', name: 'Google Sheets account' } };

// A file shaped like the corpus's: exported from n8n with everything n8n's API refuses.
const exported = {
  id: 'Xk3p9',
  name: '  Lead intake  ',
  active: true,
  versionId: '5c1f',
  meta: { instanceId: 'abc', templateCredsSetupCompleted: true },
  tags: [{ id: '1', name: 'crm', createdAt: '2024-01-01', updatedAt: '2024-01-01' }],
  pinData: { Webhook: [{ json: { email: 'private@example.com' } }] },
  staticData: { 'node:Poll': { lastId: 42 } },
  settings: {
    executionOrder: 'v1',
    callerPolicy: 'workflowsFromSameOwner',
    errorWorkflow: null,
    saveExecutionProgress: 'DEFAULT',
    timezone: 'Europe/Berlin',
    maxExecutions: 5,
  },
  nodes: [
    node('Webhook', `${B}webhook`, {
      id: 'a1',
      typeVersion: 2,
      parameters: { path: 'lead' },
      webhookId: 'w-1',
      color: '#ff0000',
    }),
    node(
      'Sheet',
      `${B}googleSheets`,
      { id: 'a2', typeVersion: 4, waitBetweenTries: null, credentials: googleSheets },
      200,
    ),
    node(
      'Slack',
      `${B}slack`,
      { credentials: { slackApi: 'Slack bot' }, extendsCredential: 'slackOAuth2Api' },
      400,
    ),
    // Below Slack on the canvas.
    node('CRM', `${B}httpRequest`, {
      position: [400, 200],
      credentials: { httpBasicAuth: { user: 'crm_user', password: 'crm_secret' } },
    }),
    node('Sheet append', `${B}googleSheets`, { typeVersion: 4, credentials: googleSheets }, 600),
  ],
  connections: {
    Webhook: {
      main: [
        [
          { node: 'Sheet', type: 'main', index: 0 },
          { node: 'Ghost', type: 'main', index: 0 },
        ],
      ],
    },
    Sheet: { main: [null, [{ node: 'Slack', type: 'main', index: 0 }]] },
    'Deleted node': { main: [[{ node: 'Slack', type: 'main', index: 0 }]] },
  },
};

describe('instance capabilities from openapi.yml', () => {
  it('reads the accepted fields, node keys and settings of each version', () => {
    expect(olderCaps.source).toBe('openapi');
    expect(olderCaps.workflowFields.sort()).toEqual([
      'connections',
      'name',
      'nodes',
      'settings',
      'staticData',
    ]);
    expect(olderCaps.readOnlyWorkflowFields).toEqual(['id', 'active', 'createdAt', 'updatedAt', 'tags']);
    expect(Object.keys(olderCaps.settings)).not.toContain('executionOrder');
    expect(Object.keys(olderCaps.settings)).not.toContain('callerPolicy');
    expect(Object.keys(newerCaps.settings)).toEqual(
      expect.arrayContaining([
        'executionOrder',
        'callerPolicy',
        'callerIds',
        'timeSavedPerExecution',
        'availableInMCP',
      ]),
    );
    expect(newerCaps.workflowFields).toContain('pinData');
    expect(newerCaps.readOnlyWorkflowFields).toEqual(
      expect.arrayContaining(['versionId', 'meta', 'triggerCount']),
    );
    expect(Object.keys(newerCaps.nodeKeys)).not.toContain('createdAt');
    expect(newerCaps.settings.callerPolicy?.enum).toContain('workflowsFromSameOwner');
  });

  it('refuses documents that do not describe workflow creation', () => {
    expect(() => parseOpenApiCapabilities('openapi: 3.0.0\npaths: {}\n')).toThrow(OpenApiShapeError);
    expect(() => parseOpenApiCapabilities(': : not yaml [')).toThrow(OpenApiShapeError);
  });

  it('checks values against the schema subset', () => {
    expect(conformsTo(null, { type: 'string' })).toBe(false);
    expect(conformsTo(null, { type: 'object', nullable: true })).toBe(true);
    expect(conformsTo('all', { type: 'string', enum: ['all', 'none'] })).toBe(true);
    expect(conformsTo('DEFAULT', { type: 'string', enum: ['all', 'none'] })).toBe(false);
    expect(conformsTo([1, 'x'], { type: 'array', items: { type: 'number' } })).toBe(false);
    expect(conformsTo('{"a":1}', { anyOf: [{ type: 'string' }, { type: 'object' }] })).toBe(true);
  });
});

describe('preflight', () => {
  it('builds a payload both versions accept, and reports every change', async () => {
    for (const [standin, caps] of [
      [older, olderCaps],
      [newer, newerCaps],
    ] as const) {
      const result = preflightWorkflow(JSON.stringify(exported), caps);
      if (!result.ok) throw new Error(result.reason);
      const { payload } = result;
      expect(Object.keys(payload).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);
      expect(payload.name).toBe('Lead intake');
      expect(payload.nodes.map((n) => n.name)).toEqual(['Webhook', 'Sheet', 'Slack', 'CRM', 'Sheet append']);
      expect(payload.nodes[0]).not.toHaveProperty('color');
      expect(payload.nodes[1]).not.toHaveProperty('waitBetweenTries');
      expect(payload.nodes[2]).not.toHaveProperty('extendsCredential');
      expect(payload.nodes[1]?.credentials).toEqual({
        googleSheetsOAuth2Api: { id: null, name: 'Google Sheets account' },
      });
      expect(payload.nodes[2]?.credentials).toEqual({ slackApi: { id: null, name: 'Slack bot' } });
      expect(payload.nodes[3]).not.toHaveProperty('credentials'); // literal secrets never sent
      expect(JSON.stringify(payload)).not.toContain('crm_secret');
      expect(payload.connections).toEqual({
        Webhook: { main: [[{ node: 'Sheet', type: 'main', index: 0 }]] },
        Sheet: { main: [[], [{ node: 'Slack', type: 'main', index: 0 }]] },
      });
      expect(payload.settings).toEqual(
        caps === newerCaps
          ? { executionOrder: 'v1', callerPolicy: 'workflowsFromSameOwner', timezone: 'Europe/Berlin' }
          : { timezone: 'Europe/Berlin' },
      );
      // The CRM node's entry carries literal secrets and no name: never sent, but still needed.
      expect(result.credentials).toEqual([
        { type: 'googleSheetsOAuth2Api', name: 'Google Sheets account', nodes: ['Sheet', 'Sheet append'] },
        { type: 'httpBasicAuth', name: 'HTTP Basic Auth', nodes: ['CRM'] },
        { type: 'slackApi', name: 'Slack bot', nodes: ['Slack'] },
      ]);
      const codes = result.changes.map((c) => `${c.code}:${c.key ?? ''}`);
      expect(codes).toEqual(
        expect.arrayContaining([
          'field-dropped:pinData',
          'field-dropped:staticData',
          'field-dropped:meta',
          'field-dropped:id',
          'node-key-dropped:color',
          'node-key-dropped:waitBetweenTries',
          'node-key-dropped:extendsCredential',
          'credential-ids-cleared:',
          'credential-dropped:httpBasicAuth',
          'setting-dropped:errorWorkflow',
          'setting-dropped:saveExecutionProgress',
          'setting-dropped:maxExecutions',
          'connection-dropped:',
        ]),
      );
      expect(codes.includes('setting-dropped:executionOrder')).toBe(caps === olderCaps);
      const dropped = result.changes.filter((c) => c.code === 'connection-dropped').map((c) => c.message);
      expect(dropped).toEqual([
        'Removed connections from 1 node that do not exist: Deleted node.',
        'Removed 1 connection to nodes that do not exist: Ghost.',
      ]);

      const created = await post(standin, payload);
      expect(created.status).toBe(200);
      const stored = standin.workflows.get(created.body.id as string);
      expect((stored?.nodes as { credentials?: unknown }[] | undefined)?.[1]?.credentials).toEqual({
        googleSheetsOAuth2Api: { id: null, name: 'Google Sheets account' },
      });
    }
  });

  it('names an unnamed workflow "Imported Workflow" and fills in missing node fields', () => {
    const result = preflightWorkflow(
      { nodes: [{ type: 'n8n-nodes-base.noOp' }, { name: 'x' }, 'junk'], connections: {} },
      newerCaps,
    );
    if (!result.ok) throw new Error(result.reason);
    expect(result.payload.name).toBe(DEFAULT_WORKFLOW_NAME);
    expect(DEFAULT_WORKFLOW_NAME).toBe('Imported Workflow');
    expect(result.payload.settings).toEqual({});
    expect(result.payload.nodes).toEqual([
      { type: 'n8n-nodes-base.noOp', name: 'noOp 1', typeVersion: 1, position: [0, 0], parameters: {} },
    ]);
    expect(result.changes.filter((c) => c.code === 'node-dropped')).toHaveLength(2);
    expect(
      preflightWorkflow({ name: 'Mine', nodes: [] }, newerCaps, { name: 'Library title' }),
    ).toMatchObject({
      ok: true,
      payload: { name: 'Library title' },
    });
    const long = preflightWorkflow({ name: 'n'.repeat(300), nodes: [] }, newerCaps);
    expect(long.ok && long.payload.name.length).toBe(128);
  });

  it('decodes double-encoded JSON, a byte order mark and common wrappers', () => {
    const workflow = {
      name: 'Twice',
      nodes: [{ name: 'A', type: 't', typeVersion: 1, position: [0, 0], parameters: {} }],
    };
    const twice = JSON.stringify(JSON.stringify(workflow));
    const decoded = preflightWorkflow(`\uFEFF${twice}`, newerCaps);
    expect(decoded).toMatchObject({ ok: true, payload: { name: 'Twice' } });
    expect(decoded.ok && decoded.changes.map((c) => c.code)).toContain('decoded');
    expect(preflightWorkflow([workflow], newerCaps)).toMatchObject({ ok: true, payload: { name: 'Twice' } });
    expect(preflightWorkflow({ workflow }, newerCaps)).toMatchObject({
      ok: true,
      payload: { name: 'Twice' },
    });
  });

  it('rejects what is not a workflow with a clear reason', () => {
    expect(preflightWorkflow('{"nodes": [', newerCaps)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Not an n8n workflow: the file is not valid JSON/),
    });
    expect(preflightWorkflow('{}', newerCaps)).toEqual({
      ok: false,
      reason: 'Not an n8n workflow: the file is an empty object',
    });
    expect(preflightWorkflow({ '"nodes"': '[', '"name"': '"NoOp",' }, newerCaps)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('fragments of JSON lines'),
    });
    expect(preflightWorkflow([1, 2], newerCaps)).toEqual({
      ok: false,
      reason: 'Not an n8n workflow: the file is a list of 2 items, not one workflow',
    });
    expect(preflightWorkflow({ name: 'x', nodes: 'none' }, newerCaps)).toMatchObject({ ok: false });
  });

  it('falls back to a baseline every version accepts', async () => {
    const result = preflightWorkflow(exported, BASELINE_CAPABILITIES);
    if (!result.ok) throw new Error(result.reason);
    expect((await post(older, result.payload)).status).toBe(200);
    expect((await post(newer, result.payload)).status).toBe(200);
  });
});

describe('the stand-in validates like n8n', () => {
  const valid = { name: 'ok', nodes: [], connections: {}, settings: {} };

  it('answers read-only, additional-property and type errors with n8n’s messages', async () => {
    expect(await post(newer, { ...valid, id: 'x' })).toEqual({
      status: 400,
      body: { message: 'request/body/id is read-only' },
    });
    expect(await post(newer, { ...valid, notes: 'x' })).toEqual({
      status: 400,
      body: { message: 'request/body must NOT have additional properties' },
    });
    expect(await post(older, { ...valid, pinData: {} })).toEqual({
      status: 400,
      body: { message: 'request/body must NOT have additional properties' },
    });
    expect(await post(older, { ...valid, settings: { executionOrder: 'v1' } })).toEqual({
      status: 400,
      body: { message: 'request/body/settings must NOT have additional properties' },
    });
    expect((await post(newer, { ...valid, settings: { executionOrder: 'v1' } })).status).toBe(200);
    expect(await post(newer, { ...valid, settings: { errorWorkflow: null } })).toEqual({
      status: 400,
      body: { message: 'request/body/settings/errorWorkflow must be string' },
    });
    expect(
      await post(newer, {
        ...valid,
        nodes: [{ name: 'a', type: 't', position: [0, 0], parameters: {}, color: 'red' }],
      }),
    ).toEqual({ status: 400, body: { message: 'request/body/nodes/0 must NOT have additional properties' } });
    expect(await post(newer, { name: 'x', nodes: [], connections: {} })).toEqual({
      status: 400,
      body: { message: "request/body must have required property 'settings'" },
    });
  });

  it('serves its openapi.yml without a key and needs the key for everything else', async () => {
    const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [newer.port] });
    try {
      const spec = await guarded(`${newer.url}/api/v1/openapi.yml`);
      expect(spec.status).toBe(200);
      const list = await guarded(`${newer.url}/api/v1/workflows`);
      expect(list.status).toBe(401);
      const client = createN8nClient({ fetch: guarded, instance: { url: newer.url, apiKey: newer.apiKey } });
      expect((await client.getCapabilities()).capabilities.settings).toHaveProperty('executionOrder');
    } finally {
      await guarded.close();
    }
  });
});

describe('webhook id renewal', () => {
  type Node = {
    name: string;
    type: string;
    typeVersion: number;
    position: number[];
    parameters: { path?: string; httpMethod?: string };
    webhookId?: string;
  };
  /** An n8n-nodes-base node at (0, 0); no webhookId key at all unless one is given. */
  const atOrigin = (
    name: string,
    type: string,
    typeVersion: number,
    parameters: Node['parameters'] = {},
    webhookId?: string,
  ): Node => ({
    name,
    type: `n8n-nodes-base.${type}`,
    typeVersion,
    position: [0, 0],
    parameters,
    ...(webhookId === undefined ? {} : { webhookId }),
  });

  it('renews every webhookId, gives Webhook nodes without one an id, and custom paths a suffix per deployment', () => {
    const nodes = [
      atOrigin('A', 'webhook', 2, { path: 'old-a' }, 'old-a'),
      atOrigin('B', 'webhook', 2, { path: 'orders', httpMethod: 'POST' }, 'old-b'),
      // No webhookId: n8n would serve it at /webhook/<workflowId>/b2/<path>.
      atOrigin('B2', 'webhook', 2, { path: 'orders' }),
      atOrigin('C', 'set', 3),
      atOrigin('Slack Trigger', 'slackTrigger', 1, {}, 'old-s'),
      // A Form Trigger 1 saved without a path: n8n 2.40.7 refused to publish it ("path").
      atOrigin('Form', 'formTrigger', 1, {}, 'old-f'),
    ];
    const changes: Parameters<typeof renewWebhookIds>[1] = [];
    let n = 0;
    renewWebhookIds(nodes, changes, () => `new${++n}`);
    // new1 is the deployment's suffix.
    expect(nodes.map((x) => [x.webhookId, x.parameters.path])).toEqual([
      ['new2', 'new2'],
      ['new3', 'orders-new1'],
      ['new4', 'orders-new1'],
      [undefined, undefined],
      ['new5', undefined],
      ['new6', 'new6'],
    ]);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      code: 'webhook-renewed',
      nodes: ['A', 'B', 'B2', 'Slack Trigger', 'Form'],
    });
    expect(changes[0]!.message).toContain('-new1');
    expect(webhookUrls(nodes, 'https://n8n.example.com/')).toEqual([
      {
        node: 'A',
        method: 'GET',
        productionUrl: 'https://n8n.example.com/webhook/new2',
        testUrl: 'https://n8n.example.com/webhook-test/new2',
      },
      {
        node: 'B',
        method: 'POST',
        productionUrl: 'https://n8n.example.com/webhook/orders-new1',
        testUrl: 'https://n8n.example.com/webhook-test/orders-new1',
      },
      {
        node: 'B2',
        method: 'GET',
        productionUrl: 'https://n8n.example.com/webhook/orders-new1',
        testUrl: 'https://n8n.example.com/webhook-test/orders-new1',
      },
    ]);
  });

  it('keeps a path parameter last', () => {
    expect(suffixPath('users/:id', 'ab12')).toBe('users/:id/ab12');
    expect(suffixPath('hooks/orders/', 'ab12')).toBe('hooks/orders-ab12');
  });
});

describe('preflight credentials checklist (decision 0012)', () => {
  it('lists the account a node needs when the file gives it no credentials entry', () => {
    const workflow = {
      name: 'No entries',
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0], parameters: {} },
        { name: 'Post', type: 'n8n-nodes-base.slack', position: [200, 0], parameters: {} },
        { name: 'Shape', type: 'n8n-nodes-base.set', position: [400, 0], parameters: {} },
      ],
      connections: {},
    };
    const result = preflightWorkflow(workflow, newerCaps);
    if (!result.ok) throw new Error(result.reason);
    expect(result.credentials).toEqual([{ type: 'slackApi', name: 'Slack API', nodes: ['Post'] }]);
    expect(result.payload.nodes[1]).not.toHaveProperty('credentials');
  });

  // Found by publishing the corpus on a real n8n 2.40.7 (issue 39): 99 files name a credential type
  // with an empty name, and n8n then refused "Missing required credential" although the member
  // could have picked one.
  it('lists a credential the file names without a name, and binds the one the member picks', () => {
    const workflow = {
      name: 'Unnamed entries',
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0], parameters: {} },
        {
          name: 'Get To Dos',
          type: 'n8n-nodes-base.notion',
          typeVersion: 1,
          position: [200, 0],
          parameters: { resource: 'block', operation: 'getAll', blockId: 'b' },
          credentials: { notionApi: '' },
        },
        {
          name: 'Chat',
          type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
          position: [400, 0],
          parameters: {},
          credentials: { openAiApi: { id: '', name: '' } },
        },
      ],
      connections: {},
    };
    const plain = preflightWorkflow(workflow, newerCaps);
    if (!plain.ok) throw new Error(plain.reason);
    expect(plain.credentials).toEqual([
      { type: 'notionApi', name: 'Notion API', nodes: ['Get To Dos'] },
      { type: 'openAiApi', name: 'OpenAI API', nodes: ['Chat'] },
    ]);
    expect(plain.payload.nodes[1]).not.toHaveProperty('credentials');
    const bound = preflightWorkflow(workflow, newerCaps, {
      credentialBindings: [{ type: 'notionApi', name: 'Notion API', id: 'n1', boundName: 'My Notion' }],
    });
    if (!bound.ok) throw new Error(bound.reason);
    expect(bound.payload.nodes[1]?.credentials).toEqual({ notionApi: { id: 'n1', name: 'My Notion' } });
    expect(bound.payload.nodes[2]).not.toHaveProperty('credentials');
  });

  // Also found on n8n 2.40.7: `credentials: {}` and HTTP Request 1's own `authentication: 'basicAuth'`
  // hid the credential the node needs, and n8n refused "Missing required credential".
  it('lists what the table says for an empty credentials object and for HTTP Request 1 auth', () => {
    const workflow = {
      name: 'Hidden needs',
      nodes: [
        { name: 'Start', type: 'n8n-nodes-base.manualTrigger', position: [0, 0], parameters: {} },
        {
          name: 'Upsert',
          type: 'n8n-nodes-base.postgres',
          typeVersion: 2.5,
          position: [200, 0],
          parameters: {},
          credentials: {},
        },
        {
          name: 'Work item',
          type: 'n8n-nodes-base.httpRequest',
          typeVersion: 1,
          position: [400, 0],
          parameters: { url: 'https://example.com', authentication: 'basicAuth' },
        },
      ],
      connections: {},
    };
    const result = preflightWorkflow(workflow, newerCaps);
    if (!result.ok) throw new Error(result.reason);
    expect(result.credentials.map((c) => [c.type, c.nodes])).toEqual([
      ['httpBasicAuth', ['Work item']],
      ['postgres', ['Upsert']],
    ]);
  });

  // Google Sheets 1 defaults to a service account, later versions to OAuth2: a version-1 node naming
  // an OAuth2 credential without saying so was refused "Missing required credential: googleApi".
  it('makes the authentication a named credential implies explicit', () => {
    const sheet = {
      name: 'Read Sheet',
      type: 'n8n-nodes-base.googleSheets',
      typeVersion: 1,
      position: [200, 0],
      parameters: { sheetId: 'abc', range: 'A:B' },
      credentials: { googleSheetsOAuth2Api: { id: '3', name: 'Sheets' } },
    };
    const workflow = { name: 'Sheets', nodes: [sheet], connections: {} };
    const result = preflightWorkflow(workflow, newerCaps);
    if (!result.ok) throw new Error(result.reason);
    expect(result.payload.nodes[0]?.parameters).toEqual({
      sheetId: 'abc',
      range: 'A:B',
      authentication: 'oAuth2',
    });
    expect(sheet.parameters).not.toHaveProperty('authentication'); // the caller's file is untouched
    expect(result.changes.find((c) => c.code === 'authentication-set')?.nodes).toEqual(['Read Sheet']);
    // A value the file sets is kept.
    const explicit = preflightWorkflow(
      {
        ...workflow,
        nodes: [{ ...sheet, parameters: { ...sheet.parameters, authentication: 'serviceAccount' } }],
      },
      newerCaps,
    );
    if (!explicit.ok) throw new Error(explicit.reason);
    expect(explicit.payload.nodes[0]?.parameters).toMatchObject({ authentication: 'serviceAccount' });
  });
});
