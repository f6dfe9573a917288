import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/** Every operator action (who, what, when, target, reason), append-only, shown in the console. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The operator; kept as null when their account is deleted. */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The operator's email at the time, so the entry stays readable after deletion. */
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    /** What the action was about: a user id, a payment id, or a job name. */
    target: text('target'),
    reason: text('reason'),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_idx').on(t.target)],
);

/**
 * One catalogue import started from the operator console. Imports run one at a time in the
 * background; the row carries the progress the console streams, and the F2 summary at the end.
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** The uploaded file names, comma separated. */
    fileName: text('file_name').notNull(),
    /** queued · running · done · failed */
    status: text('status').notNull(),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The importer's report (ImportReport) once done. */
    summary: jsonb('summary'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('catalog_imports_created_idx').on(t.createdAt)],
);

/**
 * Email sign-in attempts, for the operator's auth diagnostics (recorded by a better-auth after-hook,
 * kept 90 days). No password and no IP address is stored.
 */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set when the email belongs to an account; the event goes with the account. */
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    success: boolean('success').notNull(),
    /** better-auth's error code when it failed (INVALID_EMAIL_OR_PASSWORD, BANNED_USER, …). */
    reason: text('reason'),
    userAgent: text('user_agent'),
    /** The client address (lib/client-ip.ts): failures count per account and client (issue 41). */
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_events_email_idx').on(t.email, t.createdAt),
    index('sign_in_events_created_idx').on(t.createdAt),
  ],
);
