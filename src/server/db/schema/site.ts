import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The public site's inbound messages: the contact form and the newsletter (double opt-in).

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** SHA-256 of the sender's address, for rate limiting without keeping the IP. */
    senderHash: text('sender_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_sender_created_idx').on(t.senderHash, t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    /** pending (waiting for the confirm link), confirmed, unsubscribed. */
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    /** SHA-256 of the confirm token sent by mail (the token itself is never stored). */
    confirmTokenHash: text('confirm_token_hash'),
    /** SHA-256 of the unsubscribe token carried by every mail. */
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull(),
    senderHash: text('sender_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [index('newsletter_sender_created_idx').on(t.senderHash, t.createdAt)],
);
