import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Actor } from '#server/audit/audit.ts';
import { type AccessDeps, grantAccess, revokeAccess } from '#server/billing/access.ts';
import type { Database } from '#server/db/client.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';

// Fix All's profile consistency repair: profiles.hasPaid mirrors the payments, and this finds and
// mends the profiles that disagree, through the access module (decision 0019).

export type ProfileRepair = { userId: string; direction: 'grant' | 'clear'; paymentId?: string };

/**
 * Profiles whose paid flag disagrees with the payments: a completed payment whose profile is not
 * paid (unless an operator revoked access after that payment), and a paid profile without any
 * completed payment (unless an operator granted access by hand).
 */
export async function findProfileRepairs(deps: { db: Database }): Promise<ProfileRepair[]> {
  const db = deps.db;
  const completed = await db
    .select({
      userId: payments.userId,
      paymentId: payments.id,
      grantedAt: payments.grantedAt,
      hasPaid: profiles.hasPaid,
    })
    .from(payments)
    .innerJoin(profiles, eq(profiles.userId, payments.userId))
    .where(and(eq(payments.status, 'completed'), isNotNull(payments.userId)));
  const manual = await db
    .select({ target: auditLog.target, action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(inArray(auditLog.action, ['user.grant-access', 'user.revoke-access']));
  const lastManual = new Map<string, { action: string; at: Date }>();
  for (const m of manual) {
    if (!m.target) continue;
    const seen = lastManual.get(m.target);
    if (!seen || seen.at < m.createdAt) lastManual.set(m.target, { action: m.action, at: m.createdAt });
  }
  const repairs: ProfileRepair[] = [];
  const paidUsers = new Set<string>();
  for (const c of completed) {
    const userId = c.userId!;
    paidUsers.add(userId);
    if (c.hasPaid) continue;
    const m = lastManual.get(userId);
    if (m?.action === 'user.revoke-access' && (!c.grantedAt || m.at > c.grantedAt)) continue;
    if (!repairs.some((r) => r.userId === userId)) {
      repairs.push({ userId, direction: 'grant', paymentId: c.paymentId });
    }
  }
  const paidProfiles = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.hasPaid, true));
  for (const p of paidProfiles) {
    if (paidUsers.has(p.userId)) continue;
    if (lastManual.get(p.userId)?.action === 'user.grant-access') continue;
    repairs.push({ userId: p.userId, direction: 'clear' });
  }
  return repairs;
}

/** One repair through the access module: the profile and its audit entry in one transaction. */
export async function applyRepair(deps: AccessDeps, repair: ProfileRepair, actor: Actor) {
  const audit = {
    actor,
    action: 'payment.repair-access',
    target: repair.userId,
    detail: { direction: repair.direction, paymentId: repair.paymentId ?? null },
  };
  if (repair.direction === 'clear') {
    await revokeAccess(deps, { userId: repair.userId, audit, status: null });
    return;
  }
  const [payment] = await deps.db.select().from(payments).where(eq(payments.id, repair.paymentId!));
  await grantAccess(deps, {
    userId: repair.userId,
    audit,
    paidAt: payment?.grantedAt ?? undefined,
    amountCents: payment?.amountCents ?? null,
  });
}
