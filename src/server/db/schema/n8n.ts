import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { automations } from './catalog.ts';

export type N8nConnectionStatus = 'disconnected' | 'testing' | 'connected';
export type DeploymentStatus = 'deployed' | 'failed';

/** A member's n8n instance. Member data: deleted with the account (DESIGN.md §5). */
export const n8nConnections = pgTable(
  'n8n_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Normalised: https (or http when allowed), no trailing slash, no /api/v1. */
    instanceUrl: text('instance_url').notNull(),
    /** AES-256-GCM sealed (src/server/n8n/key-box.ts); never returned. */
    apiKeySealed: text('api_key_sealed').notNull(),
    /** The masked form shown to the member (last four characters). */
    apiKeyMask: text('api_key_mask').notNull(),
    webhookUrl: text('webhook_url'),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status').$type<N8nConnectionStatus>().notNull().default('disconnected'),
    lastTestMessage: text('last_test_message'),
    lastTestedAt: timestamp('last_tested_at', { withTimezone: true }),
    workflowCount: integer('workflow_count'),
    /** Automation Alerts: failures that stopped up to here were already looked at (and mailed). */
    alertsCheckedAt: timestamp('alerts_checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('n8n_connections_user_idx').on(t.userId),
    uniqueIndex('n8n_connections_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Every deployment attempt with its outcome (the member's deployment history). */
export const deployments = pgTable(
  'deployments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** Kept as text so history survives a catalogue re-import. */
    automationId: text('automation_id').notNull(),
    automationTitle: text('automation_title').notNull(),
    connectionId: uuid('connection_id').references(() => n8nConnections.id, { onDelete: 'set null' }),
    /** The instance at the time of deployment (the connection may be edited or removed later). */
    instanceUrl: text('instance_url').notNull(),
    n8nWorkflowId: text('n8n_workflow_id'),
    workflowName: text('workflow_name'),
    /** The template version deployed (template_versions.version); null before versions were kept. */
    templateVersion: integer('template_version'),
    /**
     * The inactive copy an update kept of the previous state (decision 0025), the version that copy
     * was deployed from, and when the member restored it (once per update; a new update clears it).
     */
    backupWorkflowId: text('backup_workflow_id'),
    backupVersion: integer('backup_version'),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    status: text('status').$type<DeploymentStatus>().notNull(),
    error: text('error'),
    /** Set by Emergency Stop. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deployments_user_created_idx').on(t.userId, t.createdAt)],
);

/** When a member last used each dashboard Quick Action ('last used' on the tiles). Member data. */
export const quickActionUses = pgTable(
  'quick_action_uses',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** deploy-latest, duplicate-top-5, emergency-stop, health-check */
    action: text('action').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.action] })],
);

/** What a check of a template on a real n8n found: 'ok', 'failed', or null when it was not tried. */
export type VerificationStep = 'accept' | 'activate' | 'run';

/**
 * The latest verification of each template on a real n8n (decision 0018). Only shown while
 * `content_hash` equals the automation's: a re-import of a changed file clears it.
 */
export const n8nVerifications = pgTable(
  'n8n_verification_results',
  {
    automationId: text('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    /** The n8n major line ("1", "2"): one result per template and line, the newest run of that line. */
    n8nLine: text('n8n_line').notNull(),
    contentHash: text('content_hash').notNull(),
    n8nVersion: text('n8n_version').notNull(),
    /** 'cli' (npm run verify:n8n) or 'console' (an operator's connection). */
    runBy: text('run_by').notNull(),
    accepted: boolean('accepted').notNull(),
    /** Activated (1.x) or published (2.x); null: not tried (no trigger that starts it on its own). */
    activated: boolean('activated'),
    /** null: not started (it could not be started safely). */
    ran: boolean('ran'),
    /**
     * Throwaway credentials (dummy values) of every type the template needs were bound before
     * publishing, so publishing checked everything but the secrets. null: it needs none, or the
     * instance cannot create credentials (1.x); false: a needed type could not be created.
     */
    credentialsBound: boolean('credentials_bound'),
    /** Publishing was refused only for credentials: the workflow itself is sound. null: not refused. */
    refusedOnlyForCredentials: boolean('refused_only_for_credentials'),
    /**
     * Refused with credentials, then published once every field the set-up wizard asks for was filled
     * with a format-valid throwaway answer (decision 0024). null: not tried.
     */
    publishedAfterSetup: boolean('published_after_setup'),
    /** The step that failed and n8n's message, when one did. */
    failedStep: text('failed_step').$type<VerificationStep>(),
    failure: text('failure'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.automationId, t.n8nLine] }),
    index('n8n_verification_results_verified_at_idx').on(t.verifiedAt),
  ],
);
