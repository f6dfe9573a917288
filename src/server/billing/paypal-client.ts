// A small typed client for PayPal Orders v2 over fetch. The base URL is configurable (live,
// sandbox, or our local PayPal-compatible sandbox) — the official SDK hard-codes its hosts and
// has no timeout by default. Every call is reported to `onCall` so it can be stored for audit.
import { z } from 'zod';

const MoneySchema = z.object({ currency_code: z.string(), value: z.string() });
const LinkSchema = z.object({ href: z.string(), rel: z.string(), method: z.string().optional() });

export const PayPalCaptureSchema = z.looseObject({
  id: z.string(),
  status: z.enum(['COMPLETED', 'DECLINED', 'PARTIALLY_REFUNDED', 'PENDING', 'REFUNDED', 'FAILED']),
  amount: MoneySchema.optional(),
  custom_id: z.string().optional(),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
  links: z.array(LinkSchema).optional(),
});
export type PayPalCapture = z.infer<typeof PayPalCaptureSchema>;

export const PayPalOrderSchema = z.looseObject({
  id: z.string(),
  status: z.enum(['CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED']),
  purchase_units: z
    .array(
      z.looseObject({
        custom_id: z.string().optional(),
        amount: MoneySchema.optional(),
        payments: z.looseObject({ captures: z.array(PayPalCaptureSchema).optional() }).optional(),
      }),
    )
    .default([]),
  links: z.array(LinkSchema).optional(),
});
export type PayPalOrder = z.infer<typeof PayPalOrderSchema>;

const RefundSchema = z.looseObject({ id: z.string(), status: z.string(), amount: MoneySchema.optional() });
export type PayPalRefund = z.infer<typeof RefundSchema>;

const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const VerifySchema = z.object({ verification_status: z.string() });
const ErrorBodySchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() }))
    .optional(),
});

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

export type CreateOrderInput = {
  requestId: string;
  amountCents: number;
  currency: string;
  customId: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
};

export type WebhookHeaders = {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
};

export type PayPalClient = ReturnType<typeof createPayPalClient>;

export function createPayPalClient(config: PayPalClientConfig) {
  const shared = createTransport(config);
  return {
    ...methods(shared, config.onCall, config.webhookId),
    /** The same client (and token) reporting its calls to `onCall`, e.g. to store them with a payment. */
    withCallRecorder(onCall: (record: PayPalCallRecord) => void) {
      const both = (record: PayPalCallRecord) => {
        config.onCall?.(record);
        onCall(record);
      };
      return methods(shared, both, config.webhookId);
    },
  };
}

type CallOptions<T> = {
  operation: string;
  method: 'GET' | 'POST';
  path: string;
  schema: z.ZodType<T>;
  body?: unknown;
  requestId?: string;
  auth?: 'bearer' | 'basic';
  form?: string;
};
type Transport = <T>(
  options: CallOptions<T>,
  onCall: ((record: PayPalCallRecord) => void) | undefined,
) => Promise<T>;

function createTransport(config: PayPalClientConfig): Transport {
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

function methods(
  transport: Transport,
  onCall: ((record: PayPalCallRecord) => void) | undefined,
  webhookId: string,
) {
  const call = <T>(options: CallOptions<T>) => transport(options, onCall);
  return {
    createOrder(input: CreateOrderInput): Promise<PayPalOrder> {
      return call({
        operation: 'create-order',
        method: 'POST',
        path: '/v2/checkout/orders',
        schema: PayPalOrderSchema,
        requestId: input.requestId,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: input.customId,
              description: input.description,
              amount: { currency_code: input.currency, value: (input.amountCents / 100).toFixed(2) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: input.returnUrl,
                cancel_url: input.cancelUrl,
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
                brand_name: 'Flowvault',
              },
            },
          },
        },
      });
    },
    getOrder(orderId: string): Promise<PayPalOrder> {
      return call({
        operation: 'get-order',
        method: 'GET',
        path: `/v2/checkout/orders/${encodeURIComponent(orderId)}`,
        schema: PayPalOrderSchema,
      });
    },
    captureOrder(orderId: string, options: { requestId: string }): Promise<PayPalOrder> {
      return call({
        operation: 'capture-order',
        method: 'POST',
        path: `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`,
        schema: PayPalOrderSchema,
        requestId: options.requestId,
        body: {},
      });
    },
    getCapture(captureId: string): Promise<PayPalCapture> {
      return call({
        operation: 'get-capture',
        method: 'GET',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}`,
        schema: PayPalCaptureSchema,
      });
    },
    refundCapture(captureId: string, options: { requestId: string; note?: string }): Promise<PayPalRefund> {
      return call({
        operation: 'refund-capture',
        method: 'POST',
        path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
        schema: RefundSchema,
        requestId: options.requestId,
        body: options.note ? { note_to_payer: options.note.slice(0, 255) } : {},
      });
    },
    /** Postback verification; true only when PayPal answers verification_status SUCCESS. */
    async verifyWebhookSignature(headers: WebhookHeaders, event: unknown): Promise<boolean> {
      const result = await call({
        operation: 'verify-webhook',
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        schema: VerifySchema,
        body: {
          transmission_id: headers.transmissionId,
          transmission_time: headers.transmissionTime,
          transmission_sig: headers.transmissionSig,
          cert_url: headers.certUrl,
          auth_algo: headers.authAlgo,
          webhook_id: webhookId,
          webhook_event: event,
        },
      });
      return result.verification_status === 'SUCCESS';
    },
  };
}

/** The URL the buyer must visit to approve an order (PayPal uses rel "payer-action" or "approve"). */
export function approvalUrlOf(order: PayPalOrder): string | undefined {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
}

/** The first capture of an order, if it has one. */
export function captureOf(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units[0]?.payments?.captures?.[0];
}
