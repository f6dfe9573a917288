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
    clientIp?: string | null;
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
    clientIp: input.clientIp?.slice(0, 100) ?? null,
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
 * Wrong-password attempts on one account since its last successful sign-in, within the window: from
 * every client (`total`), and from this client (`fromClient`, with its oldest for Retry-After).
 */
export async function recentFailedSignIns(
  db: Database,
  input: { email: string; clientIp: string | null; since: Date },
): Promise<{ total: number; fromClient: number; oldestFromClient: Date | null }> {
  const address = input.email.trim().toLowerCase();
  const lastSuccess = db
    .select({ at: sql`max(${signInEvents.createdAt})` })
    .from(signInEvents)
    .where(and(eq(signInEvents.email, address), eq(signInEvents.success, true)));
  const mine = sql`${signInEvents.clientIp} is not distinct from ${input.clientIp}`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      fromClient: sql<number>`(count(*) filter (where ${mine}))::int`,
      oldestFromClient: sql<string | null>`min(${signInEvents.createdAt}) filter (where ${mine})`,
    })
    .from(signInEvents)
    .where(
      and(
        eq(signInEvents.email, address),
        eq(signInEvents.success, false),
        eq(signInEvents.reason, 'INVALID_EMAIL_OR_PASSWORD'),
        gt(signInEvents.createdAt, input.since),
        sql`${signInEvents.createdAt} > coalesce((${lastSuccess}), ${input.since.toISOString()}::timestamptz)`,
      ),
    );
  return {
    total: Number(row?.total ?? 0),
    fromClient: Number(row?.fromClient ?? 0),
    oldestFromClient: row?.oldestFromClient ? new Date(row.oldestFromClient) : null,
  };
}
