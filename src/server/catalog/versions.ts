// Template versions (issue 40, decision 0025). After every import, each template whose file changed
// is compared with its latest version as a graph: a real change (nodes, wiring, parameters) becomes a
// new version with its changelog; noise (positions, ids, webhook ids, credential ids) only moves the
// latest version on to the new file. A template seen for the first time gets version 1.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Actor } from '#server/audit/audit.ts';
import { audited } from '#server/audit/audit.ts';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { deployments } from '#server/db/schema/n8n.ts';
import { templateVersions } from '#server/db/schema/template-versions.ts';
import { AppError } from '#server/lib/errors.ts';
import { workflowChangelog } from '#shared/catalog/graph-diff.ts';
import { n8nNode } from '#shared/catalog/n8n-nodes.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type {
  TemplateUpdateView,
  TemplateVersionEdit,
  TemplateVersionView,
} from '#shared/schemas/template-versions.ts';
import { rowsOf } from './catalog.queries.ts';

type VersionRow = typeof templateVersions.$inferSelect;

/** Templates compared per round trip (each pair is decompressed and parsed). */
const CHUNK = 200;

export const typeName = (type: string) => n8nNode(type)?.displayName;

function parse(text: string): WorkflowJson | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && Array.isArray((value as WorkflowJson).nodes)
      ? (value as WorkflowJson)
      : null;
  } catch {
    return null;
  }
}

/**
 * Brings template_versions up to date with the catalogue. Called once by each import, inside its
 * publishing transaction when it has one, so versions and the catalogue change together.
 */
