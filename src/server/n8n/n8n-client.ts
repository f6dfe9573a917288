// A typed client for a member's n8n public API v1, over the SSRF-guarded fetch. Paths are fixed
// here (members give an instance URL, never a path). The API key travels only in X-N8N-API-KEY
// and only to /api/v1 paths; it is never logged, and it is cut out of error bodies.
import { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import {
  BASELINE_CAPABILITIES,
  type InstanceCapabilities,
  OpenApiShapeError,
  parseOpenApiCapabilities,
} from './instance-capabilities.ts';
import { versionFromEditorHtml } from './instance-version.ts';
import type { WorkflowPayload } from './preflight.ts';
import { type GuardedFetch, type GuardedResponse, OutboundError, SsrfBlockedError } from './ssrf-guard.ts';

export type N8nInstance = {
  /** Normalized instance URL (see `normalizeInstanceUrl`), e.g. https://n8n.example.com */
  url: string;
  apiKey: string;
};

/**
 * Trims the member's instance URL and removes trailing slashes. Accepts https, and http only when
 * the operator allows it; refuses user:password@, query strings and fragments. A path prefix
 * (n8n behind N8N_PATH) is kept.
 */
export function normalizeInstanceUrl(raw: string, options: { allowHttp?: boolean } = {}): string {
  const invalid = (userMessage: string) => new AppError('VALIDATION_FAILED', { userMessage });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('Enter the full address of your n8n instance, e.g. https://n8n.example.com');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowHttp)) {
    throw invalid(
      options.allowHttp
        ? 'The n8n instance URL must start with https:// or http://'
        : 'The n8n instance URL must start with https://',
    );
  }
  if (url.username || url.password) throw invalid('Leave the user name and password out of the instance URL');
  if (url.search || url.hash) throw invalid('The instance URL cannot contain a query or a fragment');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}

/** Shows an API key as its last four characters only. */
export function maskApiKey(apiKey: string): string {
  return apiKey.length <= 8 ? '••••' : `••••${apiKey.slice(-4)}`;
}

export type N8nCallKind = 'http' | 'refused' | 'timeout' | 'network' | 'too-large' | 'invalid-response';

/** A failed call to a member's n8n. `status`/`statusText`/`body` are set for HTTP errors. */
export class N8nApiError extends Error {
  override name = 'N8nApiError';
  readonly kind: N8nCallKind;
  readonly operation: string;
  readonly status: number | null;
  readonly statusText: string;
  readonly body: string;
  constructor(options: {
    kind: N8nCallKind;
    operation: string;
    message: string;
    status?: number;
    statusText?: string;
    body?: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.operation = options.operation;
    this.status = options.status ?? null;
    this.statusText = options.statusText ?? '';
    this.body = options.body ?? '';
  }
}

function failureMessage(prefix: string, error: unknown, fallback: string): string {
  if (error instanceof N8nApiError) {
    if (error.kind === 'http') return `${prefix}: ${error.status} ${error.statusText}. ${error.body}`;
    return error.message;
  }
  return fallback;
}

/** 'Connection failed: {status} {statusText}. {body}' (spec part 2 §8), or why no answer came. */
export function connectionFailedMessage(error: unknown): string {
  return failureMessage('Connection failed', error, 'Unknown connection error');
}

/** 'Failed to create workflow: {status} {statusText}. {body}' (spec part 2 §8). */
export function createWorkflowFailedMessage(error: unknown): string {
  return failureMessage('Failed to create workflow', error, 'Unknown connection error');
}

/** Where the new workflow opens in the member's n8n. */
export function workflowEditorUrl(instanceUrl: string, workflowId: string): string {
  return `${instanceUrl}/workflow/${encodeURIComponent(workflowId)}`;
}

/** The instance's new-workflow page (browser fallback: paste or import the cleaned JSON there). */
export function newWorkflowUrl(instanceUrl: string): string {
  return `${instanceUrl}/workflow/new`;
}

const MAX_ERROR_BODY = 1_000;

export const N8nWorkflowSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  active: z.boolean().default(false),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  nodes: z.array(z.looseObject({ name: z.string().optional(), type: z.string().optional() })).optional(),
});
export type N8nWorkflow = z.infer<typeof N8nWorkflowSchema>;

const WorkflowListSchema = z.looseObject({
  data: z.array(N8nWorkflowSchema),
  nextCursor: z.string().nullish(),
});
export type N8nWorkflowList = { data: N8nWorkflow[]; nextCursor: string | null };

