// Quick Actions: the targets of Deploy Latest and Duplicate Top 5, and real 'last used' times.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { automationEvents, automations, RUN_EVENT_KINDS } from '#server/db/schema/catalog.ts';
import { quickActionUses } from '#server/db/schema/n8n.ts';
import type { QuickAction, QuickActionsView } from '#shared/schemas/n8n.ts';
import { QUICK_ACTIONS } from '#shared/schemas/n8n.ts';
import type { N8nDeps } from './connections.ts';

export async function markQuickActionUsed(
  deps: N8nDeps,
  userId: string,
  action: QuickAction,
): Promise<string> {
  const now = new Date();
  await deps.db
    .insert(quickActionUses)
    .values({ userId, action, lastUsedAt: now })
    .onConflictDoUpdate({
      target: [quickActionUses.userId, quickActionUses.action],
      set: { lastUsedAt: now },
    });
  return now.toISOString();
}

/** The newest deployable library workflow. */
export async function latestDeployable(deps: N8nDeps): Promise<{ id: string; title: string } | null> {
  const [row] = await deps.db
    .select({ id: automations.id, title: automations.title })
    .from(automations)
    .where(and(eq(automations.published, true), eq(automations.deployable, true)))
    .orderBy(desc(automations.createdAt), automations.id)
    .limit(1);
  return row ?? null;
}

/** The most popular deployable workflows: most runs (copy, download, deploy by members), then newest. */
export async function topDeployable(deps: N8nDeps, limit = 5): Promise<{ id: string; title: string }[]> {
  const runs = deps.db
    .select({
      automationId: automationEvents.automationId,
      runs: sql<number>`count(*)::int`.as('runs'),
    })
    .from(automationEvents)
    .where(inArray(automationEvents.kind, RUN_EVENT_KINDS))
    .groupBy(automationEvents.automationId)
    .as('runs');
  const rows = await deps.db
    .select({ id: automations.id, title: automations.title })
    .from(automations)
    .leftJoin(runs, eq(runs.automationId, automations.id))
    .where(and(eq(automations.published, true), eq(automations.deployable, true)))
    .orderBy(sql`coalesce(${runs.runs}, 0) desc`, desc(automations.createdAt), automations.id)
    .limit(limit);
  return rows;
}

export async function quickActionsView(deps: N8nDeps, userId: string): Promise<QuickActionsView> {
  const [uses, latest, top] = await Promise.all([
    deps.db.select().from(quickActionUses).where(eq(quickActionUses.userId, userId)),
    latestDeployable(deps),
    topDeployable(deps, 5),
  ]);
  const lastUsed = Object.fromEntries(QUICK_ACTIONS.map((a) => [a, null])) as QuickActionsView['lastUsed'];
  for (const use of uses) {
    if ((QUICK_ACTIONS as readonly string[]).includes(use.action))
      lastUsed[use.action as QuickAction] = use.lastUsedAt.toISOString();
  }
  return { lastUsed, latest, top };
}
