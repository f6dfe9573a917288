// The landing page's workflow counter (spec part 1 §2, §9).

export const COUNTER_FALLBACK = '1,500+';
export const COUNTER_LOADING = 'Loading...';

/**
 * 1,000 or more → thousands with one decimal and "K+", rounded down so "+" stays true (2170 → "2.1K+",
 * never "2.2K+"); below → "N+".
 */
export function formatWorkflowCount(total: number): string {
  if (total >= 1000) return `${(Math.floor(total / 100) / 10).toFixed(1)}K+`;
  return `${total}+`;
}
