import type { Database } from '#server/db/client.ts';
import type { JobDefinition, Scheduler } from '#server/jobs/scheduler.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { deliverDueMail } from './outbox.ts';
import type { MailTransport } from './transport.ts';

const MAIL_JOB = 'mail-delivery';

/**
 * Runs the delivery job as soon as a mail is queued, so a reset or confirmation link arrives in about
 * a second rather than at the next round. A mail queued inside a transaction is not visible until it
 * commits; the next round sends it. Returns the unsubscribe function.
 */
export function sendQueuedMailPromptly(bus: EventBus, scheduler: Scheduler): () => void {
  return bus.subscribe('mail.queued', () => void scheduler.runNow(MAIL_JOB));
}

/** The delivery job: every few seconds, sends what is due (retries follow the backoff in the outbox). */
export function mailDeliveryJob(deps: {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
}): JobDefinition {
  return {
    name: MAIL_JOB,
    intervalMs: 3_000,
    leaseMs: 2 * 60_000,
    async run() {
      const result = await deliverDueMail(deps);
      if (result.sent + result.failed > 0) deps.log.info(result, 'mail delivery round');
    },
  };
}
