import { and, count, desc, eq, gt, ilike, or } from 'drizzle-orm';
import { type Actor, audited, recordAudit } from '#server/audit/audit.ts';
import type { Auth } from '#server/auth/create-auth.ts';
import { publishViewerChanged } from '#server/auth/viewer.ts';
import { grantAccess, revokeAccess } from '#server/billing/access.ts';
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
  input: { actor: Actor; userId: string; role: 'user' | 'admin' },
) {
  if (input.actor.userId === input.userId) {
    throw new AppError('CONFLICT', { userMessage: 'You cannot change your own role.' });
  }
  const target = await getUser(deps, input.userId);
  const result = { previous: target.role, role: input.role, email: target.email };
  await audited(
    deps,
    (tx) =>
      tx
        .update(user)
        .set({ role: input.role, updatedAt: nowOf(deps) })
        .where(eq(user.id, target.id)),
    () => ({ actor: input.actor, action: 'user.role-change', target: target.id, detail: result }),
  );
  await publishViewerChanged(deps, target.id);
  return result;
}

/** Grants or revokes lifetime access by hand (a complimentary grant, a goodwill revoke): see access.ts. */
export async function changeAccess(
  deps: Deps,
  input: { actor: Actor; userId: string; action: 'grant' | 'revoke'; reason: string },
) {
  const target = await getUser(deps, input.userId);
  const audit = {
    actor: input.actor,
    action: input.action === 'grant' ? 'user.grant-access' : 'user.revoke-access',
    target: target.id,
    reason: input.reason,
    detail: { email: target.email },
  };
  const { changed } =
    input.action === 'grant'
      ? await grantAccess(deps, { userId: target.id, audit })
      : await revokeAccess(deps, { userId: target.id, audit });
  return { email: target.email, changed };
}

/** Signs a user out everywhere: their sessions are deleted. */
export async function endSessions(deps: Deps, input: { actor: Actor; userId: string }) {
  const target = await getUser(deps, input.userId);
  const ended = await audited(
    deps,
    async (tx) =>
      (await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id })).length,
    (count) => ({
      actor: input.actor,
      action: 'user.end-sessions',
      target: target.id,
      detail: { email: target.email, ended: count },
    }),
  );
  await publishViewerChanged(deps, target.id);
  return { email: target.email, ended };
}

/**
 * Mails the user a password-reset link through better-auth (the operator never sees a password).
 * The mail leaves through better-auth, so the audit entry follows it rather than sharing a transaction.
 */
export async function sendPasswordReset(
  deps: Deps & { auth: Auth | undefined },
  input: { actor: Actor; userId: string },
) {
  return sendAccountMail(deps, input, 'user.password-reset', (auth, target) =>
    auth.api.requestPasswordReset({ body: { email: target.email, redirectTo: '/auth?mode=reset' } }),
  );
}

/**
 * Bans or unbans a user with better-auth's admin fields (a banned user cannot sign in); a ban also
 * ends every session at once. An operator cannot ban themselves.
 */
export async function setBanned(
  deps: Deps,
  input: { actor: Actor; userId: string; banned: boolean; reason: string },
) {
  if (input.actor.userId === input.userId) {
    throw new AppError('CONFLICT', { userMessage: 'You cannot ban your own account.' });
  }
  const target = await getUser(deps, input.userId);
  const result = await audited(
    deps,
    async (tx) => {
      await tx
        .update(user)
        .set({
          banned: input.banned,
          banReason: input.banned ? input.reason : null,
          banExpires: null,
          updatedAt: nowOf(deps),
        })
        .where(eq(user.id, target.id));
      const ended = input.banned
        ? (await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id })).length
        : 0;
      return { email: target.email, banned: input.banned, sessionsEnded: ended };
    },
    (done) => ({
      actor: input.actor,
      action: input.banned ? 'user.ban' : 'user.unban',
      target: target.id,
      reason: input.reason,
      detail: done,
    }),
  );
  await publishViewerChanged(deps, target.id);
  return result;
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
export async function resendVerification(
  deps: Deps & { auth: Auth | undefined },
  input: { actor: Actor; userId: string },
) {
  return sendAccountMail(deps, input, 'user.resend-verification', (auth, target) => {
    if (target.emailVerified)
      throw new AppError('CONFLICT', { userMessage: 'This email is already verified.' });
    return auth.api.sendVerificationEmail({ body: { email: target.email, callbackURL: '/dashboard' } });
  });
}

/** A mail better-auth sends to a user for the operator (reset, verification), audited with the address. */
async function sendAccountMail(
  deps: Deps & { auth: Auth | undefined },
  input: { actor: Actor; userId: string },
  action: 'user.password-reset' | 'user.resend-verification',
  send: (auth: Auth, target: Awaited<ReturnType<typeof getUser>>) => Promise<unknown>,
) {
  const target = await getUser(deps, input.userId);
  if (!deps.auth) throw new AppError('UPSTREAM_FAILED', { userMessage: 'Accounts are not available.' });
  await send(deps.auth, target);
  await recordAudit(deps, { actor: input.actor, action, target: target.id, detail: { email: target.email } });
  return { email: target.email };
}

/**
 * The spec's test-login, for the operator's own account only: checks the password against their
 * stored hash with better-auth's own hasher. No session is created and no one else can be tried.
 */
export async function testOwnLogin(
  deps: Deps & { auth: Auth | undefined },
  input: { actor: Actor; password: string },
) {
  if (!deps.auth) throw new AppError('UPSTREAM_FAILED', { userMessage: 'Accounts are not available.' });
  const target = await getUser(deps, input.actor.userId);
  const password = input.password;
  const [credential] = await deps.db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, target.id), eq(account.providerId, 'credential')));
  const context = await deps.auth.$context;
  const ok = credential?.hash ? await context.password.verify({ hash: credential.hash, password }) : false;
  await recordAudit(deps, {
    actor: input.actor,
    action: 'auth.test-login',
    target: target.id,
    detail: { success: ok },
  });
  return { email: target.email, success: ok };
}
