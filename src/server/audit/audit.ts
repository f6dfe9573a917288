import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { user } from '#server/db/schema/auth.ts';
import type { Viewer } from '#server/lib/context.ts';
import type { AuditEntry, AuditPage } from '#shared/schemas/admin.ts';

export type Actor = Pick<Viewer, 'userId' | 'email'>;

export type AuditInput = {
  actor: Actor;
  action: string;
  target?: string | null;
  reason?: string | null;
  detail?: unknown;
};

/**
 * Appends one operator action to the audit log. Services call it (routes never do), inside the
 * transaction of the change when there is one: see `audited`.
 */
export async function recordAudit(deps: { db: Database }, input: AuditInput): Promise<void> {
  await deps.db.insert(auditLog).values({
    actorId: input.actor.userId,
    actorEmail: input.actor.email,
    action: input.action,
    target: input.target ?? null,
    reason: input.reason ?? null,
    detail: input.detail ?? null,
  });
}

/**
 * Runs an operator's change and writes its audit entry in one transaction: both land or neither.
 * `entry` sees the change's result; returning null records nothing (the change was a no-op).
 */
export async function audited<T>(
  deps: { db: Database },
  change: (tx: Database) => Promise<T>,
  entry: (result: T) => AuditInput | null,
): Promise<T> {
  return deps.db.transaction(async (raw) => {
    const tx = raw as unknown as Database;
    const result = await change(tx);
    const input = entry(result);
    if (input) await recordAudit({ db: tx }, input);
    return result;
  });
}

export const AUDIT_PAGE_SIZE = 50;

/** The newest audit entries first, 50 a page, optionally matching action, target, reason or operator. */
export async function listAudit(
  deps: { db: Database },
  query: { page: number; q?: string },
): Promise<AuditPage> {
  const db = deps.db;
  const q = query.q?.trim();
  const pattern = q ? containsPattern(q) : undefined;
  const where = pattern
    ? or(
        ilike(auditLog.action, pattern),
        ilike(auditLog.target, pattern),
        ilike(auditLog.reason, pattern),
        ilike(auditLog.actorEmail, pattern),
      )
    : undefined;
  const [totalRow] = await db.select({ total: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ entry: auditLog, targetEmail: user.email })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.target))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((query.page - 1) * AUDIT_PAGE_SIZE);
  const entries: AuditEntry[] = rows.map(({ entry: r, targetEmail }) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    target: r.target,
    targetEmail: targetEmail ?? null,
    reason: r.reason,
    detail: r.detail ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { entries, page: query.page, pageSize: AUDIT_PAGE_SIZE, total: Number(totalRow?.total ?? 0) };
}
