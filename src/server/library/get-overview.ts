import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { automationEvents, automationRatings, automations } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import type { Overview } from '#shared/schemas/library.ts';
import type { LibraryDeps } from './library-deps.ts';

const RECENT_LIMIT = 10;
const DAY_MS = 86_400_000;

/** The overview's figures, all from the member's own events, saves and ratings. */
export async function getOverview(
  deps: LibraryDeps,
  viewer: { userId: string; email: string },
): Promise<Overview> {
  const db = deps.database.db;
  const now = deps.now?.() ?? new Date();
  const mine = eq(automationEvents.userId, viewer.userId);
  const [totals] = await db
    .select({
      deploys: sql<number>`(count(*) filter (where ${automationEvents.kind} = 'deploy'))::int`,
      copied: sql<number>`(count(*) filter (where ${inArray(automationEvents.kind, ['copy', 'download'])}))::int`,
    })
    .from(automationEvents)
    .where(mine);
  const week = await db
    .select({ kind: automationEvents.kind, n: sql<number>`count(*)::int` })
    .from(automationEvents)
    .where(and(mine, gte(automationEvents.createdAt, new Date(now.getTime() - 7 * DAY_MS))))
    .groupBy(automationEvents.kind);
  const recent = await db
    .select({
      kind: automationEvents.kind,
      automationId: automationEvents.automationId,
      title: automations.title,
      createdAt: automationEvents.createdAt,
    })
    .from(automationEvents)
    .innerJoin(automations, eq(automations.id, automationEvents.automationId))
    .where(mine)
    .orderBy(desc(automationEvents.createdAt), desc(automationEvents.id))
    .limit(RECENT_LIMIT);
  const [saved] = await db
    .select({ n: count() })
    .from(collections)
    .where(eq(collections.userId, viewer.userId));
  const [rated] = await db
    .select({ n: count() })
    .from(automationRatings)
    .where(eq(automationRatings.userId, viewer.userId));
  const last7Days: Record<string, number> = { view: 0, copy: 0, download: 0, deploy: 0, save: 0 };
  for (const w of week) last7Days[w.kind] = Number(w.n);
  return {
    email: viewer.email,
    userId: viewer.userId,
    totalRuns: Number(totals?.deploys ?? 0),
    automationsCopied: Number(totals?.copied ?? 0),
    saved: Number(saved?.n ?? 0),
    rated: Number(rated?.n ?? 0),
    daysRemaining: 'Lifetime',
    last7Days,
    recentActivity: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}
