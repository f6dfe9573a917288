import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { user } from '#server/db/schema/auth.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Auth } from './create-auth.ts';
import { asOperatorInvite } from './operator-invites.ts';
import { isAdminRole, publishViewerChanged } from './viewer.ts';

export type CreateOperatorResult = { email: string; outcome: 'created' | 'promoted' | 'already-admin' };

/**
 * Creates an operator account or promotes an existing one. A new account gets a random password
 * nobody sees and a password-reset mail (outbox), so no password is ever hard-coded or printed.
 */
export async function createOperator(
  deps: { auth: Auth; db: Database },
  rawEmail: string,
): Promise<CreateOperatorResult> {
  const parsed = z.email().safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { userMessage: `"${rawEmail}" is not a valid email address` });
  const email = parsed.data;
  const [existing] = await deps.db.select().from(user).where(eq(user.email, email));
  if (existing) {
    if (isAdminRole(existing.role)) return { email, outcome: 'already-admin' };
    await deps.db.update(user).set({ role: 'admin', updatedAt: new Date() }).where(eq(user.id, existing.id));
    await publishViewerChanged(deps, existing.id);
    return { email, outcome: 'promoted' };
  }
  await deps.auth.api.createUser({
    body: { email, name: '', password: randomBytes(32).toString('base64url'), role: 'admin' },
  });
  // The operator proves the address by choosing a password through the mailed link.
  await deps.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
  // Its mail says an operator account was created, not that someone asked for a reset (issue 43).
  await asOperatorInvite(email, () =>
    deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth?mode=reset' } }),
  );
  return { email, outcome: 'created' };
}
