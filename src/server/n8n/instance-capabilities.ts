// What an n8n instance accepts on `POST /api/v1/workflows`, read from its own openapi.yml (served
// without a key at /api/v1/openapi.yml). Pure: text in, capabilities out.
import { createHash } from 'node:crypto';
import { onFirstUse } from '#server/lib/on-first-use.ts';

/** The subset of OpenAPI 3.0 schema keywords preflight checks values against. */
export type ValueSchema = {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array';
  enum?: unknown[];
  nullable?: boolean;
  items?: ValueSchema;
  anyOf?: ValueSchema[];
};

export type InstanceCapabilities = {
  /** 'openapi' when read from the instance, 'baseline' for the conservative fallback. */
  source: 'openapi' | 'baseline';
  /** The public API's own version (info.version), not the n8n version. */
  apiVersion: string | null;
  /** Writable top-level fields of the create body. */
  workflowFields: string[];
  /** Fields the instance answers 'request/body/<field> is read-only' for. */
  readOnlyWorkflowFields: string[];
  /** Writable node keys with their schemas. */
  nodeKeys: Record<string, ValueSchema>;
  /** Accepted settings keys with their schemas. */
  settings: Record<string, ValueSchema>;
  /**
   * n8n 2.x: activation is publishing (`POST /workflows/{id}/publish`, `/unpublish`); older instances
   * only have `/activate` and `/deactivate` (2.x keeps those as deprecated aliases).
   */
  publish: boolean;
  /** The instance lists credentials (`GET /credentials`, n8n 2.x; the key needs `credential:list`). */
  credentialList: boolean;
};

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array']);

/**
 * The oldest accepted shape seen across n8n versions (reference: n8n-public-api.md): used when an
 * instance's openapi.yml cannot be read, so a payload built from it is accepted everywhere.
 */
export const BASELINE_CAPABILITIES: InstanceCapabilities = {
  source: 'baseline',
  apiVersion: null,
  workflowFields: ['name', 'nodes', 'connections', 'settings', 'staticData'],
  readOnlyWorkflowFields: ['id', 'active', 'createdAt', 'updatedAt', 'tags'],
  nodeKeys: {
    id: { type: 'string' },
    name: { type: 'string' },
    webhookId: { type: 'string' },
    disabled: { type: 'boolean' },
    notesInFlow: { type: 'boolean' },
    notes: { type: 'string' },
    type: { type: 'string' },
    typeVersion: { type: 'number' },
    executeOnce: { type: 'boolean' },
    alwaysOutputData: { type: 'boolean' },
    retryOnFail: { type: 'boolean' },
    maxTries: { type: 'number' },
    waitBetweenTries: { type: 'number' },
    continueOnFail: { type: 'boolean' },
    onError: { type: 'string' },
    position: { type: 'array', items: { type: 'number' } },
    parameters: { type: 'object' },
    credentials: { type: 'object' },
  },
  settings: {
    saveExecutionProgress: { type: 'boolean' },
    saveManualExecutions: { type: 'boolean' },
    saveDataErrorExecution: { type: 'string', enum: ['all', 'none'] },
    saveDataSuccessExecution: { type: 'string', enum: ['all', 'none'] },
    executionTimeout: { type: 'number' },
    errorWorkflow: { type: 'string' },
    timezone: { type: 'string' },
  },
  publish: false,
  credentialList: false,
};

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Resolves local `$ref`s and merges `allOf`, depth-limited (specs can be recursive). */
function resolve(document: Json, schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > 20) return {};
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/')) return {};
    let target: unknown = document;
    for (const raw of ref.slice(2).split('/')) {
      const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[part] : undefined;
    }
    return resolve(document, target, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = {
      ...schema,
      allOf: undefined,
      properties: { ...(isObject(schema.properties) ? schema.properties : {}) },
    };
    for (const part of schema.allOf) {
      const resolved = resolve(document, part, depth + 1);
      Object.assign(merged.properties as Json, isObject(resolved.properties) ? resolved.properties : {});
      for (const key of ['type', 'additionalProperties', 'readOnly', 'nullable'] as const) {
        if (resolved[key] !== undefined && merged[key] === undefined) merged[key] = resolved[key];
      }
    }
    return merged;
  }
  return schema;
}

function toValueSchema(document: Json, raw: unknown, depth = 0): ValueSchema {
  const schema = resolve(document, raw);
  const result: ValueSchema = {};
  if (typeof schema.type === 'string' && TYPES.has(schema.type))
    result.type = schema.type as ValueSchema['type'];
  if (Array.isArray(schema.enum)) result.enum = schema.enum;
  if (schema.nullable === true) result.nullable = true;
  if (result.type === 'array' && schema.items !== undefined && depth < 5) {
    result.items = toValueSchema(document, schema.items, depth + 1);
  }
  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : null;
  if (alternatives && depth < 5)
    result.anyOf = alternatives.map((a) => toValueSchema(document, a, depth + 1));
  return result;
}

