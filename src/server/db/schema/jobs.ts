import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// One row per named background job. A process runs a job only after winning its lease with one
// conditional UPDATE, so several processes against one database never run the same job twice.
export const jobs = pgTable('jobs', {
  name: text('name').primaryKey(),
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runCount: integer('run_count').notNull().default(0),
});
