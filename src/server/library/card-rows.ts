import { and, eq, inArray } from 'drizzle-orm';
import { type CardRow, cardColumns, selectActivity } from '#server/catalog/catalog.queries.ts';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { AppError } from '#server/lib/errors.ts';
import { toCard } from '#server/search/entries.ts';
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

/** Cards for the given published automations, keyed by id. */
export async function selectCards(db: Database, ids: string[]): Promise<Map<string, AutomationCard>> {
  if (ids.length === 0) return new Map();
  const rows = (await db
    .select(cardColumns)
    .from(automations)
    .where(and(inArray(automations.id, ids), eq(automations.published, true)))) as CardRow[];
  const activity = await selectActivity(db, ids);
  return new Map(rows.map((row) => [row.id, toCard(row, activity.get(row.id))]));
}
