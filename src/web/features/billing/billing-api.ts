import type { BillingConfig, CaptureResponse } from '#shared/schemas/billing.ts';
import { api, unwrap } from '#web/lib/api.ts';

export const billingApi = {
  config: async (): Promise<BillingConfig> => unwrap(await api.billing.config.$get()),
  checkout: async (planId: string): Promise<{ orderId: string; approvalUrl: string }> =>
    unwrap(await api.billing.checkout.$post({ json: { planId } })),
  capture: async (orderId: string): Promise<CaptureResponse> =>
    unwrap(await api.billing.capture.$post({ json: { orderId } })),
};

/** The plan chosen for checkout, kept in browser storage until the payment is done (spec part 1 §3). */
/** Where a member goes once paid (the template page they bought from); checked again on arrival. */
export const AFTER_PAYMENT_KEY = 'flowvault.afterPayment';
export const SELECTED_PLAN_KEY = 'selected_plan';

/**
 * After a successful capture: re-check the subscription up to 3 times, waiting 1.5 s after each
 * check and 2 s more before a retry; stop as soon as it is active (spec part 1 §4 / §9).
 */
export async function recheckAfterCapture(options: {
  recheck: () => Promise<'subscribed' | 'not-subscribed' | 'signed-out'>;
  sleep: (ms: number) => Promise<void>;
}): Promise<boolean> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const result = await options.recheck().catch(() => 'not-subscribed' as const);
    await options.sleep(1500);
    if (result === 'subscribed') return true;
    if (attempt < 3) await options.sleep(2000);
  }
  return false;
}
