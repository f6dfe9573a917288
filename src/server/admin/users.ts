import { and, count, desc, eq, gt, ilike, or } from 'drizzle-orm';
import type { Auth } from '#server/auth/create-auth.ts';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import type { Database } from '#server/db/client.ts';
import { containsPattern } from '#server/db/like.ts';
import { account, profiles, session, user } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { AppError } from '#server/lib/errors.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import type { AdminPayment, AdminUser } from '#shared/schemas/admin.ts';

/** `bus` carries 'viewer.changed' so cached sessions of the user end at once (decision 0011). */
type Deps = { db: Database; bus?: EventBus; now?: () => Date };
const nowOf = (deps: { now?: () => Date }) => deps.now?.() ?? new Date();

/** Users matching an email or name fragment (all users when empty), newest first. */
export async function searchUsers(deps: Deps, query: string | undefined, limit = 100): Promise<AdminUser[]> {
  const q = query?.trim();
  const pattern = q ? containsPattern(q) : undefined;
  const rows = await deps.db
    .select({ user, profile: profiles })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined)
    .orderBy(desc(user.createdAt))
    .limit(limit);
  const sessions = await deps.db
    .select({ userId: session.userId, total: count() })
    .from(session)
    .where(gt(session.expiresAt, nowOf(deps)))
    .groupBy(session.userId);
  const byUser = new Map(sessions.map((s) => [s.userId, Number(s.total)]));
  return rows.map(({ user: u, profile }) => ({
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    emailVerified: u.emailVerified,
    banned: u.banned ?? false,
    hasPaid: profile?.hasPaid ?? false,
    subscriptionStatus: profile?.subscriptionStatus ?? null,
    createdAt: u.createdAt.toISOString(),
    activeSessions: byUser.get(u.id) ?? 0,
  }));
}

export async function getUser(deps: Deps, userId: string) {
  const [row] = await deps.db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'No such user.' });
  return row;
}

/** Changes a user's role. An operator cannot change their own (no locking oneself out). */
export async function changeRole(
  deps: Deps,
  input: { actorId: string; userId: string; role: 'user' | 'admin' },
) {
  if (input.actorId === input.userId) {
    throw new AppError('CONFLICT', { userMessage: 'You cannot change your own role.' });
  }
  const target = await getUser(deps, input.userId);
  await deps.db
    .update(user)
    .set({ role: input.role, updatedAt: nowOf(deps) })
    .where(eq(user.id, target.id));
  await publishViewerChanged(deps, target.id);
  return { previous: target.role, role: input.role, email: target.email };
}

/**
 * Grants or revokes lifetime access by hand (a complimentary grant, a goodwill revoke). It changes
 * the profile only: no payment is created or marked as paid, so payment records stay the truth.
 */
export async function changeAccess(deps: Deps, input: { userId: string; action: 'grant' | 'revoke' }) {
  const target = await getUser(deps, input.userId);
  const now = nowOf(deps);
  const values =
    input.action === 'grant'
      ? {
          hasPaid: true,
          subscriptionStatus: 'active',
          subscriptionPeriod: 'lifetime',
          subscriptionTier: 'Lifetime Access',
          subscriptionExpiresAt: null,
          paymentDate: now,
          updatedAt: now,
        }
      : { hasPaid: false, subscriptionStatus: 'revoked', subscriptionTier: null, updatedAt: now };
  const updated = await deps.db
    .update(profiles)
    .set(values)
    .where(and(eq(profiles.userId, target.id), eq(profiles.hasPaid, input.action === 'revoke')))
    .returning({ userId: profiles.userId });
  if (updated.length > 0) await publishViewerChanged(deps, target.id);
  return { email: target.email, changed: updated.length > 0 };
}

/** Signs a user out everywhere: their sessions are deleted. */
export async function endSessions(deps: Deps, userId: string) {
  const target = await getUser(deps, userId);
  const ended = await deps.db
    .delete(session)
    .where(eq(session.userId, target.id))
    .returning({ id: session.id });
  await publishViewerChanged(deps, target.id);
  return { email: target.email, ended: ended.length };
}

/** Mails the user a password-reset link through better-auth (the operator never sees a password). */
export async function sendPasswordReset(deps: Deps & { auth: Auth | undefined }, userId: string) {
  const target = await getUser(deps, userId);
  if (!deps.auth) throw new AppError('UPSTREAM_FAILED', { userMessage: 'Accounts are not available.' });
  await deps.auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: '/auth?mode=reset' } });
  return { email: target.email };
}

/**
 * Bans or unbans a user with better-auth's admin fields (a banned user cannot sign in); a ban also
 * ends every session at once. An operator cannot ban themselves.
 */
export async function setBanned(
  deps: Deps,
  input: { actorId: string; userId: string; banned: boolean; reason: string },
) {
  if (input.actorId === input.userId) {
    throw new AppError('CONFLICT', { userMessage: 'You cannot ban your own account.' });
  }
  const target = await getUser(deps, input.userId);
  await deps.db
    .update(user)
    .set({
      banned: input.banned,
      banReason: input.banned ? input.reason : null,
      banExpires: null,
      updatedAt: nowOf(deps),
    })
    .where(eq(user.id, target.id));
  const ended = input.banned
    ? (await deps.db.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id }))
        .length
    : 0;
  await publishViewerChanged(deps, target.id);
  return { email: target.email, banned: input.banned, sessionsEnded: ended };
}

/** A user's payments, newest first (for the refund action). */
export async function listUserPayments(deps: Deps, userId: string): Promise<AdminPayment[]> {
  const target = await getUser(deps, userId);
  const rows = await deps.db
    .select()
    .from(payments)
    .where(eq(payments.userId, target.id))
    .orderBy(desc(payments.createdAt));
  return rows.map((p) => ({
    id: p.id,
    email: p.email,
    planId: p.planId,
    amount: (p.amountCents / 100).toFixed(2),
    currency: p.currency,
    status: p.status,
    providerOrderId: p.providerOrderId,
    captureId: p.captureId,
    createdAt: p.createdAt.toISOString(),
  }));
}

/** Mails a new verification link to an unverified user through better-auth. */
export async function resendVerification(deps: Deps & { auth: Auth | undefined }, userId: string) {
  const target = await getUser(deps, userId);
  if (!deps.auth) throw new AppError('UPSTREAM_FAILED', { userMessage: 'Accounts are not available.' });
  if (target.emailVerified)
    throw new AppError('CONFLICT', { userMessage: 'This email is already verified.' });
  await deps.auth.api.sendVerificationEmail({ body: { email: target.email, callbackURL: '/dashboard' } });
  return { email: target.email };
}

/**
 * The spec's test-login, for the operator's own account only: checks the password against their
 * stored hash with better-auth's own hasher. No session is created and no one else can be tried.
 */
export async function testOwnLogin(
  deps: Deps & { auth: Auth | undefined },
  userId: string,
  password: string,
) {
  if (!deps.auth) throw new AppError('UPSTREAM_FAILED', { userMessage: 'Accounts are not available.' });
  const target = await getUser(deps, userId);
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, target.id), eq(account.providerId, 'credential')));
  const context = await deps.auth.$context;
  const ok = credential?.hash ? await context.password.verify({ hash: credential.hash, password }) : false;
  return { email: target.email, success: ok };
}
