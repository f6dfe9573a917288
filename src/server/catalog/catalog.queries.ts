import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import {
  automationEvents,
  automationRatings,
  automations,
  RUN_EVENT_KINDS,
  workflowStats,
} from '#server/db/schema/catalog.ts';

/** Rows of a raw `db.execute` on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Published, and not a guide the operator hides: an item without a workflow is listed only while
 * catalog_settings.guides is 'show' (decision 0023).
 */
export const listedToMembers = sql`${automations.published} and (${automations.workflowJson} is not null or not exists (select 1 from catalog_settings where guides = 'hide'))`;

/** Card columns: everything a list needs, never the workflow JSON. */
export const cardColumns = {
  id: automations.id,
  source: automations.source,
  title: automations.title,
  description: automations.description,
  summary: automations.summary,
  author: automations.author,
  category: automations.category,
  difficulty: automations.difficulty,
  tags: automations.tags,
  integrations: automations.integrations,
  nodeCount: automations.nodeCount,
  deployable: automations.deployable,
  /** Readiness flags (decision 0023); null for an item without a workflow (a guide). */
  quality: automations.quality,
  videoUrl: automations.videoUrl,
  resourceUrl: automations.resourceUrl,
  templateUrl: automations.templateUrl,
  sourceRating: automations.sourceRating,
  createdAt: automations.createdAt,
  sourceOrder: automations.sourceOrder,
};
export type CardRow = {
  [K in keyof typeof cardColumns]:
    | (typeof cardColumns)[K]['_']['data']
    | ((typeof cardColumns)[K]['_']['notNull'] extends true ? never : null);
};

/** What the search index reads besides the card: node types, sticky notes and the structure hash. */
export const indexColumns = {
  ...cardColumns,
  nodeTypes: automations.nodeTypes,
  notes: automations.howItWorks,
  structureHash: automations.structureHash,
};
export type IndexRow = CardRow & { nodeTypes: string[]; notes: string; structureHash: string };

/**
 * All published automations' index columns (the search index's input), read in keyset pages so the
 * embedded database never materialises 50,000 rows in one result (its memory does not shrink).
 */
export async function selectIndexRows(db: Database, pageSize = 5_000): Promise<IndexRow[]> {
  const out: IndexRow[] = [];
  let after = '';
  for (;;) {
    const page = (await db
      .select(indexColumns)
      .from(automations)
      .where(and(listedToMembers, gt(automations.id, after)))
      .orderBy(automations.id)
      .limit(pageSize)) as IndexRow[];
    out.push(...page);
    if (page.length < pageSize) return out;
    after = page[page.length - 1]!.id;
  }
}

/** Deploys, copies, downloads and views of one automation, each counted on its own. */
export async function selectUsage(db: Database, id: string) {
  const rows = await db
    .select({ kind: automationEvents.kind, n: sql<number>`count(*)::int` })
    .from(automationEvents)
    .where(eq(automationEvents.automationId, id))
    .groupBy(automationEvents.kind);
  const n = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { deploys: n('deploy'), copies: n('copy'), downloads: n('download'), views: n('view') };
}

export type Activity = { runs: number; events: number; ratingSum: number; ratingCount: number };

/** Runs and events per automation (member events) and member ratings; all, or only `ids`. */
export async function selectActivity(db: Database, ids?: string[]): Promise<Map<string, Activity>> {
  const map = new Map<string, Activity>();
  if (ids?.length === 0) return map;
  const get = (id: string) => {
    let a = map.get(id);
    if (!a) {
      a = { runs: 0, events: 0, ratingSum: 0, ratingCount: 0 };
      map.set(id, a);
    }
    return a;
  };
  const events = await db
    .select({
      id: automationEvents.automationId,
      runs: sql<number>`(count(*) filter (where ${inArray(automationEvents.kind, RUN_EVENT_KINDS)}))::int`,
      events: sql<number>`count(*)::int`,
    })
    .from(automationEvents)
    .where(ids ? inArray(automationEvents.automationId, ids) : undefined)
    .groupBy(automationEvents.automationId);
  for (const e of events) Object.assign(get(e.id), { runs: Number(e.runs), events: Number(e.events) });
  const ratings = await db
    .select({
      id: automationRatings.automationId,
      sum: sql<number>`sum(${automationRatings.stars})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(automationRatings)
    .where(ids ? inArray(automationRatings.automationId, ids) : undefined)
    .groupBy(automationRatings.automationId);
  for (const r of ratings)
    Object.assign(get(r.id), { ratingSum: Number(r.sum), ratingCount: Number(r.count) });
  return map;
}

/**
 * What the periodic check compares: the newest workflow_stats row's last_updated (imports) plus the
 * newest event and rating (activity). One small query every 15 s.
 */
export async function selectCatalogVersion(db: Database): Promise<{ catalog: string; activity: string }> {
  const [row] = rowsOf<{
    last_updated: string | Date | null;
    events: string | number | null;
    ratings: string | null;
    verified: string | null;
  }>(
    await db.execute(sql`select
      (select last_updated from workflow_stats order by created_at desc, id desc limit 1) as last_updated,
      (select max(id) from automation_events) as events,
      (select count(*)::text || ':' || coalesce(max(updated_at)::text, '') from automation_ratings) as ratings,
      (select count(*)::text || ':' || coalesce(max(verified_at)::text, '') from n8n_verification_results) as verified`),
  );
  const lastUpdated = row?.last_updated ? new Date(row.last_updated).toISOString() : '';
  return {
    catalog: lastUpdated,
    activity: `${row?.events ?? ''}|${row?.ratings ?? ''}|${row?.verified ?? ''}`,
  };
}

export async function selectLatestStats(db: Database) {
  const [row] = await db
    .select()
    .from(workflowStats)
    .orderBy(sql`${workflowStats.createdAt} desc, ${workflowStats.id} desc`)
    .limit(1);
  return row ?? null;
}

/** One published automation with everything, including the workflow JSON. */
export async function selectAutomation(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.id, id), listedToMembers))
    .limit(1);
  return row ?? null;
}

export async function selectV3000Titles(db: Database) {
  return db
    .select({ id: automations.id, title: automations.title })
    .from(automations)
    .where(and(eq(automations.source, '3000'), eq(automations.published, true), ne(automations.id, '')));
}
