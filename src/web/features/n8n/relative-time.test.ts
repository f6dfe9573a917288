import { describe, expect, it } from 'vitest';
import { relativeTime } from '#shared/relative-time.ts';
import { formatDuration } from './n8n-activity.tsx';

describe('relative times (spec part 2 §4)', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');
  it('reads Just now / Running now, minutes, hours, then the date', () => {
    expect(relativeTime('2026-03-01T11:59:30Z', now)).toBe('Just now');
    expect(relativeTime('2026-03-01T11:59:30Z', now, true)).toBe('Running now');
    expect(relativeTime('2026-03-01T11:15:00Z', now)).toBe('45 min ago');
    expect(relativeTime('2026-03-01T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-03-01T02:00:00Z', now)).toBe('10 hours ago');
    expect(relativeTime('2026-02-20T12:00:00Z', now)).toBe(
      new Date('2026-02-20T12:00:00Z').toLocaleDateString(),
    );
  });
  it('formats Avg Time', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(3000)).toBe('3.0s');
    expect(formatDuration(180_000)).toBe('3m');
  });
});
