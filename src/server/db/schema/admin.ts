import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
