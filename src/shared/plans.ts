// The one plan table. The client names a plan id; the server charges the amount from here.

export const PLANS = {
  lifetime: {
    id: 'lifetime',
    name: 'Lifetime Access',
    /** Charged amount in integer cents. */
    amountCents: 3500,
    /** The struck-through list price, in whole dollars (display only). */
    originalPrice: 95,
    currency: 'USD',
    period: 'one-time',
  },
} as const satisfies Record<
  string,
  {
    id: string;
    name: string;
    amountCents: number;
    originalPrice: number;
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
