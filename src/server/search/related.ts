import { wordsOf } from '#shared/catalog/search-terms.ts';
import type { IndexEntry } from './entries.ts';
import { RELATED_SAME_TRIGGER, RELATED_TITLE_WORD } from './knobs.ts';

// Related templates from the graph (issue 37): what else does a similar job, not the newest of the
// same category. Pure: entries in, ranked entries out.

/** How many entries use each node type, per snapshot (entries arrays are replaced on rebuild). */
const typeCounts = new WeakMap<readonly IndexEntry[], Map<string, number>>();

function countsOf(entries: readonly IndexEntry[]): Map<string, number> {
  let counts = typeCounts.get(entries);
  if (!counts) {
    counts = new Map();
    for (const e of entries) for (const t of new Set(e.nodeTypes)) counts.set(t, (counts.get(t) ?? 0) + 1);
    typeCounts.set(entries, counts);
  }
  return counts;
}

const isTrigger = (type: string) => /trigger$/i.test(type) || type === 'webhook';
const PURPOSE_STOP = new Set([
  'and',
  'the',
  'with',
  'to',
  'for',
  'from',
  'of',
  'in',
  'a',
  'an',
  'on',
  'via',
  'n8n',
]);
const purposeWords = (e: IndexEntry) =>
  new Set(wordsOf(e.card.title).filter((w) => w.length > 2 && !PURPOSE_STOP.has(w)));

/**
 * Entries most like `self`: shared node types weighted by rarity (log N/df: sharing a rare app says
 * more than sharing `set`), plus the same trigger kind and shared title words. Never itself or one of
 * its variants; ties newest first (entries come in that order).
 */
export function relatedEntries(
  entries: readonly IndexEntry[],
  order: ArrayLike<number>,
  self: IndexEntry,
  limit: number,
): IndexEntry[] {
  const counts = countsOf(entries);
  const n = entries.length;
  const own = new Set(self.nodeTypes);
  const ownTriggers = new Set(self.nodeTypes.filter(isTrigger));
  const ownWords = purposeWords(self);
  const scored: { e: IndexEntry; score: number; rank: number }[] = [];
  for (let rank = 0; rank < order.length; rank++) {
    const e = entries[order[rank]!]!;
    if (e === self || (self.group >= 0 && e.group === self.group)) continue;
    let score = 0;
    for (const t of new Set(e.nodeTypes)) if (own.has(t)) score += Math.log(n / (counts.get(t) ?? n));
    if (score === 0) continue;
    if (e.nodeTypes.some((t) => ownTriggers.has(t))) score += RELATED_SAME_TRIGGER;
    for (const w of purposeWords(e)) if (ownWords.has(w)) score += RELATED_TITLE_WORD;
    scored.push({ e, score, rank });
  }
  scored.sort((a, b) => b.score - a.score || a.rank - b.rank);
  return scored.slice(0, limit).map((s) => s.e);
}