export const N8nExecutionStatusSchema = z.enum([
  'canceled',
  'crashed',
  'error',
  'new',
  'running',
  'success',
  'unknown',
  'waiting',
]);
export type N8nExecutionStatus = z.infer<typeof N8nExecutionStatusSchema>;

export const N8nExecutionSchema = z
  .looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    finished: z.boolean().optional(),
    mode: z.string().optional(),
    startedAt: z.string().nullish(),
    stoppedAt: z.string().nullish(),
    workflowId: z.union([z.string(), z.number()]).transform(String),
    waitTill: z.string().nullish(),
    // Older instances report only `finished`; unknown statuses from newer ones are kept as 'unknown'.
    status: z.string().optional(),
  })
  .transform((e) => {
    const parsed = N8nExecutionStatusSchema.safeParse(e.status);
    const status: N8nExecutionStatus = parsed.success
      ? parsed.data
      : e.status === undefined && e.finished !== undefined
        ? e.finished
          ? 'success'
          : e.stoppedAt
            ? 'error'
            : 'running'
        : 'unknown';
    return {
      id: e.id,
      workflowId: e.workflowId,
      status,
      mode: e.mode ?? null,
      startedAt: e.startedAt ?? null,
      stoppedAt: e.stoppedAt ?? null,
      waitTill: e.waitTill ?? null,
    };
  });
export type N8nExecution = z.infer<typeof N8nExecutionSchema>;

const ExecutionListSchema = z.looseObject({
  data: z.array(N8nExecutionSchema),
  nextCursor: z.string().nullish(),
});

const ExecutionDataSchema = z.looseObject({
  data: z
    .looseObject({
      resultData: z
        .looseObject({
          runData: z.record(z.string(), z.unknown()).optional(),
          lastNodeExecuted: z.string().optional(),
        })
        .optional(),
    })
    .nullish(),
});

/** Items a node's runs produced on its main outputs (n8n run data: runs → data.main → outputs → items). */
function itemsOut(runs: unknown): number | null {
  if (!Array.isArray(runs)) return null;
  let count = 0;
  for (const run of runs) {
    const main = (run as { data?: { main?: unknown } } | null)?.data?.main;
    if (!Array.isArray(main)) continue;
    for (const output of main) if (Array.isArray(output)) count += output.length;
  }
  return count;
}

/**
 * Item counts of one execution from its run data: processed = items out of the last node executed,
 * total = items out of the first node that ran (the trigger). Null when n8n reports no run data.
 */
export function executionItemCounts(execution: unknown): { processed: number; total: number } | null {
  const parsed = ExecutionDataSchema.safeParse(execution);
  const result = parsed.success ? parsed.data.data?.resultData : undefined;
  if (!result?.runData) return null;
  const names = Object.keys(result.runData);
  if (names.length === 0) return null;
  const last =
    result.lastNodeExecuted && result.lastNodeExecuted in result.runData
      ? result.lastNodeExecuted
      : names.at(-1)!;
  const processed = itemsOut(result.runData[last]);
  const total = itemsOut(result.runData[names[0]!]);
  if (processed === null || total === null) return null;
  return { processed, total };
}

const SettingsSchema = z.looseObject({ data: z.looseObject({ versionCli: z.string().optional() }) });

/** Capabilities per instance URL, shared by all requests (openapi.yml rarely changes). */
export type OpenApiCache = ReturnType<typeof createOpenApiCache>;

export function createOpenApiCache(
  options: { ttlMs?: number; failureTtlMs?: number; now?: () => number } = {},
) {
  const ttlMs = options.ttlMs ?? 10 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { expiresAt: number; value: Promise<CapabilitiesLookup> }>();
  return {
    get(instanceUrl: string, load: () => Promise<CapabilitiesLookup>): Promise<CapabilitiesLookup> {
      const hit = entries.get(instanceUrl);
      if (hit && hit.expiresAt > now()) return hit.value;
      const value = load();
      const entry = { expiresAt: now() + ttlMs, value };
      entries.set(instanceUrl, entry);
      value.then(
        (v) => {
          if (v.capabilities.source === 'baseline') entry.expiresAt = now() + failureTtlMs;
        },
        () => entries.delete(instanceUrl),
      );
      return value;
    },
    invalidate(instanceUrl: string) {
      entries.delete(instanceUrl);
    },
    size: () => entries.size,
  };
}

export type CapabilitiesLookup = {
  capabilities: InstanceCapabilities;
  /** Why the baseline was used instead of the instance's own openapi.yml. */
  fallbackReason: string | null;
};

