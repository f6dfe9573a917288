import { describe, expect, it } from 'vitest';
import { formatWorkflowCount } from './format-count.ts';

describe('formatWorkflowCount', () => {
  it('shows thousands with one decimal and K+ from 1,000, rounded down so it never overstates', () => {
    expect(formatWorkflowCount(1000)).toBe('1.0K+');
    expect(formatWorkflowCount(2170)).toBe('2.1K+');
    expect(formatWorkflowCount(1999)).toBe('1.9K+');
    expect(formatWorkflowCount(2049)).toBe('2.0K+');
    expect(formatWorkflowCount(12_345)).toBe('12.3K+');
  });
  it('shows smaller totals as N+', () => {
    expect(formatWorkflowCount(0)).toBe('0+');
    expect(formatWorkflowCount(999)).toBe('999+');
  });
});
