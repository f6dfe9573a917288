import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { Readiness } from '#shared/catalog/readiness.ts';
import { packWorkflowJson, unpackWorkflowJson } from '../stored-workflow.ts';
import { user } from './auth.ts';

// The catalogue. PostgreSQL/PGlite is the source of truth; each process keeps an in-memory search
// index built from `automations` (see docs/decisions/0002-catalogue-search.md).

export type StoredCredential = { type: string; name: string; nodes: string[] };
/** What the importer found wrong or unusual in a file (decision 0012). */
export type StoredQuality = {
  /** The first blocking readiness reason, or null (decision 0023). */
  deployRefusal: string | null;
  /** Names the connections use that match no node (not repairable). */
  missingNodes: string[];
  /** Connection names mapped to a node that differs only in case, spacing or a numeric suffix. */
  repaired: { written: string; actual: string }[];
  duplicateNames: string[];
  /** Node types outside n8n's own packages. */
  communityNodes: string[];
  incompleteWiring: boolean;
  /** Readiness by graph with every flag (absent on rows derived before decision 0023). */
  readiness?: Readiness;
  /** Title and summary generated rather than given (editorial queue, decision 0023). */
  generatedText?: { title: boolean; summary: boolean };
};

/**
 * A workflow's JSON text, stored compressed (bytea: a tag byte, then brotli; `stored-workflow.ts`).
 * Reads and writes through drizzle see the text; the importer's COPY records use the same packing.
 */
export const compressedJson = customType<{ data: string; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: packWorkflowJson,
  fromDriver: unpackWorkflowJson,
});

// A function, so the import's staging table gets the same columns (fresh builders for each table).
const automationColumns = () => ({
  /** Stable across re-imports: manifest id, `v3000-…`, or a slug of the file's base name. */
  id: text('id').primaryKey(),
  /** `vault`, `3000`, or the import's --source name for files without a manifest row. */
  source: text('source').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  summary: text('summary').notNull(),
  author: text('author').notNull(),
  category: text('category').notNull(),
  difficulty: text('difficulty').notNull(),
  tags: jsonb('tags').$type<string[]>().notNull(),
  integrations: jsonb('integrations').$type<string[]>().notNull(),
  triggerType: text('trigger_type').notNull(),
  nodeCount: integer('node_count').notNull(),
  credentials: jsonb('credentials').$type<StoredCredential[]>().notNull(),
  deployable: boolean('deployable').notNull(),
  /** Generated "How it works" steps, one per line (decision 0012). */
  howItWorks: text('how_it_works').notNull(),
  /** 'author' or 'generated' (a file-name title replaced from the graph; decision 0022). */
  titleSource: text('title_source').notNull().default('author'),
  /** 'author' (manifest or the author's purpose) or 'generated' (from the graph). */
  summarySource: text('summary_source').notNull().default('generated'),
  /** What the template is for: the author's purpose sentences, else written from the graph. */
  purpose: text('purpose').notNull().default(''),
  /** 'author', 'generated', or null when there is no purpose (a manifest description stands instead). */
  purposeSource: text('purpose_source'),
  /** The file's sticky notes as Markdown, in canvas order: members only, never the description. */
  authorNotes: jsonb('author_notes').$type<string[]>().notNull().default([]),
  quality: jsonb('quality').$type<StoredQuality>(),
  /** The operator lets an item with incomplete wiring be deployed anyway (audited). Kept on re-import. */
  deployOverride: boolean('deploy_override').notNull().default(false),
  /** Position of the file or row in its import, so equal dates keep the source's own order. */
  sourceOrder: integer('source_order').notNull().default(0),
  setupSteps: jsonb('setup_steps').$type<string[]>().notNull(),
  /** Distinct node types, searchable as such (decision 0010). */
  nodeTypes: jsonb('node_types').$type<string[]>().notNull().default([]),
  /** Hash of node types and wiring: equal hashes are variants of one workflow ('' = none). */
  structureHash: text('structure_hash').notNull().default(''),
  videoUrl: text('video_url'),
  resourceUrl: text('resource_url'),
  templateUrl: text('template_url'),
  /**
   * The workflow as compact JSON text; null for template-only automations. Not jsonb: it is only ever
   * returned whole. Compressed by us, not by PostgreSQL (pglz in WebAssembly slowed bulk imports, and
   * the plain text was most of what an import wrote): STORAGE EXTERNAL, migrations 0010 and 0011.
   */
  workflowJson: compressedJson('workflow_json'),
  /** The source's own score ("3000" rows); member ratings take over once there are any. */
  sourceRating: real('source_rating'),
  /** Path of the imported file relative to the import root, for reports. */
  filePath: text('file_path'),
  /** sha256 of the file bytes and manifest row: an unchanged pair is skipped on re-import. */
  contentHash: text('content_hash').notNull(),
  published: boolean('published').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const automations = pgTable('automations', automationColumns(), (t) => [
  index('automations_category_idx').on(t.category),
  index('automations_author_idx').on(t.author),
]);

/**
 * An operator import writes new and changed rows here and moves them into `automations` in one
 * transaction at the end, so a crash mid-import leaves the previous catalogue as it was (issue 20).
 * Imports run one at a time (the `catalog-import` lease), so the table holds one import's rows.
 */
export const catalogImportStaging = pgTable('catalog_import_staging', automationColumns());

/** Latest row by created_at is the current one (spec part 1 §3). One row per import. */
export const workflowStats = pgTable('workflow_stats', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  totalWorkflows: integer('total_workflows').notNull(),
  youtubeWorkflows: integer('youtube_workflows').notNull(),
  redditWorkflows: integer('reddit_workflows').notNull(),
  skoolWorkflows: integer('skool_workflows').notNull(),
  otherWorkflows: integer('other_workflows').notNull(),
  perSource: jsonb('per_source').$type<Record<string, number>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
});

export const AUTOMATION_EVENT_KINDS = ['view', 'copy', 'download', 'deploy', 'save'] as const;
export type AutomationEventKind = (typeof AUTOMATION_EVENT_KINDS)[number];
/** Event kinds that count as a run of the automation (what cards show as runs). */
export const RUN_EVENT_KINDS: AutomationEventKind[] = ['copy', 'download', 'deploy'];

/**
 * The columns of a member's row about an automation: member data, deleted with the account (DESIGN.md
 * §5), and with the automation. New builders per call: each table owns its columns.
 */
export const memberOnAutomation = () => ({
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  automationId: text('automation_id')
    .notNull()
    .references(() => automations.id, { onDelete: 'cascade' }),
});

/** Real member activity; runs and popularity are counted from it (never invented). */
export const automationEvents = pgTable(
  'automation_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...memberOnAutomation(),
    kind: text('kind').$type<AutomationEventKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('automation_events_automation_idx').on(t.automationId, t.kind)],
);

/** One rating per member and automation. */
export const automationRatings = pgTable(
  'automation_ratings',
  {
    ...memberOnAutomation(),
    stars: smallint('stars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.automationId] }),
    index('automation_ratings_automation_idx').on(t.automationId),
    check('automation_ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);
