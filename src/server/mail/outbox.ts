import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type EventBus, processBus } from '#server/realtime/event-bus.ts';
import type { MailContent } from './templates.ts';
import type { MailTransport } from './transport.ts';

export type OutgoingMail = MailContent & { kind: string; to: string; replyTo?: string };

/** After this many failed attempts a message is marked failed (kept for the operator to see). */
export const MAX_ATTEMPTS = 8;
/** A claimed message not finished within this time is picked up again (the sender died). */
const CLAIM_MS = 5 * 60_000;

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min … capped at 1 h. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Writes a message to the outbox and says so on the bus (`mail.queued`), so the delivery job can send
 * it at once instead of at its next round. Without a transport (no SMTP_URL) `logLink` is printed so a
 * newcomer can follow it locally; it is never logged otherwise.
 */
export async function enqueueMail(
  db: Database,
  message: OutgoingMail,
  options: { log?: Logger; logLink?: string; smtpConfigured?: boolean; bus?: EventBus } = {},
): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: message.kind,
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: mailOutbox.id });
  if (!options.smtpConfigured && options.log) {
    options.log.info(
      { mailId: row!.id, kind: message.kind },
      `mail kept in the outbox (no SMTP_URL) for ${message.to}: ${message.subject}${options.logLink ? ` → ${options.logLink}` : ''}`,
    );
  }
  (options.bus ?? processBus).publish('mail.queued', { kind: message.kind });
  return row!.id;
}

/**
 * Sends due messages: claims a batch (FOR UPDATE SKIP LOCKED, so processes never send one twice),
 * sends each, and reschedules failures with backoff. Returns how many were sent and failed.
 */
export async function deliverDueMail(deps: {
  db: Database;
  transport: MailTransport;
  from: string;
  log: Logger;
  now?: () => Date;
  batchSize?: number;
}): Promise<{ sent: number; failed: number }> {
  const now = deps.now?.() ?? new Date();
  const claimUntil = new Date(now.getTime() + CLAIM_MS);
  const due = deps.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)),
        and(eq(mailOutbox.status, 'sending'), lte(mailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(deps.batchSize ?? 20)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(mailOutbox)
    .set({ status: 'sending', lockedUntil: claimUntil })
    .where(inArray(mailOutbox.id, due))
    .returning();

  let sent = 0;
  let failed = 0;
  for (const message of claimed) {
    try {
      await deps.transport.sendMail({
        from: deps.from,
        to: message.to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        html: message.html,
        text: message.text,
      });
      await deps.db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          lockedUntil: null,
          attempts: sql`${mailOutbox.attempts} + 1`,
          lastError: null,
        })
        .where(eq(mailOutbox.id, message.id));
      sent++;
    } catch (error) {
      failed++;
      const attempts = message.attempts + 1;
      const finalFailure = attempts >= MAX_ATTEMPTS;
      const reason = error instanceof Error ? error.message : String(error);
      await deps.db
        .update(mailOutbox)
        .set({
          status: finalFailure ? 'failed' : 'pending',
          attempts,
          lockedUntil: null,
          lastError: reason.slice(0, 1000),
          nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)),
        })
        .where(eq(mailOutbox.id, message.id));
      deps.log[finalFailure ? 'error' : 'warn'](
        { mailId: message.id, kind: message.kind, attempts },
        `mail delivery failed${finalFailure ? ' for the last time' : ', will retry'}: ${reason}`,
      );
    }
  }
  return { sent, failed };
}
