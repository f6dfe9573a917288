import { and, desc, eq, sql } from 'drizzle-orm';
import { collections } from '#server/db/schema/library.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CollectionItem, CollectionList, UpdateCollection } from '#shared/schemas/library.ts';
import { assertPublished, selectCards } from './card-rows.ts';
import { announceCollection, type LibraryDeps } from './library-deps.ts';
import { recordEvent } from './record-event.ts';

export const ALREADY_IN_COLLECTION = 'Already in collection';

type Row = typeof collections.$inferSelect;

/** The member's saved automations, newest first, with the card fields. */
export async function listCollection(deps: LibraryDeps, userId: string): Promise<CollectionList> {
  const rows = await deps.database.db
    .select()
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  const cards = await selectCards(
    deps.database.db,
    rows.map((r) => r.automationId),
  );
  const items: CollectionItem[] = [];
  for (const row of rows) {
    const card = cards.get(row.automationId);
    // An unpublished automation stays saved but is hidden until it is published again.
    if (card) items.push(toItem(row, card));
  }
  return { items, total: items.length };
}

function toItem(row: Row, card: CollectionItem['card']): CollectionItem {
  return {
    automationId: row.automationId,
    name: row.name,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    card,
  };
}

/**
 * Saves an automation. Idempotent: a second save writes nothing and answers 409 'Already in
 * collection' (the web app shows it as a toast). A new save is also a `save` event.
 */
export async function addToCollection(
  deps: LibraryDeps,
  input: { userId: string; automationId: string },
): Promise<CollectionItem> {
  const db = deps.database.db;
  await assertPublished(db, input.automationId);
  const inserted = await db
    .insert(collections)
    .values({ userId: input.userId, automationId: input.automationId, createdAt: deps.now?.() ?? new Date() })
    .onConflictDoNothing({ target: [collections.userId, collections.automationId] })
    .returning();
  const row = inserted[0];
  if (!row) throw new AppError('CONFLICT', { userMessage: ALREADY_IN_COLLECTION });
  await recordEvent(deps, { ...input, kind: 'save' });
  await announceCollection(deps, { userId: input.userId, action: 'added', automationId: input.automationId });
  const card = (await selectCards(db, [input.automationId])).get(input.automationId);
  if (!card) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  return toItem(row, card);
}

/** Removes a saved automation; removing one that is not saved is not an error. */
export async function removeFromCollection(
  deps: LibraryDeps,
  input: { userId: string; automationId: string },
): Promise<{ removed: boolean }> {
  const removed = await deps.database.db
    .delete(collections)
    .where(and(eq(collections.userId, input.userId), eq(collections.automationId, input.automationId)))
    .returning({ id: collections.id });
  if (removed.length > 0) {
    await announceCollection(deps, {
      userId: input.userId,
      action: 'removed',
      automationId: input.automationId,
    });
  }
  return { removed: removed.length > 0 };
}

/** Edits the row's name and notes (beyond the spec). */
export async function updateCollectionItem(
  deps: LibraryDeps,
  input: { userId: string; automationId: string; changes: UpdateCollection },
): Promise<CollectionItem> {
  const db = deps.database.db;
  const [row] = await db
    .update(collections)
    .set({
      ...(input.changes.name !== undefined ? { name: input.changes.name } : {}),
      ...(input.changes.notes !== undefined ? { notes: input.changes.notes } : {}),
      updatedAt: sql`now()`,
    })
    .where(and(eq(collections.userId, input.userId), eq(collections.automationId, input.automationId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'This automation is not in your collection.' });
  await announceCollection(deps, {
    userId: input.userId,
    action: 'updated',
    automationId: input.automationId,
  });
  const card = (await selectCards(db, [input.automationId])).get(input.automationId);
  if (!card) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  return toItem(row, card);
}
