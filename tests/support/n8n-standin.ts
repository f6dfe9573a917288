// An n8n public API v1 stand-in (the subset Flowvault calls), in three versions:
// - older (1.36.0): settings without executionOrder and callerPolicy, no pinData on create;
// - newer (1.123.0, the "1.x mode"): executionOrder, callerPolicy, callerIds, timeSavedPerExecution,
//   availableInMCP in settings; pinData and projectId on create; more read-only fields;
// - v2 (2.40.7): as newer, plus what n8n 2.x does (n8n-standin-checks.ts): structure checks on
//   create, `/publish` and `/unpublish` that check every node, then the sub-workflows Execute Workflow
//   nodes call, before publishing (`/activate` and `/deactivate`
//   are deprecated aliases with a Deprecation header), credentials listed and created through the
//   API (scopes `credential:list` / `credential:create`), nodes removed or excluded by default, and
//   the version only on the editor page (not in anonymous /rest/settings).
// Field lists come from shared/reference/n8n-public-api.md. Each version serves its own
// openapi.yml (no key needed) and validates request bodies against that same document the way
// n8n's express-openapi-validator does: additional properties are rejected on the body, nodes and
// settings ('request/body must NOT have additional properties'), read-only fields answer
// 'request/body/<field> is read-only', wrong types 'request/body/<path> must be <type>'.
// Everything else needs `X-N8N-API-KEY` (401 otherwise). State lives in memory.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Ajv, type ErrorObject } from 'ajv';
import { type Context, Hono } from 'hono';
import { stringify } from 'yaml';
import { publishRefusal, structureIssues, subWorkflowRefusal } from './n8n-standin-checks.ts';

export type StandinVersion = 'older' | 'newer' | 'v2';
export const STANDIN_N8N_VERSIONS: Record<StandinVersion, string> = {
  older: '1.36.0',
  newer: '1.123.0',
  v2: '2.40.7',
};
/** The node-table release each stand-in version answers for (which node types exist). */
const TABLE_RELEASE: Record<StandinVersion, string> = { older: '1.123.81', newer: '1.123.81', v2: '2.40.7' };
/** The scopes an owner's API key can have in n8n 2.x (the subset the stand-in checks). */
export const STANDIN_ALL_SCOPES = [
  'workflow:create',
  'workflow:read',
  'workflow:list',
  'workflow:delete',
  'workflow:publish',
  'workflow:unpublish',
  'credential:list',
  'credential:create',
  'credential:delete',
  'execution:list',
  'execution:read',
];

type Schema = Record<string, unknown>;

const BASE_NODE_PROPERTIES: Record<string, Schema> = {
  id: { type: 'string', example: '0f5532f9-36ba-4bef-86c7-30d607400b15' },
  name: { type: 'string', example: 'Jira' },
  webhookId: { type: 'string' },
  disabled: { type: 'boolean' },
  notesInFlow: { type: 'boolean' },
  notes: { type: 'string' },
  type: { type: 'string', example: 'n8n-nodes-base.Jira' },
  typeVersion: { type: 'number', example: 1 },
  executeOnce: { type: 'boolean', example: false },
  alwaysOutputData: { type: 'boolean', example: false },
  retryOnFail: { type: 'boolean', example: false },
  maxTries: { type: 'number' },
  waitBetweenTries: { type: 'number' },
  continueOnFail: { type: 'boolean', example: false, description: 'use onError instead' },
  onError: { type: 'string', example: 'stopWorkflow' },
  position: { type: 'array', items: { type: 'number' }, example: [-100, 80] },
  parameters: { type: 'object', example: { additionalProperties: {} } },
  credentials: { type: 'object', example: { jiraSoftwareCloudApi: { id: '35', name: 'jiraApi' } } },
  createdAt: { type: 'string', format: 'date-time', readOnly: true },
  updatedAt: { type: 'string', format: 'date-time', readOnly: true },
};

const BASE_SETTINGS_PROPERTIES: Record<string, Schema> = {
  saveExecutionProgress: { type: 'boolean' },
  saveManualExecutions: { type: 'boolean' },
  saveDataErrorExecution: { type: 'string', enum: ['all', 'none'] },
  saveDataSuccessExecution: { type: 'string', enum: ['all', 'none'] },
  executionTimeout: { type: 'number', example: 3600 },
  errorWorkflow: { type: 'string', example: 'VzqKEW0ShTXA5vPj', description: 'The ID of the workflow' },
  timezone: { type: 'string', example: 'America/New_York' },
};

