import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * One row per checkout. `id` is sent to PayPal as custom_id. Rows are kept when the member deletes
 * the account (legal retention): the user is detached, not deleted.
 * Status: created → approved → completed | pending | declined | failed | review, then refunded | reversed.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The buyer's email at checkout, kept for support after the user is detached. */
    email: text('email').notNull(),
    planId: text('plan_id').notNull(),
    provider: text('provider').notNull().default('paypal'),
    providerOrderId: text('provider_order_id').unique(),
    captureId: text('capture_id').unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('created'),
    approvalUrl: text('approval_url'),
    /** Why the last attempt did not grant (PayPal issue code or mismatch), for the operator. */
    failureReason: text('failure_reason'),
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_user_idx').on(t.userId),
  ],
);

/** Every provider call, webhook and state change, for audit (append-only). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    providerOrderId: text('provider_order_id'),
    /** api-call | webhook | state */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    httpStatus: integer('http_status'),
    requestId: text('request_id'),
    debugId: text('debug_id'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);

/** Webhook deliveries by PayPal event id: a repeated delivery is stored once and processed once. */
export const paypalWebhookEvents = pgTable('paypal_webhook_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  resourceId: text('resource_id'),
  verified: text('verified').notNull(),
  body: jsonb('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  processingError: text('processing_error'),
});

/**
 * The built-in PayPal-compatible sandbox's state (local mode only: orders, captures, tokens, answers
 * to PayPal-Request-Id, its credentials and test faults), so a killed process loses no approved order
 * and every process on the database shares one sandbox (issue 20).
 */
export const paypalSandboxRecords = pgTable(
  'paypal_sandbox_records',
  {
    /** order · capture · token · request · config · faults */
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
