import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Actor, audited, recordAudit } from '#server/audit/audit.ts';
import type { CatalogAdminDeps } from '#server/catalog/import-uploads.ts';
import type { Database } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { automations, type StoredQuality } from '#server/db/schema/catalog.ts';
import { automationEditorial, catalogSettings } from '#server/db/schema/editorial.ts';
import { AppError } from '#server/lib/errors.ts';
import { buildCanvasModel } from '#shared/catalog/canvas-model.ts';
import { MAX_TAGS } from '#shared/catalog/constants.ts';
import { readinessLevelOf } from '#shared/catalog/readiness.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type {
  CatalogSettings,
  EditorialCsvResult,
  EditorialDetail,
  EditorialEdit,
  EditorialItem,
  EditorialPage,
  EditorialQuery,
  EditorialReason,
} from '#shared/schemas/editorial.ts';
import { rowsOf } from '../catalog/catalog.queries.ts';
import { catalogEdited } from '../catalog/import-catalog.ts';
import { csvCell } from './inbox.ts';

// The operator's editorial queue (issue 38, decision 0023): templates whose title or summary was
// generated, whose readiness is flagged, or that nobody reviewed, most viewed by members first. Edits
// live in automation_editorial and are applied again after every import, so a re-import keeps them.

export const EDITORIAL_PAGE_SIZE = 25;

type QueueRow = {
  id: string;
  title: string;
  summary: string;
  tags: string[];
  deployable: boolean;
  quality: StoredQuality | null;
  views: number;
  edited: boolean;
  reviewed_at: Date | string | null;
};

// The reasons as SQL over automations `a` and automation_editorial `e` (one definition for filters and counts).
const REASON_SQL: Record<EditorialReason, string> = {
  'generated-title': `(a.quality->'generatedText'->>'title' = 'true' and e.title is null)`,
  'generated-summary': `(a.quality->'generatedText'->>'summary' = 'true' and e.summary is null)`,
  flagged: `(a.quality is null or not a.deployable or coalesce(a.quality->'readiness'->>'level', 'ready') <> 'ready')`,
  unreviewed: 'true',
};

function reasonsOf(row: QueueRow, level: EditorialItem['readiness']): EditorialReason[] {
  const out: EditorialReason[] = [];
  const g = row.quality?.generatedText;
  const edited = row.edited;
  if (g?.title && !edited) out.push('generated-title');
  if (g?.summary && !edited) out.push('generated-summary');
  if (level !== 'ready') out.push('flagged');
  if (!row.reviewed_at) out.push('unreviewed');
  return out;
}

function readinessReason(quality: StoredQuality | null): string | null {
  if (!quality) return 'No workflow file: this is a guide that links to where the template is published.';
  const flags = quality.readiness?.flags ?? [];
  return (
    flags.find((f) => f.severity === 'blocks')?.message ??
    flags.find((f) => f.severity === 'caveat')?.message ??
    quality.deployRefusal
  );
}

function toItem(row: QueueRow): EditorialItem {
  const readiness = readinessLevelOf(row.deployable, row.quality);
  const reviewedAt = row.reviewed_at ? new Date(row.reviewed_at).toISOString() : null;
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    tags: row.tags,
    readiness,
    readinessReason: readiness === 'ready' ? null : readinessReason(row.quality),
    reasons: reasonsOf(row, readiness),
    views: Number(row.views),
    edited: row.edited,
    reviewedAt,
  };
}

const SELECT_QUEUE = `select a.id, a.title, a.summary, a.tags, a.deployable, a.quality,
    coalesce(v.views, 0)::int as views,
    (e.title is not null or e.summary is not null or e.tags is not null) as edited,
    e.reviewed_at
  from automations a
  left join automation_editorial e on e.automation_id = a.id
  left join (select automation_id, count(*)::int as views from automation_events where kind = 'view'
             group by automation_id) v on v.automation_id = a.id`;