export type ListExecutionsInput = {
  workflowId?: string;
  status?: 'error' | 'success' | 'waiting';
  limit?: number;
  cursor?: string;
};

export type N8nClient = ReturnType<typeof createN8nClient>;

export function createN8nClient(deps: {
  fetch: GuardedFetch;
  instance: N8nInstance;
  openapiCache?: OpenApiCache;
}) {
  const { instance } = deps;
  const base = instance.url.replace(/\/+$/, '');
  const openapiCache = deps.openapiCache ?? createOpenApiCache();

  const redact = (text: string) =>
    instance.apiKey.length >= 8 ? text.split(instance.apiKey).join(maskApiKey(instance.apiKey)) : text;

  async function send(
    operation: string,
    path: string,
    init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; key?: boolean },
  ) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (init.key !== false) headers['X-N8N-API-KEY'] = instance.apiKey;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: GuardedResponse;
    try {
      response = await deps.fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    } catch (error) {
      if (error instanceof SsrfBlockedError) {
        throw new N8nApiError({
          kind: 'refused',
          operation,
          message: `Refused: ${error.message}`,
          cause: error,
        });
      }
      if (error instanceof OutboundError) {
        const message =
          error.kind === 'timeout'
            ? 'Your n8n instance did not answer in time'
            : error.kind === 'too-large'
              ? 'Your n8n instance sent a response that is too large'
              : 'Could not reach your n8n instance';
        throw new N8nApiError({ kind: error.kind, operation, message, cause: error });
      }
      throw new N8nApiError({
        kind: 'network',
        operation,
        message: 'Could not reach your n8n instance',
        cause: error,
      });
    }
    if (response.status < 200 || response.status >= 300) {
      const body = redact(response.body).trim().slice(0, MAX_ERROR_BODY);
      throw new N8nApiError({
        kind: 'http',
        operation,
        status: response.status,
        statusText: response.statusText,
        body,
        message: `n8n ${operation} failed: ${response.status} ${response.statusText}`,
      });
    }
    return response;
  }

  async function call<T>(
    operation: string,
    path: string,
    schema: z.ZodType<T>,
    init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; key?: boolean } = {},
  ): Promise<T> {
    const response = await send(operation, path, init);
    let json: unknown;
    try {
      json = JSON.parse(response.body);
    } catch {
      throw new N8nApiError({
        kind: 'invalid-response',
        operation,
        status: response.status,
        statusText: response.statusText,
        message: 'Your n8n instance answered something that is not JSON',
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new N8nApiError({
        kind: 'invalid-response',
        operation,
        status: response.status,
        statusText: response.statusText,
        message: 'Your n8n instance answered in an unexpected shape',
      });
    }
    return parsed.data;
  }

  const query = (params: Record<string, string | number | boolean | undefined>) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
    const text = search.toString();
    return text ? `?${text}` : '';
  };

  async function listWorkflows(
    input: { limit?: number; cursor?: string; active?: boolean } = {},
  ): Promise<N8nWorkflowList> {
    const result = await call(
      'list-workflows',
      `/api/v1/workflows${query({ limit: input.limit, cursor: input.cursor, active: input.active })}`,
      WorkflowListSchema,
    );
    return { data: result.data, nextCursor: result.nextCursor ?? null };
  }

  async function loadCapabilities(): Promise<CapabilitiesLookup> {
    let response: GuardedResponse;
    try {
      response = await send('openapi', '/api/v1/openapi.yml', { key: false });
    } catch (error) {
      if (error instanceof N8nApiError && (error.kind === 'http' || error.kind === 'too-large')) {
        return { capabilities: BASELINE_CAPABILITIES, fallbackReason: error.message };
      }
      throw error;
    }
    try {
      return { capabilities: parseOpenApiCapabilities(response.body), fallbackReason: null };
    } catch (error) {
      if (error instanceof OpenApiShapeError)
        return { capabilities: BASELINE_CAPABILITIES, fallbackReason: error.message };
      throw error;
    }
  }

  return {
    instanceUrl: base,

    listWorkflows,

    /** Counts workflows page by page (at most `maxPages`); `complete` is false when it stopped early. */
    async countWorkflows(input: { pageSize?: number; maxPages?: number } = {}) {
      const pageSize = input.pageSize ?? 100;
      const maxPages = input.maxPages ?? 10;
      let count = 0;
      let cursor: string | undefined;
      for (let pageNumber = 0; pageNumber < maxPages; pageNumber++) {
        const page = await listWorkflows({ limit: pageSize, cursor });
        count += page.data.length;
        if (!page.nextCursor) return { count, complete: true };
        cursor = page.nextCursor;
      }
      return { count, complete: false };
    },

    /** Test Connection: `GET /api/v1/workflows?limit=1` with the key, then the workflow count. */
    async testConnection() {
      const first = await listWorkflows({ limit: 1 });
      if (!first.nextCursor) return { workflowCount: first.data.length, countComplete: true };
      const counted = await this.countWorkflows();
      return { workflowCount: counted.count, countComplete: counted.complete };
    },

    /** What the instance accepts on create, from its openapi.yml (cached per instance URL). */
    getCapabilities(): Promise<CapabilitiesLookup> {
      return openapiCache.get(base, loadCapabilities);
    },

    getWorkflow(id: string): Promise<N8nWorkflow> {
      return call('get-workflow', `/api/v1/workflows/${encodeURIComponent(id)}`, N8nWorkflowSchema);
    },

    createWorkflow(payload: WorkflowPayload): Promise<N8nWorkflow> {
      return call('create-workflow', '/api/v1/workflows', N8nWorkflowSchema, {
        method: 'POST',
        body: payload,
      });
    },

    activateWorkflow(id: string): Promise<N8nWorkflow> {
      return call(
        'activate-workflow',
        `/api/v1/workflows/${encodeURIComponent(id)}/activate`,
        N8nWorkflowSchema,
        {
          method: 'POST',
          body: {},
        },
      );
    },

    deactivateWorkflow(id: string): Promise<N8nWorkflow> {
      return call(
        'deactivate-workflow',
        `/api/v1/workflows/${encodeURIComponent(id)}/deactivate`,
        N8nWorkflowSchema,
        {
          method: 'POST',
          body: {},
        },
      );
    },

    /** Removes a workflow (the verification run cleans up after itself). */
    async deleteWorkflow(id: string): Promise<void> {
      await send('delete-workflow', `/api/v1/workflows/${encodeURIComponent(id)}`, { method: 'DELETE' });
    },

    /** One execution's status and, when it failed, n8n's error message from its run data. */
    async getExecutionOutcome(id: string): Promise<{ status: N8nExecutionStatus; error: string | null }> {
      const raw = await call(
        'get-execution',
        `/api/v1/executions/${encodeURIComponent(id)}${query({ includeData: true })}`,
        z.unknown(),
      );
      const execution = N8nExecutionSchema.parse(raw);
      const error = (raw as { data?: { resultData?: { error?: { message?: unknown } } } } | null)?.data
        ?.resultData?.error?.message;
      return { status: execution.status, error: typeof error === 'string' ? error.slice(0, 500) : null };
    },

    /** Executions without their data (`includeData=false`), newest first, with n8n's filters. */
    async listExecutions(
      input: ListExecutionsInput = {},
    ): Promise<{ data: N8nExecution[]; nextCursor: string | null }> {
      const result = await call(
        'list-executions',
        `/api/v1/executions${query({
          includeData: false,
          workflowId: input.workflowId,
          status: input.status,
          limit: input.limit,
          cursor: input.cursor,
        })}`,
        ExecutionListSchema,
      );
      return { data: result.data, nextCursor: result.nextCursor ?? null };
    },

    /** One execution with its run data, reduced to item counts (null when n8n reports none). */
    async getExecutionItems(id: string): Promise<{ processed: number; total: number } | null> {
      const result = await call(
        'get-execution',
        `/api/v1/executions/${encodeURIComponent(id)}${query({ includeData: true })}`,
        z.unknown(),
      );
      return executionItemCounts(result);
    },

    /**
     * The n8n version, when the instance reports it: n8n serves its frontend settings (with
     * `versionCli`) without login. Sent without the API key; null when unavailable.
     */
    async getVersion(): Promise<string | null> {
      try {
        const settings = await call('version', '/rest/settings', SettingsSchema, { key: false });
        if (settings.data.versionCli) return settings.data.versionCli;
      } catch (error) {
        if (!(error instanceof N8nApiError) || error.kind === 'refused') throw error;
      }
      // Newer n8n needs a login for its settings; its editor page still names the release.
      try {
        const page = await send('version', '/', { key: false });
        return versionFromEditorHtml(page.body);
      } catch (error) {
        if (error instanceof N8nApiError && error.kind !== 'refused') return null;
        throw error;
      }
    },
  };
}
