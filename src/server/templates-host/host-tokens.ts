// The member's templates-host token (decision 0026): made, rotated and turned off by the member,
// stored as a SHA-256 only, and resolved on every host request straight from the database together
// with the member's access and ban, so a refund, a ban, an account deletion, a rotation or "turn off"
// ends it at once in every process (no per-process copy to invalidate).
import { createHash, randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { isAdminRole } from '#server/auth/viewer.ts';
import type { Database } from '#server/db/client.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { n8nConnections } from '#server/db/schema/n8n.ts';
import { templatesHostTokens } from '#server/db/schema/templates-host.ts';
import { AppError } from '#server/lib/errors.ts';
import type { TemplatesHostStatus } from '#shared/schemas/templates-host.ts';
import { isSubscribed } from '#shared/subscription.ts';

/** 32 random bytes, base64url: 43 characters. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Where the hosts are mounted (app.ts). */
export const TEMPLATES_HOST_PATH = '/t';

/** A request path with a host token replaced, for logs. */
export const redactHostToken = (path: string) =>
  path.startsWith(`${TEMPLATES_HOST_PATH}/`) ? path.replace(/^\/t\/[^/]+/, '/t/***') : path;

/** The base URL the member gives n8n: n8n appends `health`, `templates/…` and `workflows/…`. */
export const hostUrlFor = (baseUrl: string, token: string) =>
  `${baseUrl}${TEMPLATES_HOST_PATH}/${token}/api/`;

export type HostMember = { userId: string; allowedOrigin: string; tokenHash: string };

/**
 * The member behind a token, or null when the token is unknown, or its owner is banned or no longer
 * has access. One indexed query; nothing is cached.
 */
export async function resolveHostToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<HostMember | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      userId: templatesHostTokens.userId,
      allowedOrigin: templatesHostTokens.allowedOrigin,
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
      // Only what the access rule reads: the profile row is wide, and this runs on every request.
      hasPaid: profiles.hasPaid,
      subscriptionStatus: profiles.subscriptionStatus,
      subscriptionPeriod: profiles.subscriptionPeriod,
      subscriptionExpiresAt: profiles.subscriptionExpiresAt,
    })
    .from(templatesHostTokens)
    .innerJoin(user, eq(user.id, templatesHostTokens.userId))
    .leftJoin(profiles, eq(profiles.userId, templatesHostTokens.userId))
    .where(eq(templatesHostTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  if (row.banned && (!row.banExpires || row.banExpires.getTime() > now.getTime())) return null;
  // No profile row (left join): hasPaid is null, so not subscribed.
  const profile = row.hasPaid === null ? null : { ...row, hasPaid: row.hasPaid };
  if (!isAdminRole(row.role) && !isSubscribed(profile, now.getTime())) return null;
  return { userId: row.userId, allowedOrigin: row.allowedOrigin, tokenHash };
}

const notEnabled = () =>
  new AppError('NOT_FOUND', { userMessage: 'Your n8n template library is turned off. Turn it on first.' });

/** The origin of the member's default n8n connection, offered as the allowed origin. */
async function suggestedOrigin(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ instanceUrl: n8nConnections.instanceUrl })
    .from(n8nConnections)
    .where(eq(n8nConnections.userId, userId))
    .orderBy(desc(n8nConnections.isDefault))
    .limit(1);
  if (!row) return null;
  try {
    return new URL(row.instanceUrl).origin;
  } catch {
    return null;
  }
}

export async function getTemplatesHostStatus(
  deps: { db: Database },
  userId: string,
): Promise<TemplatesHostStatus> {
  const [row] = await deps.db
    .select()
    .from(templatesHostTokens)
    .where(eq(templatesHostTokens.userId, userId));
  return {
    enabled: !!row,
    allowedOrigin: row?.allowedOrigin ?? null,
    suggestedOrigin: await suggestedOrigin(deps.db, userId),
    rotatedAt: row?.rotatedAt.toISOString() ?? null,
    hostUrl: null,
  };
}

/**
 * Turns the library on with a new token, or rotates it (the old token stops at once). Returns the
 * status with the host URL: the only time the token is shown.
 */
export async function issueTemplatesHostToken(
  deps: { db: Database; baseUrl: string; now?: () => Date },
  input: { userId: string; allowedOrigin?: string },
): Promise<TemplatesHostStatus> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now?.() ?? new Date();
  if (input.allowedOrigin === undefined) {
    const updated = await deps.db
      .update(templatesHostTokens)
      .set({ tokenHash: hashToken(token), rotatedAt: now })
      .where(eq(templatesHostTokens.userId, input.userId))
      .returning();
    if (updated.length === 0) throw notEnabled();
  } else {
    await deps.db
      .insert(templatesHostTokens)
      .values({
        userId: input.userId,
        tokenHash: hashToken(token),
        allowedOrigin: input.allowedOrigin,
        createdAt: now,
        rotatedAt: now,
      })
      .onConflictDoUpdate({
        target: templatesHostTokens.userId,
        set: { tokenHash: hashToken(token), allowedOrigin: input.allowedOrigin, rotatedAt: now },
      });
  }
  const status = await getTemplatesHostStatus(deps, input.userId);
  return { ...status, hostUrl: hostUrlFor(deps.baseUrl, token) };
}

export async function setTemplatesHostOrigin(
  deps: { db: Database },
  input: { userId: string; allowedOrigin: string },
): Promise<TemplatesHostStatus> {
  const updated = await deps.db
    .update(templatesHostTokens)
    .set({ allowedOrigin: input.allowedOrigin })
    .where(eq(templatesHostTokens.userId, input.userId))
    .returning();
  if (updated.length === 0) throw notEnabled();
  return getTemplatesHostStatus(deps, input.userId);
}

export async function turnOffTemplatesHost(
  deps: { db: Database },
  userId: string,
): Promise<TemplatesHostStatus> {
  await deps.db.delete(templatesHostTokens).where(eq(templatesHostTokens.userId, userId));
  return getTemplatesHostStatus(deps, userId);
}
