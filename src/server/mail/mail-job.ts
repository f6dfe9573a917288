import type { Database } from '#server/db/client.ts';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import type { Logger } from '#server/lib/logger.ts';
import { deliverDueMail } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/** The delivery job: every few seconds, sends what is due (retries follow the backoff in the outbox). */
export function mailDeliveryJob(deps: {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
}): JobDefinition {
  return {
    name: 'mail-delivery',
    intervalMs: 3_000,
    leaseMs: 2 * 60_000,
    async run() {
      const result = await deliverDueMail(deps);
      if (result.sent + result.failed > 0) deps.log.info(result, 'mail delivery round');
    },
  };
}