const NEWER_SETTINGS_PROPERTIES: Record<string, Schema> = {
  executionOrder: { type: 'string', example: 'v1' },
  callerPolicy: {
    type: 'string',
    enum: ['any', 'none', 'workflowsFromAList', 'workflowsFromSameOwner'],
    example: 'workflowsFromSameOwner',
  },
  callerIds: { type: 'string', example: '14, 18' },
  timeSavedPerExecution: { type: 'number', example: 5 },
  availableInMCP: { type: 'boolean', example: false },
};

/** The openapi.yml document a stand-in version serves, as an object. */
export function standinOpenApiDocument(version: StandinVersion): Schema {
  const newer = version !== 'older';
  const v2 = version === 'v2';
  const workflowProperties: Record<string, Schema> = {
    id: { type: 'string', readOnly: true, example: '2tUt1wbLX592XDdX' },
    name: { type: 'string', example: 'Workflow 1' },
    active: { type: 'boolean', readOnly: true },
    createdAt: { type: 'string', format: 'date-time', readOnly: true },
    updatedAt: { type: 'string', format: 'date-time', readOnly: true },
    nodes: { type: 'array', items: { $ref: '#/components/schemas/node' } },
    connections: { type: 'object', example: { main: [{ node: 'Jira', type: 'main', index: 0 }] } },
    settings: { $ref: '#/components/schemas/workflowSettings' },
    staticData: {
      example: { lastId: 1 },
      anyOf: [
        { type: 'string', format: 'jsonString', nullable: true },
        { type: 'object', nullable: true },
      ],
    },
    tags: { type: 'array', items: { $ref: '#/components/schemas/tag' }, readOnly: true },
    ...(newer
      ? {
          pinData: { type: 'object', nullable: true, example: { 'Node 1': [{ json: {} }] } },
          projectId: { type: 'string', writeOnly: true, description: 'Create the workflow in this project' },
          versionId: { type: 'string', readOnly: true },
          isArchived: { type: 'boolean', readOnly: true },
          triggerCount: { type: 'number', readOnly: true },
          meta: { type: 'object', readOnly: true },
          activeVersion: { type: 'object', nullable: true, readOnly: true },
        }
      : {}),
  };
  const pathsWorkflows = {
    get: {
      'x-eov-operation-id': 'getWorkflows',
      tags: ['Workflow'],
      summary: 'Retrieve all workflows',
      parameters: [
        { name: 'active', in: 'query', schema: { type: 'boolean' } },
        { name: 'name', in: 'query', schema: { type: 'string' } },
        { name: 'limit', in: 'query', schema: { type: 'number', default: 100, maximum: 250 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' } },
      ],
      responses: { '200': { description: 'Operation successful.' }, '401': { description: 'Unauthorized' } },
    },
    post: {
      'x-eov-operation-id': 'createWorkflow',
      tags: ['Workflow'],
      summary: 'Create a workflow',
      requestBody: {
        description: 'Created workflow object.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/workflow' } } },
        required: true,
      },
      responses: {
        '200': {
          description: 'A workflow object',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/workflow' } } },
        },
        '400': { description: 'The request is invalid or provides malformed data.' },
        '401': { description: 'Unauthorized' },
      },
    },
  };
  return {
    openapi: '3.0.0',
    info: {
      title: 'n8n Public API',
      description: 'n8n Public API',
      version: '1.1.1',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ ApiKeyAuth: [] }],
    paths: {
      '/workflows': pathsWorkflows,
      '/workflows/{id}': {
        get: { 'x-eov-operation-id': 'getWorkflow', summary: 'Retrieves a workflow', responses: {} },
      },
      '/workflows/{id}/activate': {
        post: { 'x-eov-operation-id': 'activateWorkflow', summary: 'Activate a workflow', responses: {} },
      },
      '/workflows/{id}/deactivate': {
        post: { 'x-eov-operation-id': 'deactivateWorkflow', summary: 'Deactivate a workflow', responses: {} },
      },
      ...(v2
        ? {
            '/workflows/{id}/publish': {
              post: { 'x-eov-operation-id': 'publishWorkflow', summary: 'Publish a workflow', responses: {} },
            },
            '/workflows/{id}/unpublish': {
              post: {
                'x-eov-operation-id': 'unpublishWorkflow',
                summary: 'Unpublish a workflow',
                responses: {},
              },
            },
            '/credentials': {
              get: { 'x-eov-operation-id': 'getCredentials', summary: 'List credentials', responses: {} },
              post: {
                'x-eov-operation-id': 'createCredential',
                summary: 'Create a credential',
                responses: {},
              },
            },
            '/credentials/schema/{credentialTypeName}': {
              get: { 'x-eov-operation-id': 'getCredentialType', summary: 'Credential schema', responses: {} },
            },
          }
        : {}),
      '/executions': {
        get: {
          'x-eov-operation-id': 'getExecutions',
          summary: 'Retrieve all executions',
          parameters: [
            { name: 'includeData', in: 'query', schema: { type: 'boolean' } },
            {
              name: 'status',
              in: 'query',
              schema: { type: 'string', enum: ['error', 'success', 'waiting'] },
            },
            { name: 'workflowId', in: 'query', schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'number', default: 100, maximum: 250 } },
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
          ],
          responses: {},
        },
      },
    },
    components: {
      schemas: {
        workflow: {
          type: 'object',
          additionalProperties: false,
          required: ['name', 'nodes', 'connections', 'settings'],
          properties: workflowProperties,
        },
        node: {
          type: 'object',
          additionalProperties: false,
          properties: BASE_NODE_PROPERTIES,
        },
        workflowSettings: {
          type: 'object',
          additionalProperties: false,
          properties: newer
            ? { ...BASE_SETTINGS_PROPERTIES, ...NEWER_SETTINGS_PROPERTIES }
            : BASE_SETTINGS_PROPERTIES,
        },
        tag: {
          type: 'object',
          additionalProperties: false,
          properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } },
        },
      },
      securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-N8N-API-KEY' } },
    },
  };
}

