import { desc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { collections } from '#server/db/schema/library.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AccountExport, Me, ProfileUpdate } from '#shared/schemas/account.ts';
import { subscriptionState } from '#shared/subscription.ts';
import { isAdminRole } from './viewer.ts';

type ProfileRow = typeof profiles.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The profile row, created on first read for users that predate profiles (one per user). */
export async function getOrCreateProfile(db: Database, userId: string): Promise<ProfileRow> {
  const [existing] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  if (existing) return existing;
  await db.insert(profiles).values({ userId }).onConflictDoNothing();
  const [created] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return created!;
}

export async function getMe(db: Database, userId: string, now = Date.now()): Promise<Me> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', { userMessage: 'Please sign in to continue.' });
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return {
    user: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      role: isAdminRole(row.role) ? 'admin' : 'user',
      createdAt: row.createdAt.toISOString(),
    },
    profile: profile
      ? {
          displayName: profile.displayName,
          bio: profile.bio,
          hasPaid: profile.hasPaid,
          subscriptionStatus: profile.subscriptionStatus,
          paymentDate: iso(profile.paymentDate),
          updatedAt: profile.updatedAt.toISOString(),
        }
      : null,
    subscription: subscriptionState(profile ?? null, now),
  };
}

export async function updateProfile(db: Database, userId: string, input: ProfileUpdate) {
  await getOrCreateProfile(db, userId);
  const [updated] = await db
    .update(profiles)
    .set({ displayName: input.displayName, bio: input.bio, updatedAt: new Date() })
    .where(eq(profiles.userId, userId))
    .returning();
  return {
    displayName: updated!.displayName,
    bio: updated!.bio,
    updatedAt: updated!.updatedAt.toISOString(),
  };
}

/**
 * Everything we hold about the member, as the spec's export: profile, collections, automation runs,
 * settings, exported_at. Runs have no table yet (the n8n feature adds them): that list is empty until then.
 */
export async function exportAccount(db: Database, userId: string, now = new Date()): Promise<AccountExport> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const saved = await db
    .select()
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  return {
    profile: profile
      ? {
          user_id: userId,
          email: row?.email ?? null,
          display_name: profile.displayName,
          bio: profile.bio,
          has_paid: profile.hasPaid,
          subscription_status: profile.subscriptionStatus,
          subscription_period: profile.subscriptionPeriod,
          subscription_tier: profile.subscriptionTier,
          subscription_expires_at: iso(profile.subscriptionExpiresAt),
          subscription_auto_renew: profile.subscriptionAutoRenew,
          next_billing_date: iso(profile.nextBillingDate),
          payment_date: iso(profile.paymentDate),
          subscription_amount: profile.subscriptionAmount,
          created_at: profile.createdAt.toISOString(),
          updated_at: profile.updatedAt.toISOString(),
        }
      : null,
    collections: saved.map((c) => ({
      automation_id: c.automationId,
      user_id: c.userId,
      name: c.name,
      notes: c.notes,
      created_at: c.createdAt.toISOString(),
    })),
    automation_runs: [],
    settings: {
      notifications: {
        email_notifications: profile?.emailNotifications ?? true,
        automation_alerts: profile?.automationAlerts ?? true,
        weekly_reports: profile?.weeklyReports ?? false,
      },
    },
    exported_at: now.toISOString(),
  };
}
