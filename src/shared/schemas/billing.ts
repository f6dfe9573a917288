import { z } from 'zod';

export const CheckoutRequestSchema = z.object({ planId: z.string().min(1).max(64) });
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

/** PayPal order ids: upper-case letters and digits, 1–36 characters (Orders v2). */
export const CaptureRequestSchema = z.object({
  orderId: z
    .string()
    .regex(/^[A-Z0-9]{1,36}$/, 'Invalid payment parameters. Please try the payment process again.'),
});
export type CaptureRequest = z.infer<typeof CaptureRequestSchema>;

export type CaptureResponse = {
  success: boolean;
  outcome: 'granted' | 'already-granted' | 'pending' | 'declined' | 'not-approved' | 'failed' | 'retry-later';
  message?: string;
  /** INSTRUMENT_DECLINED: send the buyer back to PayPal to choose another funding source. */
  approvalUrl?: string;
};

export type BillingConfig = {
  mode: 'local' | 'sandbox' | 'live';
  /** The built-in sandbox is in use: the site shows a "test payments" banner. */
  testPayments: boolean;
  plans: {
    id: string;
    name: string;
    price: number;
    currency: string;
    period: string;
  }[];
};

/** POST /api/billing/debug/test-order (operators). */
export type DebugTestOrderResult = { success: boolean; orderId?: string; status?: string; error?: string };
