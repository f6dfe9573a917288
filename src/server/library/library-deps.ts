import type { DbHandle } from '#server/db/client.ts';
import { type BusEvents, type EventBus, publishEverywhere } from '#server/realtime/event-bus.ts';

/** What the library services need: the database (with its raw client for NOTIFY) and the bus. */
export type LibraryDeps = { database: DbHandle; bus: EventBus; now?: () => Date };

/** Runs, ratings or saves changed: the search index (this and other processes) refreshes its counters. */
export async function announceActivity(deps: LibraryDeps, automationId?: string): Promise<void> {
  await publishEverywhere(deps.database, deps.bus, 'catalog.activity', automationId ? { automationId } : {});
}

/** The member's collection changed: their other tabs and devices refresh it (GET /api/events). */
export async function announceCollection(
  deps: LibraryDeps,
  change: BusEvents['collection.changed'],
): Promise<void> {
  await publishEverywhere(deps.database, deps.bus, 'collection.changed', change);
}
