// The spec's subscription-check rules (part 1 §4, §9) as one small state machine. Time and timers
// are injected so tests drive it with fake timers.

export const CHECK_TIMINGS = {
  /** A check is skipped if the previous one started less than this ago (retries are exempt). */
  minIntervalMs: 5_000,
  /** After this many consecutive attempts without a definite result, checks stop (circuit breaker). */
  maxAttempts: 2,
  /** A payment younger than this may not be registered yet… */
  recentPaymentMs: 2 * 60_000,
  /** …so one recheck runs after this delay. */
  recentPaymentRecheckMs: 2_000,
  /** Retry after a "Failed to fetch" of the profile query. */
  networkRetryMs: 5_000,
  /** Retry after any other failure. */
  generalRetryMs: 3_000,
  /** On sign-in the check runs this much later. */
  signInDelayMs: 500,
} as const;

/** What one check learns: signed out, or the profile's state. */
export type CheckResult =
  | { kind: 'signed-out' }
  | { kind: 'profile'; active: boolean; paymentDate: string | null };

export type CheckEvent =
  | { type: 'started'; reason: CheckReason }
  | { type: 'result'; result: CheckResult }
  | { type: 'failed'; error: unknown; retryInMs: number | null }
  | { type: 'skipped'; why: 'too-soon' | 'in-progress' | 'circuit-open' };

export type CheckReason = 'initial' | 'sign-in' | 'manual' | 'retry' | 'recent-payment';

type Timers = {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type SubscriptionChecker = {
  /** Runs a check now, unless a guard says no. Resolves when done (or skipped). */
  check(reason?: CheckReason): Promise<void>;
  /** A sign-in happened: the breaker closes and a check runs 500 ms later. */
  signedIn(): void;
  /** Cancels pending timers (sign-out or unmount). */
  dispose(): void;
  readonly attempts: number;
};

export function isNetworkFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return message.includes('Failed to fetch');
}

export function createSubscriptionChecker(deps: {
  /** Loads the profile state; throws on failure. */
  load(): Promise<CheckResult>;
  onEvent(event: CheckEvent): void;
  timers?: Timers;
}): SubscriptionChecker {
  const timers: Timers = deps.timers ?? {
    now: () => Date.now(),
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  };
  let inProgress = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let attempts = 0;
  let recentPaymentRecheckDone = false;
  const pending = new Set<unknown>();

  function later(ms: number, reason: CheckReason) {
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      void check(reason);
    }, ms);
    pending.add(handle);
  }

  async function check(reason: CheckReason = 'manual'): Promise<void> {
    const exempt = reason === 'retry' || reason === 'recent-payment';
    if (inProgress && !exempt) return deps.onEvent({ type: 'skipped', why: 'in-progress' });
    if (!exempt && timers.now() - lastStart < CHECK_TIMINGS.minIntervalMs) {
      return deps.onEvent({ type: 'skipped', why: 'too-soon' });
    }
    if (attempts >= CHECK_TIMINGS.maxAttempts) return deps.onEvent({ type: 'skipped', why: 'circuit-open' });
    inProgress = true;
    lastStart = timers.now();
    attempts++;
    deps.onEvent({ type: 'started', reason });
    try {
      const result = await deps.load();
      // A definite answer (active or inactive, or signed out) closes the breaker.
      attempts = 0;
      inProgress = false;
      deps.onEvent({ type: 'result', result });
      if (
        result.kind === 'profile' &&
        !result.active &&
        !recentPaymentRecheckDone &&
        result.paymentDate !== null &&
        timers.now() - Date.parse(result.paymentDate) < CHECK_TIMINGS.recentPaymentMs
      ) {
        recentPaymentRecheckDone = true;
        later(CHECK_TIMINGS.recentPaymentRecheckMs, 'recent-payment');
      }
    } catch (error) {
      inProgress = false;
      const canRetry = attempts < CHECK_TIMINGS.maxAttempts;
      const retryInMs = canRetry
        ? isNetworkFailure(error)
          ? CHECK_TIMINGS.networkRetryMs
          : CHECK_TIMINGS.generalRetryMs
        : null;
      deps.onEvent({ type: 'failed', error, retryInMs });
      if (retryInMs !== null) later(retryInMs, 'retry');
    }
  }

  return {
    check,
    signedIn() {
      // A new session is a new subject: the guards start afresh.
      attempts = 0;
      lastStart = Number.NEGATIVE_INFINITY;
      recentPaymentRecheckDone = false;
      later(CHECK_TIMINGS.signInDelayMs, 'sign-in');
    },
    dispose() {
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
    get attempts() {
      return attempts;
    },
  };
}
