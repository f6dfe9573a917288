import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CheckEvent, type CheckResult, createSubscriptionChecker } from './subscription-checker.ts';

const T0 = Date.parse('2026-03-01T12:00:00Z');

function setup(answers: (() => CheckResult | Promise<CheckResult>)[]) {
  const events: CheckEvent[] = [];
  let calls = 0;
  const load = vi.fn(async () => {
    const answer = answers[Math.min(calls, answers.length - 1)]!;
    calls++;
    return answer();
  });
  const checker = createSubscriptionChecker({ load, onEvent: (e) => events.push(e) });
  const started = () =>
    events.filter((e) => e.type === 'started').map((e) => (e as { reason: string }).reason);
  return { checker, load, events, started };
}

const inactive = (): CheckResult => ({ kind: 'profile', active: false, paymentDate: null });
const active = (): CheckResult => ({ kind: 'profile', active: true, paymentDate: null });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const serverError = () => Promise.reject(new Error('Request failed with status 500'));

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe('subscription checks', () => {
  it('skips a check within 5 s of the previous start, allows it after', async () => {
    const { checker, load, events } = setup([inactive]);
    await checker.check('initial');
    await vi.advanceTimersByTimeAsync(4_999);
    await checker.check('manual');
    expect(load).toHaveBeenCalledTimes(1);
    expect(events.at(-1)).toEqual({ type: 'skipped', why: 'too-soon' });
    await vi.advanceTimersByTimeAsync(1);
    await checker.check('manual');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('skips a check while one is in progress', async () => {
    let release!: (r: CheckResult) => void;
    const { checker, load, events } = setup([() => new Promise<CheckResult>((r) => (release = r))]);
    const first = checker.check('initial');
    vi.setSystemTime(T0 + 6_000);
    await checker.check('manual');
    expect(events.at(-1)).toEqual({ type: 'skipped', why: 'in-progress' });
    release(inactive());
    await first;
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries once after 5 s on "Failed to fetch", then the breaker opens after 2 attempts', async () => {
    const { checker, load, events, started } = setup([networkDown]);
    await checker.check('initial');
    expect(events.at(-1)).toMatchObject({ type: 'failed', retryInMs: 5_000 });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(started()).toEqual(['initial', 'retry']);
    expect(events.at(-1)).toMatchObject({ type: 'failed', retryInMs: null });
    // Circuit open: later checks are refused without calling the server.
    await vi.advanceTimersByTimeAsync(60_000);
    await checker.check('manual');
    expect(events.at(-1)).toEqual({ type: 'skipped', why: 'circuit-open' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('retries after 3 s on any other failure, and a definite answer resets the counter', async () => {
    const { checker, load } = setup([serverError, inactive]);
    await checker.check('initial');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(checker.attempts).toBe(0);
  });

  it('rechecks once after 2 s when payment_date is under 2 minutes old and the profile is not active', async () => {
    const paidJustNow = (): CheckResult => ({
      kind: 'profile',
      active: false,
      paymentDate: new Date(T0 - 60_000).toISOString(),
    });
    const { checker, load, started } = setup([paidJustNow]);
    await checker.check('initial');
    await vi.advanceTimersByTimeAsync(1_999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(started()).toEqual(['initial', 'recent-payment']);
    // Only one recheck.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not recheck for an old payment or an active profile', async () => {
    const oldPayment = (): CheckResult => ({
      kind: 'profile',
      active: false,
      paymentDate: new Date(T0 - 3 * 60_000).toISOString(),
    });
    for (const answer of [oldPayment, active]) {
      const { checker, load } = setup([answer]);
      await checker.check('initial');
      await vi.advanceTimersByTimeAsync(10_000);
      expect(load).toHaveBeenCalledTimes(1);
      vi.setSystemTime(T0);
    }
  });

  it('checks 500 ms after a sign-in, even with the breaker open', async () => {
    const { checker, load, started } = setup([serverError, serverError, active]);
    await checker.check('initial');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(10_000);
    checker.signedIn();
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(3);
    expect(started()).toEqual(['initial', 'retry', 'sign-in']);
  });

  it('dispose cancels pending retries', async () => {
    const { checker, load } = setup([networkDown]);
    await checker.check('initial');
    checker.dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
