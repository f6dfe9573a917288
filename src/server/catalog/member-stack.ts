import { eq, sql } from 'drizzle-orm';
import { getOrCreateProfile } from '#server/auth/account-service.ts';
import type { DbHandle } from '#server/db/client.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { type EventBus, publishEverywhere } from '#server/realtime/event-bus.ts';

// "My stack" (issue 16): the integrations a member uses, saved on their profile; the search filters
// by it. A change reaches the member's other tabs through the live sync (collection.changed, "stack").

export type StackDeps = { database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>; bus: EventBus };

export async function getStack(deps: StackDeps, userId: string): Promise<string[]> {
  return (await getOrCreateProfile(deps.database.db, userId)).searchStack;
}

export async function saveStack(
  deps: StackDeps,
  input: { userId: string; stack: string[] },
): Promise<string[]> {
  await getOrCreateProfile(deps.database.db, input.userId);
  const stack = [...new Set(input.stack.map((s) => s.trim()).filter(Boolean))];
  await deps.database.db
    .update(profiles)
    .set({ searchStack: stack, updatedAt: sql`now()` })
    .where(eq(profiles.userId, input.userId));
  await publishEverywhere(deps.database, deps.bus, 'collection.changed', {
    userId: input.userId,
    action: 'stack',
  });
  return stack;
}
