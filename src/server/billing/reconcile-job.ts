import type { JobDefinition } from '#server/jobs/scheduler.ts';
import type { BillingDeps } from './billing-deps.ts';
import { retryFailedWebhookEvents } from './handle-paypal-webhook.ts';
import { reconcilePayments } from './reconcile-payments.ts';

/** Every minute, across all processes once: settle orders the buyer and the webhook left open. */
export function paymentReconciliationJob(deps: BillingDeps): JobDefinition {
  return {
    name: 'payment-reconciliation',
    intervalMs: 60_000,
    leaseMs: 5 * 60_000,
    async run() {
      const retried = await retryFailedWebhookEvents(deps);
      if (retried.retried > 0) deps.log.info(retried, 'failed PayPal webhooks retried');
      const result = await reconcilePayments(deps);
      if (result.totalChecked > 0) {
        deps.log.info(
          { checked: result.totalChecked, recovered: result.recoveredCount },
          'payment reconciliation finished',
        );
      }
    },
  };
}