/** Inlines local `$ref`s (the stand-in's documents have no cycles). */
function deref(document: Schema, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => deref(document, s));
  if (!schema || typeof schema !== 'object') return schema;
  const ref = (schema as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    let target: unknown = document;
    for (const part of ref.slice(2).split('/')) target = (target as Schema)[part];
    return deref(document, target);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, deref(document, v)]));
}

/** 'request/body/<path> is read-only' for every read-only property present, like n8n's validator. */
function readOnlyErrors(schema: Schema, value: unknown, path: string): string[] {
  if (!value || typeof value !== 'object') return [];
  if (Array.isArray(value)) {
    const items = schema.items as Schema | undefined;
    return items ? value.flatMap((v, i) => readOnlyErrors(items, v, `${path}/${i}`)) : [];
  }
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  return Object.entries(value).flatMap(([key, v]) => {
    const property = properties[key];
    if (!property) return [];
    if (property.readOnly) return [`${path}/${key} is read-only`];
    return readOnlyErrors(property, v, `${path}/${key}`);
  });
}

function formatAjvError(error: ErrorObject): string {
  return `request/body${error.instancePath} ${error.message ?? 'is invalid'}`;
}

export type StandinExecution = {
  id: number;
  finished: boolean;
  mode: string;
  retryOf: string | null;
  retrySuccessId: string | null;
  startedAt: string;
  stoppedAt: string | null;
  workflowId: string;
  waitTill: string | null;
  status: 'success' | 'error' | 'running' | 'waiting' | 'canceled' | 'crashed' | 'new';
  /** Run data as n8n returns it with includeData=true (only when the spec told us item counts). */
  data?: unknown;
};

export type StandinWorkflow = Record<string, unknown> & { id: string; name: string; active: boolean };

/**
 * Where n8n registers a workflow's enabled Webhook nodes: `<path>` with a webhookId, else
 * `<workflowId>/<node name, lower case>/<path>` (shared/reference/n8n-public-api.md), per method.
 */
