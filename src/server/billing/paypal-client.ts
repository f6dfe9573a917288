// A small typed client for PayPal Orders v2 over fetch. The base URL is configurable (live,
// sandbox, or our local PayPal-compatible sandbox) — the official SDK hard-codes its hosts and
// has no timeout by default. Every call is reported to `onCall` so it can be stored for audit.
// The answers' shapes are in paypal-schemas.ts, one call (token, timeout, errors) in paypal-transport.ts.

import {
  type PayPalCapture,
  PayPalCaptureSchema,
  type PayPalOrder,
  PayPalOrderSchema,
  type PayPalRefund,
  RefundSchema,
  VerifySchema,
} from './paypal-schemas.ts';
import {
  type CallOptions,
  createTransport,
  type PayPalCallRecord,
  type PayPalClientConfig,
  type Transport,
} from './paypal-transport.ts';

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
