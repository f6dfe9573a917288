// The one plan table. The client names a plan id; the server charges the amount from here.

export const PLANS = {
  lifetime: {
    id: 'lifetime',
    name: 'Lifetime Access',
    /**
     * Charged amount in integer cents: the one price the site shows. There is no struck-through "list"
     * or "regular" price: Flowvault never sold at one, and a former price shown beside a lower one is a
     * claim a buyer may hold us to (decision 0016).
     */
    amountCents: 3500,
    currency: 'USD',
    period: 'one-time',
  },
} as const satisfies Record<
  string,
  {
    id: string;
    name: string;
    amountCents: number;
    currency: 'USD';
    period: 'one-time';
  }
>;

export type PlanId = keyof typeof PLANS;
export type Plan = (typeof PLANS)[PlanId];

export function findPlan(id: string): Plan | undefined {
  return Object.hasOwn(PLANS, id) ? PLANS[id as PlanId] : undefined;
}

/** 3500 → "35.00", the decimal string PayPal expects. */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "35.00" → 3500; undefined for anything that is not a plain non-negative amount with at most 2 decimals. */
export function decimalToCents(value: string): number | undefined {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return undefined;
  const [whole, frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Whole dollars as the site writes them: 35 → "$35". */
export const dollars = (n: number) => `$${n}`;

/**
 * Every price figure a page shows, from the plan table: the one place a price is written (a build check,
 * scripts/check-prices.ts, fails on a price anywhere else).
 */
export function planOffer(plan: Plan = PLANS.lifetime) {
  return { price: dollars(plan.amountCents / 100) };
}
export type PlanOffer = ReturnType<typeof planOffer>;

/** "$35", as on "Upgrade ($35)" and "(one-time $35)". */
export const PLAN_PRICE_LABEL = planOffer().price;

/** Placeholders operator content writes for prices (filled when content is built, scripts/content). */
export const PRICE_TOKENS: Record<string, keyof PlanOffer> = { '{{price}}': 'price' };

export function fillPrices(text: string, offer: PlanOffer = planOffer()): string {
  let out = text;
  for (const [token, key] of Object.entries(PRICE_TOKENS)) out = out.replaceAll(token, String(offer[key]));
  return out;
}
