// A typed client for a member's n8n public API v1 (n8n-transport.ts carries each call). Paths are
// fixed here (members give an instance URL, never a path). The API key travels only in X-N8N-API-KEY
// and only to /api/v1 paths; it is never logged, and it is cut out of error bodies.
import { z } from 'zod';
import {
  BASELINE_CAPABILITIES,
  OpenApiShapeError,
  parseOpenApiCapabilities,
} from './instance-capabilities.ts';
import { versionFromEditorHtml } from './instance-version.ts';
import { N8nApiError } from './n8n-errors.ts';
import {
  CredentialListSchema,
  ExecutionListSchema,
  executionItemCounts,
  type N8nCredential,
  N8nCredentialSchema,
  type N8nExecution,
  N8nExecutionSchema,
  type N8nExecutionStatus,
  type N8nWorkflow,
  type N8nWorkflowList,
  N8nWorkflowSchema,
  SettingsSchema,
  WorkflowListSchema,
} from './n8n-schemas.ts';
import { createN8nTransport, type N8nInstance } from './n8n-transport.ts';
import { queryString } from './n8n-urls.ts';
import { type CapabilitiesLookup, createOpenApiCache, type OpenApiCache } from './openapi-cache.ts';
import type { WorkflowPayload } from './preflight.ts';
import type { GuardedFetch, GuardedResponse } from './ssrf-guard.ts';

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
  const { base, send, call } = createN8nTransport(deps);
  const openapiCache = deps.openapiCache ?? createOpenApiCache();

  async function listWorkflows(
    input: { limit?: number; cursor?: string; active?: boolean } = {},
  ): Promise<N8nWorkflowList> {
    const result = await call(
      'list-workflows',
      `/api/v1/workflows${queryString({ limit: input.limit, cursor: input.cursor, active: input.active })}`,
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

    /** Replaces a workflow's name, nodes, connections and settings (a template update, decision 0025). */
    updateWorkflow(id: string, payload: WorkflowPayload): Promise<N8nWorkflow> {
      return call('update-workflow', `/api/v1/workflows/${encodeURIComponent(id)}`, N8nWorkflowSchema, {
        method: 'PUT',
        body: payload,
      });
    },

    /**
     * Makes the workflow live: `/publish` on instances that have it (n8n 2.x), `/activate` on older
     * ones. n8n 2.x checks every node first; its refusal is parsed by `parsePublishRefusal`.
     */
    async publishWorkflow(id: string): Promise<N8nWorkflow> {
      const { capabilities } = await this.getCapabilities();
      if (!capabilities.publish) return this.activateWorkflow(id);
      return call(
        'publish-workflow',
        `/api/v1/workflows/${encodeURIComponent(id)}/publish`,
        N8nWorkflowSchema,
        {
          method: 'POST',
          body: {},
        },
      );
    },

    /** Stops the workflow: `/unpublish` where it exists (n8n 2.x), `/deactivate` otherwise. */
    async unpublishWorkflow(id: string): Promise<N8nWorkflow> {
      const { capabilities } = await this.getCapabilities();
      if (!capabilities.publish) return this.deactivateWorkflow(id);
      return call(
        'unpublish-workflow',
        `/api/v1/workflows/${encodeURIComponent(id)}/unpublish`,
        N8nWorkflowSchema,
        { method: 'POST', body: {} },
      );
    },

    /**
     * The member's credentials (id, name, type; n8n never returns secrets), all pages. n8n 2.x only,
     * and the key needs the `credential:list` scope (403 otherwise).
     */
    async listCredentials(input: { maxPages?: number } = {}): Promise<N8nCredential[]> {
      const out: N8nCredential[] = [];
      let cursor: string | undefined;
      for (let pageNumber = 0; pageNumber < (input.maxPages ?? 10); pageNumber++) {
        const page = await call(
          'list-credentials',
          `/api/v1/credentials${queryString({ limit: 250, cursor })}`,
          CredentialListSchema,
        );
        out.push(...page.data);
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      return out;
    },

    /** Creates a credential (verification only: throwaway values so publishing checks the rest). */
    createCredential(input: { name: string; type: string; data: Record<string, unknown> }) {
      return call('create-credential', '/api/v1/credentials', N8nCredentialSchema, {
        method: 'POST',
        body: input,
      });
    },

    /** The JSON schema of a credential type's fields (`GET /credentials/schema/{type}`). */
    getCredentialSchema(type: string): Promise<unknown> {
      return call('credential-schema', `/api/v1/credentials/schema/${encodeURIComponent(type)}`, z.unknown());
    },

    async deleteCredential(id: string): Promise<void> {
      await send('delete-credential', `/api/v1/credentials/${encodeURIComponent(id)}`, { method: 'DELETE' });
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
        `/api/v1/executions/${encodeURIComponent(id)}${queryString({ includeData: true })}`,
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
        `/api/v1/executions${queryString({
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
        `/api/v1/executions/${encodeURIComponent(id)}${queryString({ includeData: true })}`,
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
