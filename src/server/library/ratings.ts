import { and, eq, sql } from 'drizzle-orm';
import { automationRatings } from '#server/db/schema/catalog.ts';
import type { RatingState } from '#shared/schemas/library.ts';
import { assertPublished } from './card-rows.ts';
import { announceActivity, type LibraryDeps } from './library-deps.ts';

/** The member's own stars and the automation's mean and count. */
export async function getRating(
  deps: LibraryDeps,
  input: { userId: string; automationId: string },
): Promise<RatingState> {
  const db = deps.database.db;
  await assertPublished(db, input.automationId);
  const [mine] = await db
    .select({ stars: automationRatings.stars })
    .from(automationRatings)
    .where(
      and(eq(automationRatings.userId, input.userId), eq(automationRatings.automationId, input.automationId)),
    );
  const [all] = await db
    .select({
      sum: sql<number>`coalesce(sum(${automationRatings.stars}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(automationRatings)
    .where(eq(automationRatings.automationId, input.automationId));
  const count = Number(all?.count ?? 0);
  return {
    automationId: input.automationId,
    stars: mine?.stars ?? null,
    rating: count > 0 ? Math.round((Number(all!.sum) / count) * 10) / 10 : null,
    ratingCount: count,
  };
}

/** One rating per member and automation (1–5 stars); rating again changes it. */
export async function rateAutomation(
  deps: LibraryDeps,
  input: { userId: string; automationId: string; stars: number },
): Promise<RatingState> {
  await assertPublished(deps.database.db, input.automationId);
  const now = deps.now?.() ?? new Date();
  await deps.database.db
    .insert(automationRatings)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [automationRatings.userId, automationRatings.automationId],
      set: { stars: input.stars, updatedAt: now },
    });
  await announceActivity(deps, input.automationId);
  return getRating(deps, input);
}
