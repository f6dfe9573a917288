import { z } from 'zod';

// Template versions and update alerts (issue 40, decision 0025): what the API answers and accepts.

export const TEMPLATE_VERSION_STATUSES = ['published', 'held'] as const;
export type TemplateVersionStatusValue = (typeof TEMPLATE_VERSION_STATUSES)[number];

export type TemplateVersionView = {
  version: number;
  status: TemplateVersionStatusValue;
  note: string | null;
  /** Sentences from the graph diff against the version before; empty for the first version. */
  changelog: string[];
  /** When members were told about it; null while the operator holds it. */
  publishedAt: string | null;
  createdAt: string;
};

export const TemplateVersionEditSchema = z
  .strictObject({
    note: z.string().trim().max(1000).nullable().optional(),
    status: z.enum(TEMPLATE_VERSION_STATUSES).optional(),
  })
  .refine((v) => v.note !== undefined || v.status !== undefined, 'Give a note or a status.');
export type TemplateVersionEdit = z.infer<typeof TemplateVersionEditSchema>;

export const TemplateVersionParamSchema = z.object({
  id: z.string().min(1).max(300),
  version: z.coerce.number().int().min(1).max(1_000_000),
});

/** A deployment whose template has a newer published version. */
export type TemplateUpdateView = {
  deploymentId: string;
  automationId: string;
  automationTitle: string;
  instanceUrl: string;
  n8nWorkflowId: string;
  deployedVersion: number;
  latestVersion: number;
  /** The published versions after the deployed one, newest first. */
  versions: TemplateVersionView[];
};

/** The side-by-side view of an update against what is in the member's n8n, node by node. */
export type TemplateUpdatePreview = {
  deploymentId: string;
  automationId: string;
  automationTitle: string;
  deployedVersion: number;
  latestVersion: number;
  workflowUrl: string;
  nodes: {
    /** The node's name in the member's n8n (or in the new version, for a node it adds). */
    node: string;
    /** What the member changed since deploying. */
    mine: string[];
    /** What the new version changes. */
    theirs: string[];
    /** Where the two collide: decided by the member, never overwritten. */
    collisions: string[];
  }[];
  collisions: number;
  /** The parameter collisions the member decides before updating (keep theirs, or take the new value). */
  decisions: { node: string; path: string; label: string; mine: string; theirs: string }[];
  /** Server time to diff and merge, after the workflow was read back. */
  compareMs: number;
};

export const TemplateUpdateSchema = z.strictObject({
  /** The member's decision on each parameter collision the comparison showed. */
  resolutions: z
    .array(
      z.strictObject({
        node: z.string().min(1).max(300),
        path: z.string().min(1).max(1000),
        take: z.enum(['mine', 'theirs']),
      }),
    )
    .max(500)
    .optional(),
});

/** What the update action answers (src/server/n8n/template-update.ts, which names the collisions' type). */
export type TemplateUpdateOutcome<Collision = unknown> =
  | {
      status: 'updated';
      version: number;
      workflowUrl: string;
      backupUrl: string;
      applied: number;
      keptEdits: number;
    }
  | { status: 'collisions'; collisions: Collision[] }
  | { status: 'up-to-date'; version: number };

/** What Restore answers (src/server/n8n/template-restore.ts): the live workflow holds `version` again. */
export type TemplateRestoreOutcome =
  /** keptUrl: the workflow as it was before the restore (edits made in n8n since the update), inactive. */
  | { status: 'restored'; version: number; workflowUrl: string; keptUrl: string }
  | { status: 'already-restored'; version: number };
