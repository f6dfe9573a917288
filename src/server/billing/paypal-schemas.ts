// The shapes of PayPal's answers (Orders v2, Payments v2, OAuth, webhook verification), checked with
// zod before the app reads them, and the two readers of an order the billing services share.
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

export const RefundSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: MoneySchema.optional(),
});
export type PayPalRefund = z.infer<typeof RefundSchema>;

export const TokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
export const VerifySchema = z.object({ verification_status: z.string() });
export const ErrorBodySchema = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z
    .array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() }))
    .optional(),
});

/** The URL the buyer must visit to approve an order (PayPal uses rel "payer-action" or "approve"). */
export function approvalUrlOf(order: PayPalOrder): string | undefined {
  return order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
}

/** The first capture of an order, if it has one. */
export function captureOf(order: PayPalOrder): PayPalCapture | undefined {
  return order.purchase_units[0]?.payments?.captures?.[0];
}
