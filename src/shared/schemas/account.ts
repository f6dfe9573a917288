import { z } from 'zod';

/** Settings → Profile. Email is shown, not edited here. */
export const ProfileUpdateSchema = z.strictObject({
  displayName: z.string().trim().max(80, 'Display Name can be at most 80 characters'),
  bio: z.string().trim().max(1000, 'Bio can be at most 1000 characters'),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** The spec's sign-out scopes (part 1 §5); the app signs out with global. */
export const SignOutSchema = z.strictObject({
  scope: z.enum(['global', 'local', 'others']).default('global'),
});
export type SignOut = z.infer<typeof SignOutSchema>;

export const AccountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  role: z.enum(['user', 'admin']),
  createdAt: z.string(),
});
export type AccountUser = z.infer<typeof AccountUserSchema>;

export const AccountProfileSchema = z.object({
  displayName: z.string(),
  bio: z.string(),
  hasPaid: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  paymentDate: z.string().nullable(),
  updatedAt: z.string(),
});
export type AccountProfile = z.infer<typeof AccountProfileSchema>;

export const SubscriptionSchema = z.object({
  isSubscribed: z.boolean(),
  subscriptionTier: z.string().nullable(),
  subscriptionEnd: z.string().nullable(),
  subscriptionAutoRenew: z.boolean(),
  nextBillingDate: z.string().nullable(),
  daysRemaining: z.number().int().min(0),
});

/** GET /api/me when signed in. */
export const MeSchema = z.object({
  user: AccountUserSchema,
  profile: AccountProfileSchema.nullable(),
  subscription: SubscriptionSchema,
});
export type Me = z.infer<typeof MeSchema>;

/** GET /api/me when signed out: 200 with the reset state, so visitors' pages log no failed request. */
export type SignedOutMe = { user: null; profile: null; subscription: z.infer<typeof SubscriptionSchema> };

type Rows = Record<string, unknown>[];

/**
 * Settings → Privacy & Data → Export Data: the spec's keys (part 2 §7: profile, collections, runs,
 * settings, exported_at) and everything else we hold about the person (issue 43).
 */
export type AccountExport = {
  account: Record<string, unknown> | null;
  profile: Record<string, unknown> | null;
  collections: Rows;
  ratings: Rows;
  activity: Rows;
  automation_runs: Rows;
  payments: Rows;
  n8n_connections: Rows;
  deployments: Rows;
  quick_actions: Rows;
  sessions: Rows;
  sign_ins: Rows;
  contact_messages: Rows;
  newsletter: Rows;
  emails: Rows;
  settings: {
    notifications: { email_notifications: boolean; automation_alerts: boolean; weekly_reports: boolean };
  };
  exported_at: string;
};