function properties(schema: Json): Record<string, unknown> {
  return isObject(schema.properties) ? schema.properties : {};
}

/** Thrown when a document is not a usable n8n public API description. */
const yaml = onFirstUse<typeof import('yaml')>('yaml');

export class OpenApiShapeError extends Error {
  override name = 'OpenApiShapeError';
}

/**
 * Parsed documents by content hash. n8n 2.x's openapi.yml is about 680 kB and takes 0.4–1.5 s to
 * parse on a busy 2-core machine, more than a whole deploy may take (issue 39: ≤ 1 s p95); every
 * instance of one n8n release serves the same text, so a member's first deploy reuses the parse.
 */
const parsed = new Map<string, InstanceCapabilities>();
const PARSED_MAX = 16;

/** Reads an instance's openapi.yml. Throws `OpenApiShapeError` when it has no usable create schema. */
export function parseOpenApiCapabilities(text: string): InstanceCapabilities {
  const key = createHash('sha256').update(text).digest('base64url');
  const known = parsed.get(key);
  if (known) return structuredClone(known);
  const capabilities = parseDocument(text);
  if (parsed.size >= PARSED_MAX) parsed.delete(parsed.keys().next().value!);
  parsed.set(key, capabilities);
  return structuredClone(capabilities);
}

function parseDocument(text: string): InstanceCapabilities {
  let document: unknown;
  try {
    document = yaml().parse(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new OpenApiShapeError(`openapi.yml is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
  }
  if (!isObject(document) || !isObject(document.paths))
    throw new OpenApiShapeError('openapi.yml has no paths');
  const workflowsPath = resolve(document, document.paths['/workflows']);
  const post = resolve(document, workflowsPath.post);
  const requestBody = resolve(document, post.requestBody);
  const content = isObject(requestBody.content) ? requestBody.content : {};
  const body = resolve(document, (content['application/json'] as Json | undefined)?.schema);
  const bodyProperties = properties(body);
  if (!isObject(bodyProperties.nodes) || Object.keys(bodyProperties).length === 0) {
    throw new OpenApiShapeError('openapi.yml does not describe POST /workflows');
  }
  const workflowFields: string[] = [];
  const readOnlyWorkflowFields: string[] = [];
  for (const [key, raw] of Object.entries(bodyProperties)) {
    (resolve(document, raw).readOnly === true ? readOnlyWorkflowFields : workflowFields).push(key);
  }
  const nodesSchema = resolve(document, bodyProperties.nodes);
  const nodeSchema = resolve(document, nodesSchema.items);
  const nodeKeys: Record<string, ValueSchema> = {};
  for (const [key, raw] of Object.entries(properties(nodeSchema))) {
    if (resolve(document, raw).readOnly === true) continue;
    nodeKeys[key] = toValueSchema(document, raw);
  }
  const settingsSchema = resolve(document, bodyProperties.settings);
  const settings: Record<string, ValueSchema> = {};
  for (const [key, raw] of Object.entries(properties(settingsSchema))) {
    if (resolve(document, raw).readOnly === true) continue;
    settings[key] = toValueSchema(document, raw);
  }
  if (Object.keys(nodeKeys).length === 0) throw new OpenApiShapeError('openapi.yml describes no node keys');
  const info = isObject(document.info) ? document.info : {};
  const paths = document.paths;
  const has = (path: string, method: string) => isObject(resolve(document, paths[path])[method]);
  return {
    source: 'openapi',
    apiVersion: typeof info.version === 'string' ? info.version : null,
    workflowFields,
    readOnlyWorkflowFields,
    nodeKeys,
    settings,
    publish: has('/workflows/{id}/publish', 'post'),
    credentialList: has('/credentials', 'get'),
  };
}

/** Whether a value satisfies a (subset) schema: type, enum, nullable, array items, anyOf. */
export function conformsTo(value: unknown, schema: ValueSchema): boolean {
  if (value === null) {
    if (schema.nullable) return true;
    if (schema.anyOf) return schema.anyOf.some((s) => conformsTo(value, s));
    return schema.type === undefined && schema.enum === undefined;
  }
  if (schema.anyOf && !schema.anyOf.some((s) => conformsTo(value, s))) return false;
  if (schema.enum && !schema.enum.some((e) => e === value)) return false;
  switch (schema.type) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return (
        Array.isArray(value) &&
        (!schema.items || value.every((v) => conformsTo(v, schema.items as ValueSchema)))
      );
  }
}