export async function recordTemplateVersions(
  db: Database,
  now: Date,
): Promise<{ first: number; changed: number; unchanged: number }> {
  // First versions are copied in SQL: the stored (compressed) workflow is not read back.
  const first = await db.execute(sql`
    insert into template_versions (automation_id, version, content_hash, workflow_json, published_at, created_at, updated_at)
    select a.id, 1, a.content_hash, a.workflow_json, ${now}, ${now}, ${now} from automations a
    where a.workflow_json is not null
      and not exists (select 1 from template_versions v where v.automation_id = a.id)`);
  const stale = rowsOf<{ id: string; version_id: string; version: number }>(
    await db.execute(sql`
      select a.id, v.id as version_id, v.version from automations a
      join lateral (
        select id, version, content_hash from template_versions v
        where v.automation_id = a.id order by version desc limit 1
      ) v on true
      where a.workflow_json is not null and a.content_hash <> v.content_hash`),
  );
  let changed = 0;
  for (let i = 0; i < stale.length; i += CHUNK) {
    const chunk = stale.slice(i, i + CHUNK);
    const current = await db
      .select({ id: automations.id, hash: automations.contentHash, json: automations.workflowJson })
      .from(automations)
      .where(
        inArray(
          automations.id,
          chunk.map((r) => r.id),
        ),
      );
    const previous = await db
      .select({ id: templateVersions.id, json: templateVersions.workflowJson })
      .from(templateVersions)
      .where(
        inArray(
          templateVersions.id,
          chunk.map((r) => r.version_id),
        ),
      );
    const currentById = new Map(current.map((r) => [r.id, r]));
    const previousById = new Map(previous.map((r) => [r.id, r.json]));
    for (const row of chunk) {
      const now_ = currentById.get(row.id);
      const before = parse(previousById.get(row.version_id) ?? '');
      const after = now_?.json ? parse(now_.json) : null;
      if (!now_?.json || !after) continue;
      const diff = before ? workflowChangelog(before, after, { typeName }) : null;
      if (diff && diff.changes.length === 0) {
        await db
          .update(templateVersions)
          .set({ contentHash: now_.hash, workflowJson: now_.json, updatedAt: now })
          .where(eq(templateVersions.id, row.version_id));
        continue;
      }
      changed++;
      await db.insert(templateVersions).values({
        automationId: row.id,
        version: row.version + 1,
        contentHash: now_.hash,
        workflowJson: now_.json,
        changes: diff?.changes ?? [],
        changelog: diff?.changelog ?? [],
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  const firstCount = Number(
    (first as { rowCount?: number; affectedRows?: number }).rowCount ??
      (first as { affectedRows?: number }).affectedRows ??
      0,
  );
  return { first: firstCount, changed, unchanged: stale.length - changed };
}

export function toVersionView(
  row: Pick<VersionRow, 'version' | 'status' | 'note' | 'changelog' | 'publishedAt' | 'createdAt'>,
): TemplateVersionView {
  return {
    version: row.version,
    status: row.status,
    note: row.note,
    changelog: row.changelog,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const viewColumns = {
  automationId: templateVersions.automationId,
  version: templateVersions.version,
  status: templateVersions.status,
  note: templateVersions.note,
  changelog: templateVersions.changelog,
  publishedAt: templateVersions.publishedAt,
  createdAt: templateVersions.createdAt,
};

/** A template's versions, newest first; members see published ones only. */
export async function listTemplateVersions(
  db: Database,
  automationId: string,
  options: { includeHeld: boolean },
): Promise<TemplateVersionView[]> {
  const rows = await db
    .select(viewColumns)
    .from(templateVersions)
    .where(
      and(
        eq(templateVersions.automationId, automationId),
        options.includeHeld ? undefined : eq(templateVersions.status, 'published'),
      ),
    )
    .orderBy(desc(templateVersions.version));
  return rows.map(toVersionView);
}

/** The version a deploy sends now: the newest one, whatever its status (it is the catalogue's file). */
export async function currentTemplateVersion(db: Database, automationId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: templateVersions.version })
    .from(templateVersions)
    .where(eq(templateVersions.automationId, automationId))
    .orderBy(desc(templateVersions.version))
    .limit(1);
  return row?.version ?? null;
}

/** The operator's note and publish/hold decision on one version, audited. */
export async function editTemplateVersion(
  deps: { db: Database },
  input: { actor: Actor; automationId: string; version: number; edit: TemplateVersionEdit },
): Promise<TemplateVersionView> {
  return audited(
    deps,
    async (tx) => {
      const [before] = await tx
        .select()
        .from(templateVersions)
        .where(
          and(
            eq(templateVersions.automationId, input.automationId),
            eq(templateVersions.version, input.version),
          ),
        );
      if (!before) throw new AppError('NOT_FOUND', { userMessage: 'Version not found' });
      const [row] = await tx
        .update(templateVersions)
        .set({
          ...(input.edit.note !== undefined ? { note: input.edit.note || null } : {}),
          // Published again after a hold: members are told now (the update mail looks at publishedAt).
          ...(input.edit.status !== undefined && input.edit.status !== before.status
            ? {
                status: input.edit.status,
                publishedAt: input.edit.status === 'published' ? new Date() : null,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(templateVersions.id, before.id))
        .returning();
      return { before, after: row! };
    },
    ({ before, after }) => ({
      actor: input.actor,
      action: 'catalog.version',
      target: `${input.automationId}@${input.version}`,
      detail: {
        ...(before.status !== after.status ? { status: { from: before.status, to: after.status } } : {}),
        ...(before.note !== after.note ? { note: after.note } : {}),
      },
    }),
  ).then(({ after }) => toVersionView(after));
}

/** The member's successful deployments with a workflow in n8n; `activeOnly` leaves out the stopped ones. */
export function deployedBy(userId: string, options: { activeOnly?: boolean } = {}) {
  return and(
    eq(deployments.userId, userId),
    eq(deployments.status, 'deployed'),
    isNotNull(deployments.n8nWorkflowId),
    options.activeOnly ? isNull(deployments.deactivatedAt) : undefined,
  );
}

/**
 * The member's live deployments (deployed, not stopped) whose template has a newer published
 * version. A deployment made before versions were kept counts as the version current at its time.
 */
export async function templateUpdatesFor(db: Database, userId: string): Promise<TemplateUpdateView[]> {
  const rows = await db
    .select({
      id: deployments.id,
      automationId: deployments.automationId,
      automationTitle: deployments.automationTitle,
      instanceUrl: deployments.instanceUrl,
      n8nWorkflowId: deployments.n8nWorkflowId,
      templateVersion: deployments.templateVersion,
      createdAt: deployments.createdAt,
    })
    .from(deployments)
    .where(deployedBy(userId, { activeOnly: true }))
    .orderBy(desc(deployments.createdAt));
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((r) => r.automationId))];
  const versions = await db
    .select(viewColumns)
    .from(templateVersions)
    .where(inArray(templateVersions.automationId, ids))
    .orderBy(desc(templateVersions.version));
  const byAutomation = new Map<string, typeof versions>();
  for (const v of versions)
    byAutomation.set(v.automationId, [...(byAutomation.get(v.automationId) ?? []), v]);

  const seen = new Set<string>();
  const out: TemplateUpdateView[] = [];
  for (const row of rows) {
    if (!row.n8nWorkflowId) continue;
    // One workflow in n8n, one alert: the newest deployment record of it speaks for it.
    const key = `${row.instanceUrl}\u0000${row.n8nWorkflowId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const list = byAutomation.get(row.automationId) ?? [];
    const deployed =
      row.templateVersion ?? list.find((v) => v.createdAt.getTime() <= row.createdAt.getTime())?.version ?? 1;
    const newer = list.filter((v) => v.version > deployed && v.status === 'published');
    if (newer.length === 0) continue;
    out.push({
      deploymentId: row.id,
      automationId: row.automationId,
      automationTitle: row.automationTitle,
      instanceUrl: row.instanceUrl,
      n8nWorkflowId: row.n8nWorkflowId,
      deployedVersion: deployed,
      latestVersion: newer[0]!.version,
      versions: newer.map(toVersionView),
    });
  }
  return out;
}
