import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// The operator's editorial layer over the derived catalogue (decision 0023): text edited in the
// editorial queue or the catalogue console, kept apart from `automations` so a re-import (which derives every field again)
// cannot lose it; the import applies these rows after writing its own.

export const automationEditorial = pgTable('automation_editorial', {
  /** The automation's id. No foreign key: an item that leaves the catalogue and comes back keeps its edits. */
  automationId: text('automation_id').primaryKey(),
  /** The operator's text; null keeps what the import derives. */
  title: text('title'),
  summary: text('summary'),
  tags: jsonb('tags').$type<string[]>(),
  /** Edited in the catalogue console (/admin/catalog). videoUrl '' = the operator removed the video. */
  description: text('description'),
  category: text('category'),
  videoUrl: text('video_url'),
  /** Set when the operator accepted or marked the item reviewed; null = still in the queue. */
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  /** Who last changed the row (user id). */
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One row (id 1): the operator's catalogue choices. */
export const catalogSettings = pgTable(
  'catalog_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Items without a workflow: shown as guides that link out, or hidden from members and visitors. */
    guides: text('guides', { enum: ['show', 'hide'] })
      .notNull()
      .default('show'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('catalog_settings_one_row', sql`${t.id} = 1`)],
);
