import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgressPublisher } from '#server/realtime/progress-publisher.ts';

afterEach(() => vi.useRealTimers());

describe('progress publisher', () => {
  it('publishes at most every 250 ms (the latest state), then the final state at once, in order', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const live = createProgressPublisher<number>({
      publish: async (n) => {
        sent.push(n);
      },
      onError: (error) => {
        throw error;
      },
      now: () => Date.now(),
    });
    live.update(1); // the first state goes out at once
    live.update(2);
    live.update(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(150);
    expect(sent).toEqual([1, 3]); // 2 was replaced by 3 before its turn
    live.update(4);
    await live.finish(5); // the pending 4 is dropped: the final state says more
    expect(sent).toEqual([1, 3, 5]);
    live.update(6);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent).toEqual([1, 3, 5]);
  });

  it('reports a failed publish and goes on with the next one', async () => {
    const errors: unknown[] = [];
    const sent: string[] = [];
    const live = createProgressPublisher<string>({
      publish: async (s) => {
        if (s === 'bad') throw new Error('NOTIFY failed');
        sent.push(s);
      },
      onError: (error) => errors.push(error),
    });
    live.update('bad');
    await live.finish('end');
    expect(sent).toEqual(['end']);
    expect(errors).toHaveLength(1);
  });
});
