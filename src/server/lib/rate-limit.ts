// A fixed-window counter per key, in this process's memory. For the few routes better-auth does not
// limit (webhook, client error reports, the operator's test sign-in); a second process has its own
// counters, which still bounds the load per process.
export type RateRule = { windowMs: number; max: number };

export type RateLimiter = {
  /** Counts one hit; answers how many seconds to wait when over the limit, else null. */
  hit(key: string, now?: number): number | null;
};

const MAX_KEYS = 10_000;

export function createRateLimiter(rule: RateRule): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key, now = Date.now()) {
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        if (windows.size >= MAX_KEYS) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
          // Still full of live keys: forget the oldest rather than grow without bound.
          if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        }
        entry = { count: 0, resetAt: now + rule.windowMs };
        windows.set(key, entry);
      }
      entry.count++;
      return entry.count > rule.max ? Math.ceil((entry.resetAt - now) / 1000) : null;
    },
  };
}
