// Outbound HTTP for members' n8n URLs. A member types any URL into Settings and our server then
// calls it with their API key, so every call goes through this guard:
// - the target rules of ssrf-policy.ts (http(s) only, no user:password@, allowed ports and addresses);
// - every address a name resolves to is checked when the socket connects (a validating
//   `lookup` on the undici connector), so a name that answered a public address when the URL was
//   saved and a private one now (DNS rebinding) still fails; literal IPs are checked too, because
//   net.connect does not call `lookup` for them;
// - `redirect: 'error'` (following a redirect would forward X-N8N-API-KEY elsewhere);
// - connect and total timeouts and a response size cap.
// See docs/decisions/0003-n8n-deploy.md.

import { isIP } from 'node:net';
import type { Agent } from 'undici';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import {
  addressRefusal,
  checkTargetUrl,
  createGuardedLookup,
  resolvedRefusal,
  SsrfBlockedError,
  type SsrfPolicy,
  stripBrackets,
  systemResolver,
} from './ssrf-policy.ts';

type Undici = typeof import('undici');
const undici = onFirstUse<Undici>('undici');

export type SsrfGuardOptions = SsrfPolicy & {
  connectTimeoutMs?: number;
  /** Whole request, from connect to the last body byte. */
  timeoutMs?: number;
  maxResponseBytes?: number;
};

export type GuardedResponse = {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
};

export type GuardedFetchInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
};

export type GuardedFetch = ((url: string | URL, init?: GuardedFetchInit) => Promise<GuardedResponse>) & {
  close(): Promise<void>;
  /**
   * Throws SsrfBlockedError when the guard would refuse this URL now (before saving it): scheme,
   * port, a literal address, or any address its name resolves to. A name that does not resolve
   * passes (it fails when called, like any unreachable instance).
   */
  check(url: string | URL): Promise<void>;
};

/** Raised for a timeout, a response over the size cap, or a network failure (not a refusal). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly kind: 'timeout' | 'too-large' | 'network';
  constructor(kind: OutboundError['kind'], message: string, cause?: unknown) {
    super(message, { cause });
    this.kind = kind;
  }
}

function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A fetch whose connections can only reach allowed addresses. Bodies are read whole (up to
 * `maxResponseBytes`) and returned as text: n8n's public API answers JSON or YAML.
 */
export function createGuardedFetch(options: SsrfGuardOptions = {}): GuardedFetch {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  // The agent (and undici itself) is created on the first outbound call, not at boot.
  let agent: Agent | undefined;
  const dispatcher = (): Agent => {
    if (agent) return agent;
    const { Agent, buildConnector } = undici();
    const baseConnect = buildConnector({ timeout: connectTimeoutMs, lookup: createGuardedLookup(options) });
    agent = new Agent({
      connect(connectOptions, callback) {
        // Literal IPs never reach `lookup`; check them here, on every connection.
        const host = stripBrackets(connectOptions.hostname);
        const refusal = isIP(host) ? addressRefusal(host, options) : null;
        if (refusal) {
          callback(refusal, null);
          return;
        }
        baseConnect(connectOptions, callback);
      },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      connections: 8,
    });
    return agent;
  };

  const guarded = async (input: string | URL, init: GuardedFetchInit = {}): Promise<GuardedResponse> => {
    const url = checkTargetUrl(input, options);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Awaited<ReturnType<Undici['fetch']>>;
    try {
      response = await undici().fetch(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        redirect: 'error',
        signal,
        dispatcher: dispatcher(),
      });
    } catch (error) {
      throw translateError(error, timeout, timeoutMs);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxResponseBytes) {
      await response.body?.cancel();
      throw new OutboundError('too-large', `The response is larger than ${maxResponseBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      if (response.body) {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > maxResponseBytes) {
            throw new OutboundError('too-large', `The response is larger than ${maxResponseBytes} bytes`);
          }
          chunks.push(chunk);
        }
      }
    } catch (error) {
      await response.body?.cancel().catch(() => {});
      if (error instanceof OutboundError) throw error;
      throw translateError(error, timeout, timeoutMs);
    }
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers as unknown as Headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
  };
  const check = async (input: string | URL) => {
    const url = checkTargetUrl(input, options);
    const host = stripBrackets(url.hostname);
    if (isIP(host)) return;
    const addresses = await (options.resolver ?? systemResolver)(host).catch(() => []);
    const refusal = resolvedRefusal(host, addresses, options);
    if (refusal) throw refusal;
  };
  const close = async () => agent?.close();
  return Object.assign(guarded, { close, check });
}

function translateError(error: unknown, timeout: AbortSignal, timeoutMs: number): Error {
  const blocked = findCause(error, (e): e is SsrfBlockedError => e instanceof SsrfBlockedError);
  if (blocked) return blocked;
  const redirect = findCause(
    error,
    (e): e is Error => e instanceof Error && e.message === 'unexpected redirect',
  );
  if (redirect) {
    return new SsrfBlockedError('redirect', 'The server answered with a redirect, which is not followed');
  }
  const connectTimeout = findCause(
    error,
    (e): e is Error => e instanceof Error && (e as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT',
  );
  if (timeout.aborted || connectTimeout) {
    return new OutboundError('timeout', `No answer within ${timeoutMs} ms`, error);
  }
  const cause = findCause(error, (e): e is NodeJS.ErrnoException => Boolean((e as { code?: string })?.code));
  return new OutboundError('network', cause?.code ? `Network error (${cause.code})` : 'Network error', error);
}
