// Activity (views, copies, ratings, badges) rebuilds the search index, but never so often that the
// rebuilds, which run on the event loop, take more than a tenth of the server's time (decision 0010).
import { describe, expect, it } from 'vitest';
import { activityRebuildDelay } from '#server/search/index.ts';

describe('rebuilds for activity', () => {
  const now = 1_000_000;

  it('wait 5 s after the event when the last build was quick', () => {
    expect(activityRebuildDelay({ endedAt: now - 100, ms: 40 }, now)).toBe(5_000);
    expect(activityRebuildDelay({ endedAt: 0, ms: 0 }, now)).toBe(5_000);
  });

  it('wait ten times a slow build, counted from its end', () => {
    // A 50,000-item library: a 4.4 s build that ended just now waits 44 s, not 5.
    expect(activityRebuildDelay({ endedAt: now, ms: 4_400 }, now)).toBe(44_000);
    expect(activityRebuildDelay({ endedAt: now - 30_000, ms: 4_400 }, now)).toBe(14_000);
    expect(activityRebuildDelay({ endedAt: now - 60_000, ms: 4_400 }, now)).toBe(5_000);
  });
});
