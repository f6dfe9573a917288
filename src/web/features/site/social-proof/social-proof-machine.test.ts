import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocialProofMachine, socialProofAllowedOn } from './social-proof-machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('social-proof card', () => {
  it('appears 3 s after load and moves to the next testimonial every 8 s, wrapping', () => {
    const m = new SocialProofMachine({ count: 3, storage: memoryStorage() });
    m.start();
    vi.advanceTimersByTime(2999);
    expect(m.current.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(m.current).toEqual({ visible: true, index: 0, dismissed: false });
    vi.advanceTimersByTime(8000);
    expect(m.current.index).toBe(1);
    vi.advanceTimersByTime(16_000);
    expect(m.current.index).toBe(0);
  });

  it('hides on the first interaction only, and returns 5 s later', () => {
    const m = new SocialProofMachine({ count: 8, storage: memoryStorage() });
    m.start();
    vi.advanceTimersByTime(3000);
    m.interact();
    expect(m.current.visible).toBe(false);
    vi.advanceTimersByTime(4999);
    expect(m.current.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(m.current.visible).toBe(true);
    m.interact();
    expect(m.current.visible).toBe(true);
  });

  it('close hides it for good and stores socialProofClosed = "true"', () => {
    const storage = memoryStorage();
    const m = new SocialProofMachine({ count: 8, storage });
    m.start();
    vi.advanceTimersByTime(3000);
    m.close();
    expect(m.current).toMatchObject({ visible: false, dismissed: true });
    expect(storage.data.get('socialProofClosed')).toBe('true');
    vi.advanceTimersByTime(60_000);
    expect(m.current.visible).toBe(false);

    const next = new SocialProofMachine({ count: 8, storage });
    next.start();
    vi.advanceTimersByTime(60_000);
    expect(next.current.visible).toBe(false);
  });

  it('is never shown on the sign-in, payment, dashboard and automation pages', () => {
    for (const path of [
      '/auth',
      '/payment',
      '/payment-success',
      '/payment-failed',
      '/dashboard',
      '/automation/x',
      '/admin/catalog',
      '/admin/users',
      '/admin-recovery',
      '/debug-auth',
    ]) {
      expect(socialProofAllowedOn(path), path).toBe(false);
    }
    for (const path of ['/', '/blog', '/blog/x', '/contact-us', '/automation']) {
      expect(socialProofAllowedOn(path), path).toBe(true);
    }
  });
});
