import { and, eq, inArray, sql } from 'drizzle-orm';
import { getOrCreateProfile } from '#server/auth/account-service.ts';
import { profiles } from '#server/db/schema/auth.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import { AppError } from '#server/lib/errors.ts';
import { withoutNul } from '#server/lib/validate.ts';
import { ImportFileSchema, type ImportResult, type NotificationSettings } from '#shared/schemas/library.ts';
import { announceCollection, type LibraryDeps } from './library-deps.ts';

// Settings → Notifications and Privacy & Data → Import Data (part 2 §2), kept on the server.

export async function getNotificationSettings(
  deps: Pick<LibraryDeps, 'database'>,
  userId: string,
): Promise<NotificationSettings> {
  const profile = await getOrCreateProfile(deps.database.db, userId);
  return {
    emailNotifications: profile.emailNotifications,
    automationAlerts: profile.automationAlerts,
    weeklyReports: profile.weeklyReports,
  };
}

export async function updateNotificationSettings(
  deps: Pick<LibraryDeps, 'database'>,
  input: { userId: string; settings: NotificationSettings },
): Promise<NotificationSettings> {
  await getOrCreateProfile(deps.database.db, input.userId);
  await deps.database.db
    .update(profiles)
    .set({ ...input.settings, updatedAt: sql`now()` })
    .where(eq(profiles.userId, input.userId));
  return getNotificationSettings(deps, input.userId);
}

/**
 * Restores collections and notification settings from an Export Data file, in one transaction:
 * rows for automations in the library are inserted or get the file's name and notes; rows for
 * unknown automations are skipped and listed; rows not in the file are kept. A file that is not
 * JSON answers 400, one of the wrong shape 422; either way nothing changes.
 */
export async function importMemberData(
  deps: LibraryDeps,
  input: { userId: string; text: string },
): Promise<ImportResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(input.text);
  } catch {
    throw new AppError('BAD_REQUEST', {
      userMessage: 'This file is not valid JSON. Choose the file that Export Data downloaded.',
    });
  }
  const parsed = withoutNul(ImportFileSchema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw new AppError('VALIDATION_FAILED', {
      userMessage: `This is not a Flowvault export file: ${issue.message}${where}.`,
    });
  }
  const file = parsed.data;

  // One row per automation: the last one in the file wins.
  const rows = new Map(file.collections.map((row) => [row.automation_id, row]));
  const ids = [...rows.keys()];
  const db = deps.database.db;
  const result = await db.transaction(async (tx) => {
    const known = new Set(
      ids.length === 0
        ? []
        : (await tx.select({ id: automations.id }).from(automations).where(inArray(automations.id, ids))).map(
            (r) => r.id,
          ),
    );
    const skipped = ids.filter((id) => !known.has(id));
    const existing = new Set(
      known.size === 0
        ? []
        : (
            await tx
              .select({ id: collections.automationId })
              .from(collections)
              .where(and(eq(collections.userId, input.userId), inArray(collections.automationId, [...known])))
          ).map((r) => r.id),
    );
    const now = deps.now?.() ?? new Date();
    const values = [...known].map((id) => {
      const row = rows.get(id)!;
      return {
        userId: input.userId,
        automationId: id,
        name: row.name.trim(),
        notes: row.notes,
        createdAt: row.created_at ? new Date(row.created_at) : now,
        updatedAt: now,
      };
    });
    if (values.length > 0) {
      await tx
        .insert(collections)
        .values(values)
        .onConflictDoUpdate({
          target: [collections.userId, collections.automationId],
          set: { name: sql`excluded.name`, notes: sql`excluded.notes`, updatedAt: now },
        });
    }
    const notifications = file.settings?.notifications;
    const settingsRestored = notifications !== undefined && Object.keys(notifications).length > 0;
    if (settingsRestored) {
      await tx.insert(profiles).values({ userId: input.userId }).onConflictDoNothing();
      await tx
        .update(profiles)
        .set({
          ...(notifications.email_notifications === undefined
            ? {}
            : { emailNotifications: notifications.email_notifications }),
          ...(notifications.automation_alerts === undefined
            ? {}
            : { automationAlerts: notifications.automation_alerts }),
          ...(notifications.weekly_reports === undefined
            ? {}
            : { weeklyReports: notifications.weekly_reports }),
          updatedAt: now,
        })
        .where(eq(profiles.userId, input.userId));
    }
    return {
      collectionsImported: values.length - existing.size,
      collectionsUpdated: existing.size,
      skipped,
      settingsRestored,
    };
  });
  if (result.collectionsImported + result.collectionsUpdated > 0) {
    await announceCollection(deps, { userId: input.userId, action: 'imported' });
  }
  return result;
}
