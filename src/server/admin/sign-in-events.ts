import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { signInEvents } from '#server/db/schema/admin.ts';
import { user } from '#server/db/schema/auth.ts';
import type { SignInEvent } from '#shared/schemas/admin.ts';

export const SIGN_IN_RETENTION_DAYS = 90;

/** Records one email sign-in attempt and drops events older than 90 days. */
export async function recordSignIn(
  db: Database,
  input: {
    email: string;
    userId?: string | null;
    success: boolean;
    reason?: string | null;
    userAgent?: string | null;
  },
) {
  const email = input.email.trim().toLowerCase().slice(0, 320);
  if (!email) return;
  let userId = input.userId ?? null;
  if (!userId) {
    const [known] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    userId = known?.id ?? null;
  }
  await db.insert(signInEvents).values({
    userId,
    email,
    success: input.success,
    reason: input.reason?.slice(0, 100) ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  const cutoff = new Date(Date.now() - SIGN_IN_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(signInEvents).where(lt(signInEvents.createdAt, cutoff));
}

/** A user's recent sign-in attempts, newest first. */
export async function listSignIns(deps: { db: Database }, email: string, limit = 20): Promise<SignInEvent[]> {
  const rows = await deps.db
    .select()
    .from(signInEvents)
    .where(eq(signInEvents.email, email.toLowerCase()))
    .orderBy(desc(signInEvents.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    success: r.success,
    reason: r.reason,
    userAgent: r.userAgent,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Wrong-password attempts on one account since its last successful sign-in, within the window: the
 * per-account limit (the per-address one is better-auth's). Counts and the oldest, for Retry-After.
 */
export async function recentFailedSignIns(
  db: Database,
  email: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const address = email.trim().toLowerCase();
  const lastSuccess = db
    .select({ at: sql`max(${signInEvents.createdAt})` })
    .from(signInEvents)
    .where(and(eq(signInEvents.email, address), eq(signInEvents.success, true)));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${signInEvents.createdAt})` })
    .from(signInEvents)
    .where(
      and(
        eq(signInEvents.email, address),
        eq(signInEvents.success, false),
        eq(signInEvents.reason, 'INVALID_EMAIL_OR_PASSWORD'),
        gt(signInEvents.createdAt, since),
        sql`${signInEvents.createdAt} > coalesce((${lastSuccess}), ${since.toISOString()}::timestamptz)`,
      ),
    );
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}