export function webhooksOf(workflow: StandinWorkflow): { node: string; key: string }[] {
  const nodes = (workflow.nodes ?? []) as Record<string, unknown>[];
  return nodes
    .filter((n) => n.type === 'n8n-nodes-base.webhook' && n.disabled !== true)
    .map((n) => {
      const parameters = (n.parameters ?? {}) as { path?: string; httpMethod?: string };
      const path = String(parameters.path ?? '').replace(/^\/+/, '');
      const name = String(n.name);
      const full = n.webhookId ? path : `${workflow.id}/${encodeURIComponent(name.toLowerCase())}/${path}`;
      return { node: name, key: `${parameters.httpMethod ?? 'GET'} ${full}` };
    });
}

export type StandinFaults = {
  /** Every authenticated API call answers this (e.g. 500, 503); with `method`, only calls of that method. */
  status?: { status: number; body: unknown; method?: string };
  /** Every API call answers a redirect here (the caller must not follow it). */
  redirectTo?: string;
  /** Answers only after this many milliseconds. */
  delayMs?: number;
};

export type StandinRequest = {
  method: string;
  path: string;
  apiKey: string | undefined;
  authorization?: string;
};

export type StandinCredential = { id: string; name: string; type: string; data?: unknown };

export function createN8nStandin(options: {
  version: StandinVersion;
  apiKey: string;
  scopes?: string[];
  /**
   * n8n 2.40.7 registers a published workflow's production webhooks a moment after /publish answers;
   * until then a call gets its 404. How long that moment lasts here (default 0: at once).
   */
  webhookRegistrationMs?: number;
}) {
  const version = options.version;
  /** Workflow id → when its production webhooks answer (set on publish). */
  const webhooksFrom = new Map<string, number>();
  const v2 = version === 'v2';
  let scopes = new Set(options.scopes ?? STANDIN_ALL_SCOPES);
  const credentials = new Map<string, StandinCredential>();
  let nextCredentialId = 1;
  const document = standinOpenApiDocument(version);
  const yamlText = stringify(document);
  const createSchema = deref(document, { $ref: '#/components/schemas/workflow' }) as Schema;
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: false });
  const validateCreate = ajv.compile(createSchema);
  const workflows = new Map<string, StandinWorkflow>();
  const executions: StandinExecution[] = [];
  const requests: StandinRequest[] = [];
  let faults: StandinFaults = {};
  let nextExecutionId = 1;

  const app = new Hono();
  const STARTERS = /trigger$|\.webhook$|\.cron$|\.interval$/i;
  const nodesOf = (w: StandinWorkflow) => (w.nodes as Record<string, unknown>[] | undefined) ?? [];
  const executionFor = (id: string, status: StandinExecution['status'], mode: string) => {
    const execution: StandinExecution = {
      id: nextExecutionId++,
      finished: status === 'success',
      mode,
      retryOf: null,
      retrySuccessId: null,
      startedAt: now(),
      stoppedAt: now(),
      workflowId: id,
      waitTill: null,
      status,
    };
    executions.push(execution);
    return execution;
  };
  const now = () => new Date().toISOString();
  const workflowId = () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    return Array.from(randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
  };
  const page = <T>(items: T[], limitParam: string | undefined, cursor: string | undefined) => {
    const limit = Math.min(Math.max(Number(limitParam ?? 100) || 100, 1), 250);
    let offset = 0;
    if (cursor) {
      try {
        offset = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { offset: number }).offset;
      } catch {
        return undefined;
      }
    }
    const data = items.slice(offset, offset + limit);
    const nextCursor =
      offset + limit < items.length
        ? Buffer.from(JSON.stringify({ offset: offset + limit, limit }), 'utf8').toString('base64url')
        : null;
    return { data, nextCursor };
  };

  app.use('*', async (c, next) => {
    requests.push({
      method: c.req.method,
      path: new URL(c.req.url).pathname + new URL(c.req.url).search,
      apiKey: c.req.header('x-n8n-api-key'),
      authorization: c.req.header('authorization'),
    });
    if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (faults.redirectTo) return c.redirect(faults.redirectTo, 302);
    await next();
  });

  app.get('/api/v1/openapi.yml', (c) =>
    c.body(yamlText, 200, { 'Content-Type': 'text/yaml; charset=utf-8' }),
  );
  // The frontend settings n8n serves without login; Flowvault reads versionCli from it.
  // n8n 2.x no longer names its version there; its editor page still does (a sentry meta tag).
  app.get('/rest/settings', (c) =>
    c.json({
      data: v2
        ? { settingsMode: 'public', publicApi: { enabled: true } }
        : { versionCli: STANDIN_N8N_VERSIONS[version], publicApi: { enabled: true } },
    }),
  );
  app.get('/', (c) => {
    const sentry = Buffer.from(JSON.stringify({ release: `n8n@${STANDIN_N8N_VERSIONS[version]}` })).toString(
      'base64',
    );
    return c.html(
      `<!doctype html><html><head><meta name="n8n:config:sentry" content="${sentry}"></head></html>`,
    );
  });

  app.use('/api/v1/*', async (c, next) => {
    const key = c.req.header('x-n8n-api-key');
    if (!key || key !== options.apiKey) return c.json({ message: "'X-N8N-API-KEY' header required" }, 401);
    if (faults.status && (!faults.status.method || faults.status.method === c.req.method)) {
      return c.json(faults.status.body as Record<string, unknown>, faults.status.status as 500);
    }
    await next();
  });

  app.get('/api/v1/workflows', (c) => {
    let list = [...workflows.values()];
    const active = c.req.query('active');
    if (active !== undefined) list = list.filter((w) => String(w.active) === active);
    const name = c.req.query('name');
    if (name !== undefined) list = list.filter((w) => w.name === name);
    const result = page(list, c.req.query('limit'), c.req.query('cursor'));
    if (!result) return c.json({ message: 'An invalid cursor was provided' }, 400);
    return c.json(result);
  });

  app.post('/api/v1/workflows', async (c) => {
    if (!(c.req.header('content-type') ?? '').includes('application/json')) {
      return c.json({ message: 'Unsupported Content-Type' }, 415);
    }
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ message: 'Invalid JSON in request body' }, 400);
    }
    const errors = readOnlyErrors(createSchema, body, 'request/body');
    if (!validateCreate(body)) {
      // A read-only field is reported once, not also for what is inside it.
      const readOnlyPaths = errors.map((e) => e.slice('request/body'.length, -' is read-only'.length));
      const inside = (path: string) => readOnlyPaths.some((p) => path === p || path.startsWith(`${p}/`));
      errors.push(
        ...(validateCreate.errors ?? []).filter((e) => !inside(e.instancePath)).map(formatAjvError),
      );
    }
    if (errors.length > 0) return c.json({ message: [...new Set(errors)].join(', ') }, 400);
    const input = body as Record<string, unknown>;
    if (v2) {
      const issues = structureIssues(input.nodes as Parameters<typeof structureIssues>[0]);
      if (issues.length)
        return c.json({ message: `Workflow structure is invalid. ${issues.join('; ')}` }, 400);
    }
    const stamp = now();
    const nodes = (input.nodes as Record<string, unknown>[]).map((n) => ({
      id: randomUUID(),
      ...n,
      ...(n.credentials ? { credentials: bindCredentials(n.credentials as Record<string, unknown>) } : {}),
    }));
    const workflow: StandinWorkflow = {
      id: workflowId(),
      name: input.name as string,
      active: false,
      createdAt: stamp,
      updatedAt: stamp,
      nodes,
      connections: input.connections,
      settings: input.settings,
      staticData: input.staticData ?? null,
      ...(version === 'newer'
        ? { pinData: input.pinData ?? null, versionId: randomUUID(), isArchived: false }
        : {}),
      tags: [],
    };
    workflows.set(workflow.id, workflow);
    return c.json(workflow);
  });

  app.get('/api/v1/workflows/:id', (c) => {
    const workflow = workflows.get(c.req.param('id'));
    return workflow ? c.json(workflow) : c.json({ message: 'Not Found' }, 404);
  });

  // Like n8n's PUT: the same body rules as create; ids, webhook ids and credentials as sent.
  app.put('/api/v1/workflows/:id', async (c) => {
    const workflow = workflows.get(c.req.param('id'));
    if (!workflow) return c.json({ message: 'Not Found' }, 404);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ message: 'Invalid JSON in request body' }, 400);
    }
    if (!validateCreate(body))
      return c.json({ message: (validateCreate.errors ?? []).map(formatAjvError).join(', ') }, 400);
    const input = body as Record<string, unknown>;
    Object.assign(workflow, {
      name: input.name,
      nodes: (input.nodes as Record<string, unknown>[]).map((n) => ({ id: randomUUID(), ...n })),
      connections: input.connections,
      settings: input.settings,
      updatedAt: now(),
    });
    return c.json(workflow);
  });

  app.delete('/api/v1/workflows/:id', (c) => {
    const workflow = workflows.get(c.req.param('id'));
    if (!workflow) return c.json({ message: 'Not Found' }, 404);
    // n8n 2.40.7 deletes only unpublished workflows.
    if (v2 && workflow.active)
      return c.json({ message: 'Cannot delete a published workflow. Unpublish it before deleting.' }, 409);
    workflows.delete(workflow.id);
    return c.json(workflow);
  });

  for (const action of ['activate', 'deactivate'] as const) {
    app.post(`/api/v1/workflows/:id/${action}`, (c) => {
      const workflow = workflows.get(c.req.param('id'));
      if (!workflow) return c.json({ message: 'Not Found' }, 404);
      if (v2) {
        // Deprecated aliases of /publish and /unpublish in n8n 2.x.
        c.header('Deprecation', '@1784764800');
        return action === 'activate' ? publish(c, workflow) : unpublish(c, workflow);
      }
      // n8n's own refusal for a workflow with nothing that can start it on its own.
      if (action === 'activate' && !nodesOf(workflow).some((n) => STARTERS.test(String(n.type)))) {
        return c.json(
          {
            message:
              'Workflow has no node to start the workflow - at least one trigger, poller or webhook node is required',
          },
          400,
        );
      }
      if (action === 'activate' && !workflow.active) {
        const clash = webhookClash(c, workflow);
        if (clash) return clash;
      }
      workflow.active = action === 'activate';
      workflow.updatedAt = now();
      return c.json(workflow);
    });
  }

  type Ctx = Context;
  const forbidden = (c: Ctx) => c.json({ message: 'Forbidden' }, 403);
  /** Like n8n: two active workflows cannot listen on the same method and path (n8n's 400, or nothing). */
  function webhookClash(c: Ctx, workflow: StandinWorkflow) {
    const taken = new Set(
      [...workflows.values()].filter((w) => w.active).flatMap((w) => webhooksOf(w).map((h) => h.key)),
    );
    const clash = webhooksOf(workflow).find((h) => taken.has(h.key));
    if (!clash) return undefined;
    return c.json(
      {
        message: `The URL path that the "${clash.node}" node uses is already taken. Please change it to something else.`,
      },
      400,
    );
  }
  function publish(c: Ctx, workflow: StandinWorkflow) {
    if (!scopes.has('workflow:publish')) return forbidden(c);
    const refusal = publishRefusal(
      workflow as unknown as Parameters<typeof publishRefusal>[0],
      TABLE_RELEASE[version],
    );
    if (refusal) return c.json({ message: refusal }, 400);
    const subRefusal = subWorkflowRefusal(
      workflow as unknown as Parameters<typeof subWorkflowRefusal>[0],
      (id) => {
        const sub = workflows.get(id);
        return sub ? { name: sub.name, published: sub.active } : undefined;
      },
    );
    if (subRefusal) return c.json({ message: subRefusal }, 400);
    if (!workflow.active) {
      const clash = webhookClash(c, workflow);
      if (clash) return clash;
    }
    if (!workflow.active) webhooksFrom.set(workflow.id, Date.now() + (options.webhookRegistrationMs ?? 0));
    workflow.active = true;
    workflow.activeVersionId = workflow.versionId ?? null;
    workflow.updatedAt = now();
    return c.json(workflow);
  }
  function unpublish(c: Ctx, workflow: StandinWorkflow) {
    if (!scopes.has('workflow:unpublish')) return forbidden(c);
    workflow.active = false;
    workflow.activeVersionId = null;
    workflow.updatedAt = now();
    return c.json(workflow);
  }
  /** n8n's replaceInvalidCredentials: `{id: null, name}` binds when exactly one credential matches. */
  function bindCredentials(refs: Record<string, unknown>) {
    const out: Record<string, unknown> = {};
    for (const [type, raw] of Object.entries(refs)) {
      const ref = (typeof raw === 'string' ? { id: null, name: raw } : raw) as {
        id?: unknown;
        name?: unknown;
      };
      const byId = typeof ref.id === 'string' ? credentials.get(ref.id) : undefined;
      if (byId && byId.type === type) {
        out[type] = { id: byId.id, name: byId.name };
        continue;
      }
      const sameName = [...credentials.values()].filter((k) => k.type === type && k.name === ref.name);
      out[type] =
        sameName.length === 1
          ? { id: sameName[0]!.id, name: sameName[0]!.name }
          : { id: ref.id ?? null, name: ref.name };
    }
    return out;
  }
  if (v2) {
    app.post('/api/v1/workflows/:id/publish', (c) => {
      const workflow = workflows.get(c.req.param('id'));
      return workflow ? publish(c, workflow) : c.json({ message: 'Not Found' }, 404);
    });
    app.post('/api/v1/workflows/:id/unpublish', (c) => {
      const workflow = workflows.get(c.req.param('id'));
      return workflow ? unpublish(c, workflow) : c.json({ message: 'Not Found' }, 404);
    });
    app.get('/api/v1/credentials', (c) => {
      if (!scopes.has('credential:list')) return forbidden(c);
      const list = [...credentials.values()].map(({ id, name, type }) => ({
        id,
        name,
        type,
        createdAt: now(),
        updatedAt: now(),
        shared: [],
      }));
      const result = page(list, c.req.query('limit'), c.req.query('cursor'));
      if (!result) return c.json({ message: 'An invalid cursor was provided' }, 400);
      return c.json(result);
    });
    app.post('/api/v1/credentials', async (c) => {
      if (!scopes.has('credential:create')) return forbidden(c);
      const body = (await c.req.json().catch(() => null)) as {
        name?: unknown;
        type?: unknown;
        data?: unknown;
      } | null;
      if (!body || typeof body.name !== 'string' || typeof body.type !== 'string')
        return c.json({ message: 'request/body must have required property name, type, data' }, 400);
      const created = addCredential({ name: body.name, type: body.type, data: body.data });
      return c.json({
        id: created.id,
        name: created.name,
        type: created.type,
        createdAt: now(),
        updatedAt: now(),
      });
    });
    app.get('/api/v1/credentials/schema/:type', (c) =>
      c.json({ additionalProperties: false, type: 'object', properties: {}, required: [] }),
    );
    app.delete('/api/v1/credentials/:id', (c) => {
      const found = credentials.get(c.req.param('id'));
      if (!found) return c.json({ message: 'Not Found' }, 404);
      credentials.delete(found.id);
      return c.json({ id: found.id, name: found.name, type: found.type });
    });
  }
  function addCredential(input: { name: string; type: string; data?: unknown }): StandinCredential {
    const credential = { id: `cred${nextCredentialId++}`, ...input };
    credentials.set(credential.id, credential);
    return credential;
  }

  app.get('/api/v1/executions', (c) => {
    let list = [...executions].sort((a, b) => b.id - a.id);
    const workflowIdFilter = c.req.query('workflowId');
    if (workflowIdFilter) list = list.filter((e) => e.workflowId === workflowIdFilter);
    const status = c.req.query('status');
    if (status) {
      if (!['error', 'success', 'waiting'].includes(status)) {
        return c.json({ message: 'request/query/status must be equal to one of the allowed values' }, 400);
      }
      list = list.filter((e) => e.status === status);
    }
    const result = page(list, c.req.query('limit'), c.req.query('cursor'));
    if (!result) return c.json({ message: 'An invalid cursor was provided' }, 400);
    return c.json(result);
  });

  app.get('/api/v1/executions/:id', (c) => {
    const execution = executions.find((e) => String(e.id) === c.req.param('id'));
    if (!execution) return c.json({ message: 'Not Found' }, 404);
    const { data, ...rest } = execution;
    return c.json(c.req.query('includeData') === 'true' && data !== undefined ? { ...rest, data } : rest);
  });

  // Production webhooks of active workflows (at n8n's path: the template's when the node has a
  // webhookId, else under the workflow id): a call starts an execution (an error when the workflow
  // holds a Stop and Error node), like n8n's webhook runner; anything else is n8n's 404.
  app.all('/webhook/*', (c) => {
    const path = decodeURIComponent(new URL(c.req.url).pathname.slice('/webhook/'.length));
    const key = `${c.req.method} ${path}`;
    for (const workflow of workflows.values()) {
      if (!workflow.active || !webhooksOf(workflow).some((h) => h.key === key)) continue;
      if ((webhooksFrom.get(workflow.id) ?? 0) > Date.now()) break; // published, not registered yet
      const stop = nodesOf(workflow).find((n) => n.type === 'n8n-nodes-base.stopAndError');
      const execution = executionFor(workflow.id, stop ? 'error' : 'success', 'webhook');
      if (stop) {
        const message = (stop.parameters as { errorMessage?: string } | undefined)?.errorMessage ?? 'Stopped';
        execution.data = { resultData: { runData: {}, error: { message } } };
      }
      return c.json({ message: 'Workflow was started' });
    }
    return c.json(
      { code: 404, message: `The requested webhook "${c.req.method} ${path}" is not registered.` },
      404,
    );
  });

  app.notFound((c) => c.json({ message: 'not found' }, 404));

  return {
    app,
    version,
    n8nVersion: STANDIN_N8N_VERSIONS[version],
    openapiYaml: yamlText,
    workflows,
    requests,
    credentials,
    /** A credential in the member's n8n (what they set up in n8n's own UI). */
    addCredential,
    /** The scopes of the API key (n8n 2.x keys can be limited). */
    setScopes(next: string[]) {
      scopes = new Set(next);
    },
    setFaults(next: StandinFaults) {
      faults = next;
    },
    /** Makes the stand-in report an execution, as if n8n had run the workflow. */
    reportExecution(input: {
      workflowId: string;
      status: StandinExecution['status'];
      startedAt?: string;
      stoppedAt?: string | null;
      mode?: string;
      /** Item counts the run data will show: the trigger emits `total`, the last node `processed`. */
      items?: { processed: number; total: number };
    }): StandinExecution {
      const execution: StandinExecution = {
        id: nextExecutionId++,
        finished: input.status === 'success',
        mode: input.mode ?? 'trigger',
        retryOf: null,
        retrySuccessId: null,
        startedAt: input.startedAt ?? now(),
        stoppedAt: input.stoppedAt === undefined ? now() : input.stoppedAt,
        workflowId: input.workflowId,
        waitTill: null,
        status: input.status,
      };
      if (input.items) {
        const items = (n: number) => Array.from({ length: n }, (_, i) => ({ json: { i } }));
        execution.data = {
          resultData: {
            runData: {
              Trigger: [{ startTime: 0, executionTime: 1, data: { main: [items(input.items.total)] } }],
              'Last step': [
                { startTime: 1, executionTime: 1, data: { main: [items(input.items.processed)] } },
              ],
            },
            lastNodeExecuted: 'Last step',
          },
        };
      }
      executions.push(execution);
      return execution;
    },
  };
}

export type N8nStandin = ReturnType<typeof createN8nStandin>;

/** Starts a stand-in on a loopback port (random unless given). Call `close()` when done. */
export async function startN8nStandin(
  options: {
    version?: StandinVersion;
    apiKey?: string;
    port?: number;
    scopes?: string[];
    /** Another loopback address (127.0.0.2) gives a second instance URL on the same port. */
    hostname?: string;
    webhookRegistrationMs?: number;
  } = {},
): Promise<N8nStandin & { url: string; port: number; apiKey: string; close(): Promise<void> }> {
  const apiKey = options.apiKey ?? `n8n_api_${randomBytes(18).toString('hex')}`;
  const standin = createN8nStandin({
    version: options.version ?? 'newer',
    apiKey,
    scopes: options.scopes,
    webhookRegistrationMs: options.webhookRegistrationMs,
  });
  const server = serve({
    fetch: standin.app.fetch,
    port: options.port ?? 0,
    hostname: options.hostname ?? '127.0.0.1',
  }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  return Object.assign(standin, {
    url: `http://${options.hostname ?? '127.0.0.1'}:${port}`,
    port,
    apiKey,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
