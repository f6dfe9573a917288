// The one road to a member's n8n: the SSRF-guarded fetch, the API key only in X-N8N-API-KEY (and
// only when asked), cut out of error bodies, and every failure turned into an N8nApiError.
import type { z } from 'zod';
import { maskApiKey } from './key-box.ts';
import { N8nApiError } from './n8n-errors.ts';
import { type GuardedFetch, type GuardedResponse, OutboundError } from './ssrf-guard.ts';
import { operatorHint, SsrfBlockedError } from './ssrf-policy.ts';

export type N8nInstance = {
  /** Normalized instance URL (see `normalizeInstanceUrl`), e.g. https://n8n.example.com */
  url: string;
  apiKey: string;
};

// n8n 2.x's publish refusal lists every node with its issues: keep enough of it to show them all.
const MAX_ERROR_BODY = 8_000;

type SendInit = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; key?: boolean };

export function createN8nTransport(deps: { fetch: GuardedFetch; instance: N8nInstance }) {
  const { instance } = deps;
  const base = instance.url.replace(/\/+$/, '');

  const redact = (text: string) =>
    instance.apiKey.length >= 8 ? text.split(instance.apiKey).join(maskApiKey(instance.apiKey)) : text;

  async function send(operation: string, path: string, init: SendInit): Promise<GuardedResponse> {
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
          message: `Refused: ${error.message}.${operatorHint(error)}`,
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
    init: SendInit = {},
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

  return { base, send, call };
}
