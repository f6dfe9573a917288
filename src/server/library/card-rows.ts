import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Activity, type CardRow, cardColumns } from '#server/catalog/catalog.queries.ts';
import { toCard } from '#server/catalog/search-index.ts';
import type { Database } from '#server/db/client.ts';
import {
  automationEvents,
  automationRatings,
  automations,
  RUN_EVENT_KINDS,
} from '#server/db/schema/catalog.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';

export const automationNotFound = () => new AppError('NOT_FOUND', { userMessage: 'Automation not found' });

/** Throws the 404 unless the automation exists and is published. */
export async function assertPublished(db: Database, automationId: string): Promise<void> {
  const [row] = await db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.id, automationId), eq(automations.published, true)))
    .limit(1);
  if (!row) throw automationNotFound();
}

/** Runs and ratings of a few automations (the same figures the search index shows). */
export async function selectActivityOf(db: Database, ids: string[]): Promise<Map<string, Activity>> {
  const map = new Map<string, Activity>();
  if (ids.length === 0) return map;
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
    .where(inArray(automationEvents.automationId, ids))
    .groupBy(automationEvents.automationId);
  for (const e of events) Object.assign(get(e.id), { runs: Number(e.runs), events: Number(e.events) });
  const ratings = await db
    .select({
      id: automationRatings.automationId,
      sum: sql<number>`sum(${automationRatings.stars})::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(automationRatings)
    .where(inArray(automationRatings.automationId, ids))
    .groupBy(automationRatings.automationId);
  for (const r of ratings)
    Object.assign(get(r.id), { ratingSum: Number(r.sum), ratingCount: Number(r.count) });
  return map;
}

/** Cards for the given published automations, keyed by id. */
export async function selectCards(db: Database, ids: string[]): Promise<Map<string, AutomationCard>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select(cardColumns)
    .from(automations)
    .where(and(inArray(automations.id, ids), eq(automations.published, true)))) as CardRow[];
  const activity = await selectActivityOf(db, ids);
  return new Map(rows.map((row) => [row.id, toCard(row, activity.get(row.id))]));
}
