import { desc } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import type { Viewer } from '#server/lib/context.ts';
import type { AuditEntry } from '#shared/schemas/admin.ts';

export type AuditInput = {
  actor: Pick<Viewer, 'userId' | 'email'>;
  action: string;
  target?: string | null;
  reason?: string | null;
  detail?: unknown;
};

/** Appends one operator action to the audit log. Every admin route that changes anything calls it. */
export async function recordAudit(db: Database, input: AuditInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: input.actor.userId,
    actorEmail: input.actor.email,
    action: input.action,
    target: input.target ?? null,
    reason: input.reason ?? null,
    detail: input.detail ?? null,
  });
}

/** The newest audit entries first. */
export async function listAudit(db: Database, limit = 200): Promise<AuditEntry[]> {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actorEmail: r.actorEmail,
    action: r.action,
    target: r.target,
    reason: r.reason,
    detail: r.detail ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
