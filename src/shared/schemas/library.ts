import { z } from 'zod';
import { AutomationCardSchema } from './catalog.ts';

// Member library API shapes: collections, ratings, events and the overview figures.

export const AutomationIdSchema = z.string().trim().min(1, 'Choose an automation.').max(300);

export const AddToCollectionSchema = z.object({ automationId: AutomationIdSchema });
export type AddToCollection = z.infer<typeof AddToCollectionSchema>;

export const UpdateCollectionSchema = z
  .object({
    name: z.string().trim().max(120, 'Names can be at most 120 characters.').optional(),
    notes: z.string().max(2_000, 'Notes can be at most 2,000 characters.').optional(),
  })
  .refine((v) => v.name !== undefined || v.notes !== undefined, 'Change the name or the notes.');
export type UpdateCollection = z.infer<typeof UpdateCollectionSchema>;

export const CollectionItemSchema = z.object({
  automationId: z.string(),
  name: z.string(),
  notes: z.string(),
  createdAt: z.string(),
  card: AutomationCardSchema,
});
export type CollectionItem = z.infer<typeof CollectionItemSchema>;

export const CollectionListSchema = z.object({
  items: z.array(CollectionItemSchema),
  total: z.number().int(),
});
export type CollectionList = z.infer<typeof CollectionListSchema>;

export const RateSchema = z.object({
  stars: z
    .number('Choose 1 to 5 stars.')
    .int('Choose 1 to 5 stars.')
    .min(1, 'Choose 1 to 5 stars.')
    .max(5, 'Choose 1 to 5 stars.'),
});
export type Rate = z.infer<typeof RateSchema>;

export const RatingStateSchema = z.object({
  automationId: z.string(),
  /** The member's own stars, or null when they have not rated. */
  stars: z.number().int().nullable(),
  /** Mean of all member ratings to 1 decimal (null when nobody rated). */
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type RatingState = z.infer<typeof RatingStateSchema>;

/** Event kinds a member's browser reports; deploy and save are written by their own services. */
export const CLIENT_EVENT_KINDS = ['view', 'copy', 'download'] as const;
export const RecordEventSchema = z.object({
  automationId: AutomationIdSchema,
  kind: z.enum(CLIENT_EVENT_KINDS),
});
export type RecordEvent = z.infer<typeof RecordEventSchema>;

export const ActivityItemSchema = z.object({
  kind: z.enum(['view', 'copy', 'download', 'deploy', 'save']),
  automationId: z.string(),
  title: z.string(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const OverviewSchema = z.object({
  email: z.string(),
  userId: z.string(),
  /** The member's deployments. */
  totalRuns: z.number().int(),
  /** The member's copies plus downloads. */
  automationsCopied: z.number().int(),
  saved: z.number().int(),
  rated: z.number().int(),
  daysRemaining: z.literal('Lifetime'),
  /** Events per kind over the last 7 days (performance). */
  last7Days: z.record(z.string(), z.number().int()),
  recentActivity: z.array(ActivityItemSchema),
});
export type Overview = z.infer<typeof OverviewSchema>;

/** Settings → Notifications (part 2 §2, defaults part 2 §8: email on, alerts on, weekly off). */
export const NotificationSettingsSchema = z.strictObject({
  emailNotifications: z.boolean('Choose on or off.'),
  automationAlerts: z.boolean('Choose on or off.'),
  weeklyReports: z.boolean('Choose on or off.'),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  emailNotifications: true,
  automationAlerts: true,
  weeklyReports: false,
};

/**
 * Settings → Privacy & Data → Import Data: the file Export Data writes (the spec's snake_case keys).
 * Only collections and settings are restored; the profile, runs and exported_at are read and ignored.
 */
export const ImportFileSchema = z.object({
  collections: z
    .array(
      z.object({
        automation_id: z.string('Each collection row needs an automation_id.').trim().min(1).max(300),
        name: z.string().max(120, 'Names can be at most 120 characters.').optional().default(''),
        notes: z.string().max(2_000, 'Notes can be at most 2,000 characters.').optional().default(''),
        // What PostgreSQL stores, once in UTC: no year 0, none past 9999 (a -14:00 offset can cross it).
        created_at: z.iso
          .datetime({ offset: true })
          .refine((v) => {
            const year = new Date(v).getUTCFullYear();
            return year >= 1970 && year <= 9999;
          }, 'Dates must be between the years 1970 and 9999.')
          .optional(),
      }),
      'The file has no collections list.',
    )
    .max(5_000, 'The file has more than 5,000 collection rows.'),
  settings: z
    .object({
      notifications: z
        .object({
          email_notifications: z.boolean().optional(),
          automation_alerts: z.boolean().optional(),
          weekly_reports: z.boolean().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type ImportFile = z.infer<typeof ImportFileSchema>;

export const ImportResultSchema = z.object({
  collectionsImported: z.number().int(),
  collectionsUpdated: z.number().int(),
  /** Automation ids from the file that are not in the library (skipped). */
  skipped: z.array(z.string()),
  settingsRestored: z.boolean(),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
