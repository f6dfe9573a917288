import { describe, expect, it } from 'vitest';
import {
  daysRemaining,
  isSubscribed,
  RESET_SUBSCRIPTION,
  type SubscriptionProfile,
  subscriptionState,
  subscriptionTier,
} from './subscription.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const base: SubscriptionProfile = {
  hasPaid: false,
  subscriptionStatus: null,
  subscriptionPeriod: null,
  subscriptionTier: null,
  subscriptionExpiresAt: null,
  subscriptionAutoRenew: false,
  nextBillingDate: null,
};

describe('isSubscribed: has_paid AND (active OR lifetime OR expiry in the future)', () => {
  const cases: [string, Partial<SubscriptionProfile>, boolean][] = [
    ['nothing paid', {}, false],
    ['paid, nothing else', { hasPaid: true }, false],
    ['paid + active', { hasPaid: true, subscriptionStatus: 'active' }, true],
    ['paid + inactive status', { hasPaid: true, subscriptionStatus: 'cancelled' }, false],
    ['paid + lifetime', { hasPaid: true, subscriptionPeriod: 'lifetime' }, true],
    ['paid + 12_months, no expiry', { hasPaid: true, subscriptionPeriod: '12_months' }, false],
    ['paid + expiry tomorrow', { hasPaid: true, subscriptionExpiresAt: new Date(NOW + DAY) }, true],
    [
      'paid + expiry as ISO string',
      { hasPaid: true, subscriptionExpiresAt: new Date(NOW + DAY).toISOString() },
      true,
    ],
    ['paid + expired a second ago', { hasPaid: true, subscriptionExpiresAt: new Date(NOW - 1000) }, false],
    ['paid + expiry exactly now', { hasPaid: true, subscriptionExpiresAt: new Date(NOW) }, false],
    ['not paid but active', { subscriptionStatus: 'active' }, false],
    ['not paid but lifetime', { subscriptionPeriod: 'lifetime' }, false],
    ['not paid, expiry in the future', { subscriptionExpiresAt: new Date(NOW + DAY) }, false],
    ['paid + unparseable expiry', { hasPaid: true, subscriptionExpiresAt: 'not a date' }, false],
  ];
  it.each(cases)('%s → %s', (_name, fields, expected) => {
    expect(isSubscribed({ ...base, ...fields }, NOW)).toBe(expected);
  });

  it('is false for no profile', () => {
    expect(isSubscribed(null, NOW)).toBe(false);
    expect(isSubscribed(undefined, NOW)).toBe(false);
  });
});

describe('daysRemaining: whole days rounded up, minimum 0, 0 without expiry', () => {
  const cases: [string, Date | string | null, number][] = [
    ['no expiry', null, 0],
    ['in one hour', new Date(NOW + HOUR), 1],
    ['in exactly one day', new Date(NOW + DAY), 1],
    ['in one day and a second', new Date(NOW + DAY + 1000), 2],
    ['in 30 days minus a minute', new Date(NOW + 30 * DAY - 60_000), 30],
    ['expired yesterday', new Date(NOW - DAY), 0],
    ['expiring right now', new Date(NOW), 0],
    ['as an ISO string', new Date(NOW + 2.5 * DAY).toISOString(), 3],
  ];
  it.each(cases)('%s → %i', (_name, expires, expected) => {
    expect(daysRemaining(expires, NOW)).toBe(expected);
  });
});

describe('subscriptionTier falls back to the period', () => {
  const cases: [Partial<SubscriptionProfile>, string | null][] = [
    [{ subscriptionTier: 'premium', subscriptionPeriod: 'lifetime' }, 'premium'],
    [{ subscriptionTier: null, subscriptionPeriod: 'lifetime' }, 'lifetime'],
    [{ subscriptionTier: '', subscriptionPeriod: '12_months' }, '12_months'],
    [{}, null],
  ];
  it.each(cases)('%o → %s', (fields, expected) => {
    expect(subscriptionTier({ ...base, ...fields })).toBe(expected);
  });
});

describe('subscriptionState', () => {
  it('is the reset state without a profile', () => {
    // Not subscribed, nothing to show: no tier, end or billing date, no renewal, no days left.
    const nothingShown = { subscriptionTier: null, subscriptionEnd: null, nextBillingDate: null };
    expect(subscriptionState(null, NOW)).toEqual({
      ...nothingShown,
      isSubscribed: false,
      subscriptionAutoRenew: false,
      daysRemaining: 0,
    });
    expect(subscriptionState(undefined, NOW)).toBe(RESET_SUBSCRIPTION);
  });

  it('describes a lifetime member', () => {
    const paidAt = new Date(NOW - DAY);
    expect(
      subscriptionState(
        {
          ...base,
          hasPaid: true,
          subscriptionStatus: 'active',
          subscriptionPeriod: 'lifetime',
          nextBillingDate: paidAt,
        },
        NOW,
      ),
    ).toEqual({
      isSubscribed: true,
      subscriptionTier: 'lifetime',
      subscriptionEnd: null,
      subscriptionAutoRenew: false,
      nextBillingDate: paidAt.toISOString(),
      daysRemaining: 0,
    });
  });

  it('describes a dated plan with its end and remaining days', () => {
    const end = new Date(NOW + 10 * DAY - HOUR);
    expect(
      subscriptionState(
        {
          ...base,
          hasPaid: true,
          subscriptionPeriod: '12_months',
          subscriptionTier: 'pro',
          subscriptionExpiresAt: end,
          subscriptionAutoRenew: true,
        },
        NOW,
      ),
    ).toMatchObject({
      isSubscribed: true,
      subscriptionTier: 'pro',
      subscriptionEnd: end.toISOString(),
      daysRemaining: 10,
      subscriptionAutoRenew: true,
    });
  });
});
