// The spec's subscription rule (part 1 §4), in one place for the server (member guards, /api/me)
// and the web app (gate, context).

/** The profile fields the rule reads. Dates may be Date objects (server) or ISO strings (web). */
export type SubscriptionProfile = {
  hasPaid: boolean;
  subscriptionStatus: string | null;
  subscriptionPeriod: string | null;
  subscriptionTier: string | null;
  subscriptionExpiresAt: Date | string | null;
  subscriptionAutoRenew: boolean;
  nextBillingDate: Date | string | null;
};

/** The subscription object of the context and of GET /api/me. */
export type SubscriptionState = {
  isSubscribed: boolean;
  subscriptionTier: string | null;
  subscriptionEnd: string | null;
  subscriptionAutoRenew: boolean;
  nextBillingDate: string | null;
  daysRemaining: number;
};

/** Signed out, or no profile: not subscribed, no tier, no expiry, no auto-renew, no billing date, 0 days. */
export const RESET_SUBSCRIPTION: SubscriptionState = Object.freeze({
  isSubscribed: false,
  subscriptionTier: null,
  subscriptionEnd: null,
  subscriptionAutoRenew: false,
  nextBillingDate: null,
  daysRemaining: 0,
});

const DAY_MS = 24 * 60 * 60 * 1000;

function toTime(value: Date | string | null): number | null {
  if (value === null) return null;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? null : time;
}

function toIso(value: Date | string | null): string | null {
  const time = toTime(value);
  return time === null ? null : new Date(time).toISOString();
}

/** Subscribed only if has_paid AND (status active OR period lifetime OR expiry in the future). */
export function isSubscribed(
  profile:
    | Pick<
        SubscriptionProfile,
        'hasPaid' | 'subscriptionStatus' | 'subscriptionPeriod' | 'subscriptionExpiresAt'
      >
    | null
    | undefined,
  now: number = Date.now(),
): boolean {
  if (!profile?.hasPaid) return false;
  if (profile.subscriptionStatus === 'active') return true;
  if (profile.subscriptionPeriod === 'lifetime') return true;
  const expires = toTime(profile.subscriptionExpiresAt);
  return expires !== null && expires > now;
}

/** Whole days until expiry, rounded up, minimum 0; 0 without an expiry. */
export function daysRemaining(expiresAt: Date | string | null, now: number = Date.now()): number {
  const expires = toTime(expiresAt);
  if (expires === null) return 0;
  return Math.max(0, Math.ceil((expires - now) / DAY_MS));
}

/** The tier shown: subscription_tier, falling back to subscription_period. */
export function subscriptionTier(profile: SubscriptionProfile): string | null {
  return profile.subscriptionTier || profile.subscriptionPeriod || null;
}

export function subscriptionState(
  profile: SubscriptionProfile | null | undefined,
  now: number = Date.now(),
): SubscriptionState {
  if (!profile) return RESET_SUBSCRIPTION;
  return {
    isSubscribed: isSubscribed(profile, now),
    subscriptionTier: subscriptionTier(profile),
    subscriptionEnd: toIso(profile.subscriptionExpiresAt),
    subscriptionAutoRenew: profile.subscriptionAutoRenew,
    nextBillingDate: toIso(profile.nextBillingDate),
    daysRemaining: daysRemaining(profile.subscriptionExpiresAt, now),
  };
}
