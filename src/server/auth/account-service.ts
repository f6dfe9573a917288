import { desc, eq, or } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { signInEvents } from '#server/db/schema/admin.ts';
import { profiles, session, user } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { automationEvents, automationRatings } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { deployments, n8nConnections, quickActionUses } from '#server/db/schema/n8n.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
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
 * Everything we hold about the person (issue 43: the export promises it): the spec's keys (profile,
 * collections, automation runs, settings, exported_at; runs live in the member's own n8n, so that list
 * stays empty) plus the account, ratings, activity, payments, n8n connections (never the API key, which
 * we keep sealed), deployments, quick actions, sessions, sign-in attempts, contact messages, the
 * newsletter subscription and the mails we sent to the account's address.
 */
export async function exportAccount(db: Database, userId: string, now = new Date()): Promise<AccountExport> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  const email = row?.email ?? '';
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  const [saved, rated, activity, paid, connections, deployed, quick, sessions, signIns, sent, subs, mails] =
    await Promise.all([
      db
        .select()
        .from(collections)
        .where(eq(collections.userId, userId))
        .orderBy(desc(collections.createdAt), desc(collections.id)),
      db.select().from(automationRatings).where(eq(automationRatings.userId, userId)),
      db
        .select()
        .from(automationEvents)
        .where(eq(automationEvents.userId, userId))
        .orderBy(desc(automationEvents.id)),
      db
        .select()
        .from(payments)
        .where(or(eq(payments.userId, userId), eq(payments.email, email)))
        .orderBy(desc(payments.createdAt)),
      db.select().from(n8nConnections).where(eq(n8nConnections.userId, userId)),
      db
        .select()
        .from(deployments)
        .where(eq(deployments.userId, userId))
        .orderBy(desc(deployments.createdAt)),
      db.select().from(quickActionUses).where(eq(quickActionUses.userId, userId)),
      db.select().from(session).where(eq(session.userId, userId)),
      db
        .select()
        .from(signInEvents)
        .where(or(eq(signInEvents.userId, userId), eq(signInEvents.email, email)))
        .orderBy(desc(signInEvents.createdAt)),
      db.select().from(contactMessages).where(eq(contactMessages.email, email)),
      db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
      db
        .select({
          subject: mailOutbox.subject,
          status: mailOutbox.status,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
        .orderBy(desc(mailOutbox.createdAt)),
    ]);
  return {
    account: row
      ? {
          user_id: row.id,
          email: row.email,
          email_verified: row.emailVerified,
          role: row.role,
          created_at: row.createdAt.toISOString(),
        }
      : null,
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
          search_stack: profile.searchStack,
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
    ratings: rated.map((r) => ({
      automation_id: r.automationId,
      stars: r.stars,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    activity: activity.map((e) => ({
      kind: e.kind,
      automation_id: e.automationId,
      created_at: e.createdAt.toISOString(),
    })),
    automation_runs: [],
    payments: paid.map((p) => ({
      id: p.id,
      plan_id: p.planId,
      provider: p.provider,
      provider_order_id: p.providerOrderId,
      capture_id: p.captureId,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: p.status,
      email: p.email,
      granted_at: iso(p.grantedAt),
      revoked_at: iso(p.revokedAt),
      created_at: p.createdAt.toISOString(),
    })),
    n8n_connections: connections.map((c) => ({
      name: c.name,
      instance_url: c.instanceUrl,
      api_key: `stored encrypted, ending ${c.apiKeyMask.slice(-4)}`,
      webhook_url: c.webhookUrl,
      is_default: c.isDefault,
      status: c.status,
      last_tested_at: iso(c.lastTestedAt),
      created_at: c.createdAt.toISOString(),
    })),
    deployments: deployed.map((d) => ({
      automation_id: d.automationId,
      automation_title: d.automationTitle,
      instance_url: d.instanceUrl,
      n8n_workflow_id: d.n8nWorkflowId,
      workflow_name: d.workflowName,
      status: d.status,
      error: d.error,
      deactivated_at: iso(d.deactivatedAt),
      created_at: d.createdAt.toISOString(),
    })),
    quick_actions: quick.map((q) => ({ action: q.action, last_used_at: q.lastUsedAt.toISOString() })),
    sessions: sessions.map((x) => ({
      created_at: x.createdAt.toISOString(),
      expires_at: x.expiresAt.toISOString(),
      ip_address: x.ipAddress,
      user_agent: x.userAgent,
    })),
    sign_ins: signIns.map((x) => ({
      success: x.success,
      reason: x.reason,
      user_agent: x.userAgent,
      created_at: x.createdAt.toISOString(),
    })),
    contact_messages: sent.map((m) => ({
      name: m.name,
      message: m.message,
      created_at: m.createdAt.toISOString(),
    })),
    newsletter: subs.map((n) => ({
      status: n.status,
      created_at: n.createdAt.toISOString(),
      confirmed_at: iso(n.confirmedAt),
      unsubscribed_at: iso(n.unsubscribedAt),
    })),
    emails: mails.map((m) => ({
      subject: m.subject,
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: iso(m.sentAt),
    })),
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
