import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { memberOnAutomation } from './catalog.ts';

/** A member's saved automations: one row per member and automation, with an editable name and notes. */
export const collections = pgTable(
  'collections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...memberOnAutomation(),
    name: text('name').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('collections_user_automation_idx').on(t.userId, t.automationId),
    index('collections_user_created_idx').on(t.userId, t.createdAt),
  ],
);
