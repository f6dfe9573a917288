import { and, eq, gte } from 'drizzle-orm';
import { type AutomationEventKind, automationEvents } from '#server/db/schema/catalog.ts';
import { assertPublished } from './card-rows.ts';
import { announceActivity, type LibraryDeps } from './library-deps.ts';

/** Start of the UTC day of `now`: a view counts once per member, automation and day. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Writes one member event (view, copy, download, deploy, save) behind runs and popularity. A view
 * already recorded today is not written again. Returns whether a row was written.
 */
export async function recordEvent(
  deps: LibraryDeps,
  input: { userId: string; automationId: string; kind: AutomationEventKind },
): Promise<{ recorded: boolean }> {
  const db = deps.database.db;
  await assertPublished(db, input.automationId);
  const now = deps.now?.() ?? new Date();
  if (input.kind === 'view') {
    const [seen] = await db
      .select({ id: automationEvents.id })
      .from(automationEvents)
      .where(
        and(
          eq(automationEvents.userId, input.userId),
          eq(automationEvents.automationId, input.automationId),
          eq(automationEvents.kind, 'view'),
          gte(automationEvents.createdAt, startOfUtcDay(now)),
        ),
      )
      .limit(1);
    if (seen) return { recorded: false };
  }
  await db.insert(automationEvents).values({ ...input, createdAt: now });
  await announceActivity(deps, input.automationId);
  return { recorded: true };
}
