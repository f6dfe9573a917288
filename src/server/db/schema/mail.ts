import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Every outgoing message is written here first; the delivery job sends it with retry and backoff,
// so an SMTP outage delays mail and loses none. Without SMTP_URL messages simply stay here.
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Template name: verification, reset, account-exists, … */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    /** Contact-form mail: replies go to the visitor. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** pending → sending → sent, or failed after the last attempt. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim expires then, so a crashed sender's row is picked up again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
