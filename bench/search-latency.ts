import { loadavg } from 'node:os';
import { latencyQueries, pct } from './search-queries.ts';

// Search latency as a member sees it (issue 16 budgets): every query once on a server that has not
// seen it (uncached: the word index, ranking, counts and facet all run), then the same list again
// (answered from the 512-entry result cache). One request at a time, the member's session cookie on
// each, timed from request to the last byte of the body.

export type Latency = {
  queries: number;
  uncached: { p50: number; p95: number };
  cached: { p50: number; p95: number };
};

async function pass(base: string, cookie: string, qs: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const q of qs) {
    const t = performance.now();
    const res = await fetch(`${base}/api/catalog/automations?q=${encodeURIComponent(q)}&pageSize=20`, {
      headers: { cookie },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search ${JSON.stringify(q)}: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/** The uncached pass, then the cached pass, over the same distinct queries. */
export async function searchLatency(base: string, cookie: string): Promise<Latency> {
  // Warm the HTTP path (connection, session read) on queries outside the measured list.
  for (const q of ['warmup-one', 'warmup-two', 'warmup-three']) await pass(base, cookie, [q]);
  const qs = latencyQueries();
  const uncached = await pass(base, cookie, qs);
  const cached = await pass(base, cookie, qs);
  const figures = (s: number[]) => ({ p50: pct(s, 50), p95: pct(s, 95) });
  return { queries: qs.length, uncached: figures(uncached), cached: figures(cached) };
}

export function printLatency(label: string, l: Latency, budgetP95: number) {
  const load = loadavg()[0]!.toFixed(1);
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `Search latency, ${label} (${l.queries} distinct queries, member session, c=1; load ${load}):\n` +
      `  uncached (first time seen) p50 ${ms(l.uncached.p50)} p95 ${ms(l.uncached.p95)} — budget p95 ≤ ${budgetP95} ms: ${l.uncached.p95 <= budgetP95 ? 'met' : 'MISSED'}\n` +
      `  cached (same queries again) p50 ${ms(l.cached.p50)} p95 ${ms(l.cached.p95)}`,
  );
}
