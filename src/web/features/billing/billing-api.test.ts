import { describe, expect, it } from 'vitest';
import { recheckAfterCapture } from './billing-api.ts';

describe('recheckAfterCapture', () => {
  it('stops at the first subscribed result, after waiting 1.5 s', async () => {
    const waits: number[] = [];
    const answers = ['not-subscribed', 'subscribed'] as const;
    let calls = 0;
    const ok = await recheckAfterCapture({
      recheck: async () => answers[calls++]!,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(ok).toBe(true);
    expect(calls).toBe(2);
    expect(waits).toEqual([1500, 2000, 1500]);
  });

  it('gives up after 3 checks', async () => {
    let calls = 0;
    const waits: number[] = [];
    const ok = await recheckAfterCapture({
      recheck: async () => {
        calls++;
        return 'not-subscribed';
      },
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    expect(ok).toBe(false);
    expect(calls).toBe(3);
    expect(waits).toEqual([1500, 2000, 1500, 2000, 1500]);
  });

  it('treats a failing check as not yet subscribed', async () => {
    let calls = 0;
    const ok = await recheckAfterCapture({
      recheck: async () => {
        calls++;
        if (calls === 1) throw new Error('Failed to fetch');
        return 'subscribed';
      },
      sleep: async () => {},
    });
    expect(ok).toBe(true);
  });
});
