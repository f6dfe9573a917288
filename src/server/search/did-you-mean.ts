import { CONCEPT_WORDS } from './concepts.ts';
import { boundedDistance } from './edit-distance.ts';
import { forEachTypoCandidate, lowerBound, postingCount, searchWords, type WordIndex } from './engine.ts';
import { normalizeText, STOP_WORDS, stemOf } from './rules.ts';

// "Did you mean" on a search without results: a correction from the index's own terms.

/**
 * "Did you mean": each query word without an exact, stem or prefix hit replaced by the commonest index
 * term within two edits (one for words under 5 letters). Words of the concept and language tables and
 * stop words are never rewritten (issue 37: "remembers" is not a typo of "members"). Null when nothing
 * changes or when the suggestion itself would find nothing.
 */
export function suggestQuery(index: WordIndex, q: string): string | null {
  const words = normalizeText(q).split(/\s+/).filter(Boolean);
  let changed = false;
  const fixed = words.map((raw) => {
    const w = (raw.match(/[\p{L}\p{N}]+/gu) ?? []).join('');
    if (w.length < 3 || index.termId.has(w) || index.termId.has(stemOf(w))) return raw;
    if (CONCEPT_WORDS.has(w) || STOP_WORDS.has(w)) return raw;
    const start = lowerBound(index.terms, w);
    if (index.terms[start]?.startsWith(w)) return raw;
    const max = w.length >= 5 ? 2 : 1;
    let bestTerm = '';
    let bestKey = Number.POSITIVE_INFINITY;
    forEachTypoCandidate(index, w, max, (id) => {
      const t = index.terms[id]!;
      const dist = boundedDistance(w, t, max);
      if (dist > max) return;
      const key = dist * 1e7 - postingCount(index, id);
      if (key < bestKey) [bestKey, bestTerm] = [key, t];
    });
    if (!bestTerm) return raw;
    changed = true;
    return bestTerm;
  });
  if (!changed) return null;
  const suggestion = fixed.join(' ');
  return (searchWords(index, suggestion)?.docs.length ?? 0) > 0 ? suggestion : null;
}
