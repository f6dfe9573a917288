import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readQueries } from './corpus.ts';

// The queries the search benches time: the 32 hand-judged queries, each also with a typo in its
// longest word and its last word cut to a prefix (94 distinct), plus the shared peer query set.

const JUDGED = path.resolve(import.meta.dirname, '../tests/fixtures/search/relevance-judgements.json');
const INTENT = path.resolve(import.meta.dirname, '../tests/fixtures/search/intent-judgements.json');

/**
 * Issue 37's intent budget: the hand-judged natural requests of six to ten words, each also with a
 * typo in its longest word (the uncached path of a long request, partial matching and concepts).
 */
export function intentQueries(): string[] {
  const judged = (JSON.parse(readFileSync(INTENT, 'utf8')) as { queries: { q: string }[] }).queries;
  const out = new Set<string>();
  for (const { q } of judged) {
    const words = q.split(' ');
    if (words.length < 6 || words.length > 10) continue;
    out.add(q);
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    out.add(q.replace(longest, longest.slice(0, 2) + longest[3] + longest[2] + longest.slice(4)));
  }
  return [...out];
}

/** The judged queries with their typo and prefix forms. */
export function judgedQueries(): string[] {
  const judged = (JSON.parse(readFileSync(JUDGED, 'utf8')) as { queries: { q: string }[] }).queries;
  const out: string[] = [];
  for (const { q } of judged) {
    out.push(q);
    const words = q.split(' ');
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
    if (longest.length >= 5)
      out.push(q.replace(longest, longest.slice(0, 2) + longest[3] + longest[2] + longest.slice(4)));
    const last = words[words.length - 1]!;
    if (last.length > 4) out.push(`${words.slice(0, -1).join(' ')} ${last.slice(0, 4)}`.trim());
  }
  return out;
}

/** Every distinct non-empty query of both sets: each is new to a freshly started server. */
export function latencyQueries(): string[] {
  return [...new Set([...judgedQueries(), ...readQueries()].filter((q) => q.trim() !== ''))];
}

export function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}