/** One page of the queue: published items nobody reviewed, most viewed first. */
export async function listEditorialQueue(db: Database, query: EditorialQuery): Promise<EditorialPage> {
  const filters = [sql`a.published`, sql`e.reviewed_at is null`];
  if (query.reason) filters.push(sql.raw(REASON_SQL[query.reason]));
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(sql`(a.title ilike ${pattern} or a.id ilike ${pattern})`);
  }
  const where = sql.join(filters, sql` and `);
  const offset = (query.page - 1) * EDITORIAL_PAGE_SIZE;
  const rows = rowsOf<QueueRow>(
    await db.execute(
      sql`${sql.raw(SELECT_QUEUE)} where ${where} order by views desc, a.title, a.id limit ${EDITORIAL_PAGE_SIZE} offset ${offset}`,
    ),
  );
  const countSql = (Object.keys(REASON_SQL) as EditorialReason[])
    .map((r) => `count(*) filter (where ${REASON_SQL[r]})::int as "${r}"`)
    .join(', ');
  const [counts] = rowsOf<Record<EditorialReason, number>>(
    await db.execute(
      sql`select ${sql.raw(countSql)} from automations a left join automation_editorial e on e.automation_id = a.id where a.published and e.reviewed_at is null`,
    ),
  );
  const [filtered] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from automations a left join automation_editorial e on e.automation_id = a.id where ${where}`,
    ),
  );
  return {
    items: rows.map(toItem),
    total: Number(filtered?.n ?? 0),
    page: query.page,
    pageSize: EDITORIAL_PAGE_SIZE,
    counts: Object.fromEntries(Object.entries(counts ?? {}).map(([k, v]) => [k, Number(v)])),
  };
}

/** One item with its text and its canvas (the operator sees every node, as members do). */
export async function getEditorialItem(db: Database, id: string): Promise<EditorialDetail> {
  const [row] = rowsOf<QueueRow>(await db.execute(sql`${sql.raw(SELECT_QUEUE)} where a.id = ${id}`));
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  const [full] = await db
    .select({
      description: automations.description,
      howItWorks: automations.howItWorks,
      workflowJson: automations.workflowJson,
    })
    .from(automations)
    .where(eq(automations.id, id));
  const workflow = full?.workflowJson ? (JSON.parse(full.workflowJson) as WorkflowJson) : null;
  return {
    ...toItem(row),
    description: full?.description ?? '',
    howItWorks: full?.howItWorks ?? '',
    canvas: buildCanvasModel(workflow, { member: true }),
  };
}

/** What the operator may set over an import's text; `videoUrl: null` removes the video. */
export type EditorialChange = {
  title?: string;
  summary?: string;
  tags?: string[];
  description?: string;
  category?: string;
  videoUrl?: string | null;
  reviewed?: boolean;
};

const EDITABLE = ['title', 'summary', 'tags', 'description', 'category', 'videoUrl'] as const;

/**
 * Writes the operator's text to the item and to automation_editorial (kept across re-imports) inside
 * the caller's transaction: the one write path of the editorial queue and the catalogue console.
 * Members see it as soon as the search index rebuilds on catalog.changed.
 */
export async function writeEditorial(
  tx: Database,
  input: { actor: Actor; id: string; change: EditorialChange; now: Date },
): Promise<Record<string, { from: unknown; to: unknown }>> {
  const { id, change, now } = input;
  const [before] = await tx
    .select({
      title: automations.title,
      summary: automations.summary,
      tags: automations.tags,
      description: automations.description,
      category: automations.category,
      videoUrl: automations.videoUrl,
    })
    .from(automations)
    .where(eq(automations.id, id));
  if (!before) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  const [kept] = await tx.select().from(automationEditorial).where(eq(automationEditorial.automationId, id));
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  const text: Partial<Pick<typeof automations.$inferInsert, (typeof EDITABLE)[number]>> = {};
  for (const key of EDITABLE) {
    const next = change[key];
    if (next === undefined || JSON.stringify(next) === JSON.stringify(before[key])) continue;
    changed[key] = { from: before[key], to: next };
    (text as Record<string, unknown>)[key] = next;
  }
  const reviewedAt =
    change.reviewed === undefined ? (kept?.reviewedAt ?? null) : change.reviewed ? now : null;
  if (change.reviewed !== undefined && Boolean(kept?.reviewedAt) !== change.reviewed)
    changed.reviewed = { from: Boolean(kept?.reviewedAt), to: change.reviewed };
  if (Object.keys(changed).length === 0) return changed;
  if (Object.keys(text).length > 0)
    await tx
      .update(automations)
      .set({ ...text, updatedAt: now })
      .where(eq(automations.id, id));
  const row = {
    automationId: id,
    title: text.title ?? kept?.title ?? null,
    summary: text.summary ?? kept?.summary ?? null,
    tags: text.tags ?? kept?.tags ?? null,
    description: text.description ?? kept?.description ?? null,
    category: text.category ?? kept?.category ?? null,
    // '' is "the operator removed the video" (null would mean "keep what the import finds").
    videoUrl: 'videoUrl' in text ? (text.videoUrl ?? '') : (kept?.videoUrl ?? null),
    reviewedAt,
    updatedBy: input.actor.userId,
    updatedAt: now,
  };
  await tx
    .insert(automationEditorial)
    .values(row)
    .onConflictDoUpdate({ target: automationEditorial.automationId, set: row });
  return changed;
}

/** Edits an item's title, summary or tags, accepts it (reviewed) or sends it back to the queue. */
export async function saveEditorial(
  deps: CatalogAdminDeps,
  input: { actor: Actor; id: string; edit: EditorialEdit; now?: Date },
) {
  const now = input.now ?? new Date();
  const changed = await audited(
    deps.database,
    (tx) => writeEditorial(tx, { actor: input.actor, id: input.id, change: input.edit, now }),
    (result) =>
      Object.keys(result).length === 0
        ? null
        : { actor: input.actor, action: 'catalog.editorial', target: input.id, detail: result },
  );
  if (Object.keys(changed).length > 0) await catalogEdited(deps.database, deps.bus);
  return { id: input.id, changed };
}

const CSV_HEADER = ['id', 'title', 'summary', 'tags', 'reviewed'];
const TAG_SEPARATOR = '; ';

/** Every published item's title, summary and tags as CSV, for editing in a spreadsheet. */
export async function editorialCsv(db: Database): Promise<string> {
  const rows = rowsOf<{ id: string; title: string; summary: string; tags: string[]; reviewed_at: unknown }>(
    await db.execute(sql`select a.id, a.title, a.summary, a.tags, e.reviewed_at from automations a
      left join automation_editorial e on e.automation_id = a.id where a.published order by a.id`),
  );
  const lines = [CSV_HEADER.map(csvCell).join(',')];
  for (const r of rows)
    lines.push(
      [r.id, r.title, r.summary, r.tags.join(TAG_SEPARATOR), r.reviewed_at ? 'yes' : 'no']
        .map(csvCell)
        .join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

/** Undoes csvCell's guard against spreadsheet formulas ('=… → =…). */
const unguard = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Applies a CSV of id, title, summary, tags (and optionally reviewed): each row that differs becomes
 * an edit, as if made in the queue. Rows with errors are reported by line and skipped.
 */
export async function importEditorialCsv(
  deps: CatalogAdminDeps,
  input: { actor: Actor; csv: string; now?: Date },
): Promise<EditorialCsvResult> {
  const now = input.now ?? new Date();
  let records: Record<string, string>[];
  try {
    records = parse(input.csv, { columns: true, skip_empty_lines: true, trim: true, bom: true });
  } catch (e) {
    throw new AppError('VALIDATION_FAILED', {
      status: 422,
      userMessage: `The CSV cannot be read: ${(e as Error).message}`,
    });
  }
  const first = records[0];
  if (!first || !('id' in first))
    throw new AppError('VALIDATION_FAILED', {
      status: 422,
      userMessage: 'The CSV needs a header row with id and any of title, summary, tags, reviewed.',
    });
  const errors: string[] = [];
  const edits: { id: string; change: EditorialChange }[] = [];
  records.forEach((r, i) => {
    const line = i + 2;
    const id = r.id ?? '';
    const change: EditorialChange = {};
    if (r.title !== undefined) change.title = unguard(r.title);
    if (r.summary !== undefined) change.summary = unguard(r.summary);
    if (r.tags !== undefined)
      change.tags = unguard(r.tags)
        .split(';')
        .map((t) => t.trim())
        .filter(Boolean);
    if (r.reviewed !== undefined && r.reviewed !== '') change.reviewed = /^(yes|true|1)$/i.test(r.reviewed);
    if (!id) errors.push(`line ${line}: no id`);
    else if (change.title !== undefined && (!change.title || change.title.length > 200))
      errors.push(`line ${line}: the title must have 1 to 200 characters`);
    else if (change.summary !== undefined && (!change.summary || change.summary.length > 160))
      errors.push(`line ${line}: the summary must have 1 to 160 characters`);
    else if (change.tags && change.tags.length > MAX_TAGS)
      errors.push(`line ${line}: at most ${MAX_TAGS} tags`);
    else edits.push({ id, change });
  });
  const known = new Set(
    edits.length === 0
      ? []
      : (
          await deps.database.db
            .select({ id: automations.id })
            .from(automations)
            .where(
              inArray(
                automations.id,
                edits.map((e) => e.id),
              ),
            )
        ).map((r) => r.id),
  );
  let updated = 0;
  let unchanged = 0;
  await deps.database.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    for (const edit of edits) {
      if (!known.has(edit.id)) {
        errors.push(`${edit.id}: no such template`);
        continue;
      }
      const changed = await writeEditorial(tx, { actor: input.actor, id: edit.id, change: edit.change, now });
      if (Object.keys(changed).length > 0) updated++;
      else unchanged++;
    }
    await recordAudit(
      { db: tx },
      {
        actor: input.actor,
        action: 'catalog.editorial-import',
        detail: { rows: records.length, updated, unchanged, errors: errors.length },
      },
    );
  });
  if (updated > 0) await catalogEdited(deps.database, deps.bus);
  return { updated, unchanged, errors };
}

/** The operator's catalogue settings (defaults when never saved). */
export async function getCatalogSettings(db: Database): Promise<CatalogSettings> {
  const [row] = await db.select({ guides: catalogSettings.guides }).from(catalogSettings);
  return { guides: row?.guides ?? 'show' };
}

/** Shows or hides guides (items without a workflow) for members and visitors. */
export async function setCatalogSettings(
  deps: CatalogAdminDeps,
  input: { actor: Actor; settings: CatalogSettings },
): Promise<CatalogSettings> {
  const before = await getCatalogSettings(deps.database.db);
  if (before.guides === input.settings.guides) return before;
  await audited(
    deps.database,
    (tx) =>
      tx
        .insert(catalogSettings)
        .values({ id: 1, guides: input.settings.guides, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: catalogSettings.id,
          set: { guides: input.settings.guides, updatedAt: new Date() },
        }),
    () => ({
      actor: input.actor,
      action: 'catalog.settings',
      detail: { guides: { from: before.guides, to: input.settings.guides } },
    }),
  );
  await catalogEdited(deps.database, deps.bus);
  return input.settings;
}
