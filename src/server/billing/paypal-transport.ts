// One PayPal call over fetch: auth (a cached OAuth token, or basic for the token itself), timeout,
// PayPal-Request-Id, error mapping and the response check. Every call is reported to `onCall`.
import type { z } from 'zod';
import { ErrorBodySchema, TokenSchema } from './paypal-schemas.ts';

export type PayPalCallRecord = {
  operation: string;
  method: string;
  path: string;
  requestId?: string;
  status: number | null;
  durationMs: number;
  debugId?: string;
  issue?: string;
  error?: string;
  response?: unknown;
};

/** A failed PayPal call: an HTTP error with PayPal's issue code, a timeout, or a network failure. */
export class PayPalError extends Error {
  override name = 'PayPalError';
  readonly kind: 'http' | 'timeout' | 'network' | 'invalid-response';
  readonly status: number | null;
  readonly issue: string | undefined;
  readonly debugId: string | undefined;
  constructor(options: {
    kind: PayPalError['kind'];
    message: string;
    status?: number | null;
    issue?: string;
    debugId?: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.status = options.status ?? null;
    this.issue = options.issue;
    this.debugId = options.debugId;
  }
  /** Worth retrying with the same PayPal-Request-Id: the outcome at PayPal is unknown. */
  get retryable(): boolean {
    return this.kind === 'timeout' || this.kind === 'network' || (this.status !== null && this.status >= 500);
  }
}

export type PayPalClientConfig = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => number;
  onCall?: (record: PayPalCallRecord) => void;
};

export type CallOptions<T> = {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  requestId?: string;
  auth?: 'bearer' | 'basic';
  form?: string;
};
export type Transport = <T>(
  options: CallOptions<T>,
  onCall: ((record: PayPalCallRecord) => void) | undefined,
) => Promise<T>;

export function createTransport(config: PayPalClientConfig): Transport {
  const doFetch = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const timeoutMs = config.timeoutMs ?? 15_000;
  const base = config.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | undefined;
  let tokenRequest: Promise<string> | undefined;

  async function call<T>(options: CallOptions<T>, onCall?: (record: PayPalCallRecord) => void): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.auth === 'basic') {
      headers.Authorization = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`;
    } else {
      headers.Authorization = `Bearer ${await accessToken()}`;
    }
    if (options.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.requestId) headers['PayPal-Request-Id'] = options.requestId;
    if (options.method === 'POST' && options.auth !== 'basic') headers.Prefer = 'return=representation';

    const started = now();
    const record: PayPalCallRecord = {
      operation: options.operation,
      method: options.method,
      path: options.path,
      requestId: options.requestId,
      status: null,
      durationMs: 0,
    };
    let response: Response;
    try {
      response = await doFetch(`${base}${options.path}`, {
        method: options.method,
        headers,
        body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const timedOut =
        error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
      const failure = new PayPalError({
        kind: timedOut ? 'timeout' : 'network',
        message: timedOut
          ? `PayPal did not answer ${options.operation} within ${timeoutMs} ms`
          : `Network error calling PayPal ${options.operation}`,
        cause: error,
      });
      onCall?.({ ...record, durationMs: now() - started, error: failure.message });
      throw failure;
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { message: text.slice(0, 200) };
    }
    record.status = response.status;
    record.durationMs = now() - started;
    if (!response.ok) {
      const parsed = ErrorBodySchema.safeParse(json);
      const issue = parsed.success ? parsed.data.details?.[0]?.issue : undefined;
      const debugId = parsed.success ? parsed.data.debug_id : undefined;
      const message = parsed.success ? (parsed.data.message ?? parsed.data.name) : undefined;
      onCall?.({ ...record, issue, debugId, error: message, response: json });
      throw new PayPalError({
        kind: 'http',
        status: response.status,
        issue,
        debugId,
        message: `PayPal ${options.operation} failed: ${response.status}${issue ? ` ${issue}` : ''}${message ? ` (${message})` : ''}`,
      });
    }
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
      onCall?.({ ...record, error: 'unexpected response shape', response: json });
      throw new PayPalError({
        kind: 'invalid-response',
        status: response.status,
        message: `PayPal ${options.operation} answered an unexpected shape`,
      });
    }
    onCall?.({ ...record, response: json });
    return parsed.data;
  }

  async function accessToken(): Promise<string> {
    // Reuse the token until a minute before it expires; concurrent callers share one request.
    if (token && token.expiresAt - 60_000 > now()) return token.value;
    tokenRequest ??= call(
      {
        operation: 'oauth-token',
        method: 'POST',
        path: '/v1/oauth2/token',
        schema: TokenSchema,
        auth: 'basic',
        form: 'grant_type=client_credentials',
      },
      config.onCall,
    )
      .then((t) => {
        token = { value: t.access_token, expiresAt: now() + t.expires_in * 1000 };
        return t.access_token;
      })
      .finally(() => {
        tokenRequest = undefined;
      });
    return tokenRequest;
  }

  return call;
}
