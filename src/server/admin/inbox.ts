import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { type Actor, audited, recordAudit } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { layout } from '#server/mail/templates.ts';
import type { InboxMessage, OutboxMail } from '#shared/schemas/admin.ts';

// The operator's inbox: contact messages (reply by mail, handled / reopen), the newsletter's
// subscribers as CSV, and the mail outbox (status, retry of failed mail).

const LIST_LIMIT = 200;

export async function listMessages(
  deps: { db: Database },
  status: 'open' | 'handled' | 'all',
): Promise<InboxMessage[]> {
  const db = deps.db;
  const where =
    status === 'open'
      ? isNull(contactMessages.handledAt)
      : status === 'handled'
        ? isNotNull(contactMessages.handledAt)
        : undefined;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    email: m.email,
    message: m.message,
    createdAt: m.createdAt.toISOString(),
    handledAt: m.handledAt?.toISOString() ?? null,
  }));
}

async function messageOf(db: Database, id: string) {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'No such message.' });
  return row;
}

export async function setHandled(
  deps: { db: Database },
  input: { actor: Actor; id: string; handled: boolean },
) {
  const message = await messageOf(deps.db, input.id);
  await audited(
    deps,
    (tx) =>
      tx
        .update(contactMessages)
        .set({ handledAt: input.handled ? new Date() : null })
        .where(eq(contactMessages.id, message.id)),
    () => ({
      actor: input.actor,
      action: input.handled ? 'inbox.handled' : 'inbox.reopen',
      target: message.id,
      detail: { email: message.email },
    }),
  );
  return { email: message.email, handled: input.handled };
}

/** Mails the operator's reply to the sender (through the outbox) and marks the message handled. */
export async function replyToMessage(
  deps: { db: Database; log?: Logger; smtpConfigured: boolean },
  input: { actor: Actor; id: string; body: string },
) {
  const message = await messageOf(deps.db, input.id);
  const body = input.body;
  const subject = 'Re: your message to Flowvault';
  const quoted = message.message.length > 2000 ? `${message.message.slice(0, 2000)}…` : message.message;
  // The reply is queued in the outbox, so the mail, the handled mark and the audit entry share a transaction.
  return audited(
    deps,
    async (tx) => {
      const mailId = await enqueueMail(
        tx,
        {
          kind: 'contact-reply',
          to: message.email,
          ...layout({
            subject,
            heading: `Hello ${message.name}`,
            paragraphs: [
              ...body
                .split(/\n{2,}/)
                .map((p) => p.trim())
                .filter(Boolean),
              `You wrote: “${quoted}”`,
            ],
            footer: 'You are receiving this because you wrote to Flowvault through the contact form.',
          }),
        },
        { log: deps.log, smtpConfigured: deps.smtpConfigured },
      );
      await tx
        .update(contactMessages)
        .set({ handledAt: new Date() })
        .where(eq(contactMessages.id, message.id));
      return { email: message.email, mailId };
    },
    (result) => ({ actor: input.actor, action: 'inbox.reply', target: message.id, detail: result }),
  );
}

/**
 * A spreadsheet reads a cell that starts with = + - @ (or a tab / carriage return) as a formula:
 * such cells get a leading apostrophe. Every cell is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The newsletter's subscribers as CSV; the export itself is audited (it hands out personal data). */
export async function subscribersCsv(
  deps: { db: Database },
  input: { actor: Actor },
): Promise<{ csv: string; rows: number }> {
  const rows = await deps.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.createdAt);
  const lines = [
    ['email', 'status', 'subscribed_at', 'confirmed_at', 'unsubscribed_at'].map(csvCell).join(','),
  ];
  for (const r of rows) {
    lines.push(
      [
        r.email,
        r.status,
        r.createdAt.toISOString(),
        r.confirmedAt?.toISOString() ?? '',
        r.unsubscribedAt?.toISOString() ?? '',
      ]
        .map(csvCell)
        .join(','),
    );
  }
  await recordAudit(deps, {
    actor: input.actor,
    action: 'newsletter.export',
    target: 'newsletter_subscribers',
    detail: { rows: rows.length },
  });
  return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
}

export async function listOutbox(deps: { db: Database }, status: string | undefined): Promise<OutboxMail[]> {
  const db = deps.db;
  const filters: SQL[] = [];
  if (status) filters.push(eq(mailOutbox.status, status));
  const rows = await db
    .select({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .where(filters.length ? and(...filters) : undefined)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
}

/** Puts a failed mail back in the delivery queue, due now, with a fresh set of attempts. */
export async function retryMail(deps: { db: Database }, input: { actor: Actor; id: string }) {
  return audited(
    deps,
    async (tx) => {
      const [row] = await tx
        .update(mailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
        .where(and(eq(mailOutbox.id, input.id), eq(mailOutbox.status, 'failed')))
        .returning({ id: mailOutbox.id, to: mailOutbox.to });
      if (!row) throw new AppError('CONFLICT', { userMessage: 'Only a failed mail can be retried.' });
      return row;
    },
    (row) => ({ actor: input.actor, action: 'mail.retry', target: row.id, detail: { to: row.to } }),
  );
}
