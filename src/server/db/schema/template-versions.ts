import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GraphChange } from '#shared/catalog/graph-diff.ts';
import { automations, compressedJson } from './catalog.ts';

// Template versions (issue 40, decision 0025): an import that changes a template's graph records a
// new version with its changelog. Each row keeps its workflow, the base a member's deployment was
// made from, for the diff against what is in their n8n and the three-way merge of an update.

/** `published`: members are told about it ("Update available"); `held`: the operator keeps it back. */
export type TemplateVersionStatus = 'published' | 'held';

export const templateVersions = pgTable(
  'template_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    /** 1 for the first version the library saw, then +1 per import that changed the graph. */
    version: integer('version').notNull(),
    /** The file's hash when this version was last seen (a noise-only re-import moves it on). */
    contentHash: text('content_hash').notNull(),
    workflowJson: compressedJson('workflow_json').notNull(),
    changes: jsonb('changes').$type<GraphChange[]>().notNull().default([]),
    changelog: jsonb('changelog').$type<string[]>().notNull().default([]),
    /** The operator's own words for members ("Fixes the Gmail step after n8n 1.120"). */
    note: text('note'),
    status: text('status').$type<TemplateVersionStatus>().notNull().default('published'),
    /** When members were last told about it (created published, or published by the operator); null while held. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('template_versions_automation_version_idx').on(t.automationId, t.version),
    index('template_versions_created_idx').on(t.createdAt),
  ],
);
