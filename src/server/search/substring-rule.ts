import { DOC_SHIFT, type WordIndex } from './engine.ts';

// The spec's substring rule (part 2 §5) answered from the word index: which documents' title,
// description, author, tags or id contain the query as typed. Member search unions it with the word
// rule, so everything the spec matches is still found (decision 0010).

/**
 * The spec's rule: documents whose title, description, author, a tag or id contain `q` (lowercased).
 * Documents flagged in `known` (already found by the word rule) are not read again and not returned:
 * broad words are in most haystacks, and reading them was most of a query's time at 50,000 items.
 */
export function substringDocs(index: WordIndex, q: string, known?: Uint8Array): number[] {
  const needle = q.trim().toLowerCase().replaceAll('\u0000', '');
  const out: number[] = [];
  const { haystacks } = index;
  const check = (d: number) => {
    if (!known?.[d] && (!needle || haystacks[d]!.includes(needle))) out.push(d);
  };
  const candidates = needle ? substringCandidates(index, needle, known) : null;
  if (!candidates) for (let d = 0; d < index.size; d++) check(d);
  else for (let k = 0; k < candidates.length; k++) check(candidates[k]!);
  return out;
}

function gramSize(index: WordIndex, gram: number): number {
  return index.trigramStart[gram + 1]! - index.trigramStart[gram]!;
}

/** The terms holding `run` (three or more characters): those holding its rarest piece, checked whole. */
function termsHolding(index: WordIndex, run: string): number[] {
  let gram = -1;
  for (let i = 0; i + 3 <= run.length; i++) {
    const g = index.trigramId.get(run.slice(i, i + 3));
    if (g === undefined) return [];
    if (gram < 0 || gramSize(index, g) < gramSize(index, gram)) gram = g;
  }
  const out: number[] = [];
  const { trigramTerms, terms } = index;
  for (let k = index.trigramStart[gram]!, end = index.trigramStart[gram + 1]!; k < end; k++)
    if (terms[trigramTerms[k]!]!.includes(run)) out.push(trigramTerms[k]!);
  return out;
}

/**
 * Postings one haystack check is worth: reading a posting is a few nanoseconds, `includes` on a
 * haystack of a few kilobytes about a microsecond. Past that ratio, checking the remaining documents
 * directly is cheaper than intersecting with the next run's postings.
 */
const POSTINGS_PER_CHECK = 256;

/**
 * Documents not in `known` that can contain `needle`, from the terms: each ASCII letter-digit run of
 * the needle lies inside one run of the field's text, and every such run is indexed whole (a word or a
 * glued form), so a document qualifies only if, for every run of three or more characters, one of its
 * terms holds it. Runs are taken rarest first while reading their postings is cheaper than reading the
 * remaining haystacks (a 50,000-item library has thousands of documents holding `telegram`, a handful
 * holding `telegram` and `weather`). Null when the needle has no such run (punctuation, emoji, `a`):
 * then every document is checked.
 */
/**
 * A mark per document and the list of marked ones, kept with the index and unmarked after each run:
 * a zeroed array of n entries per run and two reads of all n documents cost more than the postings.
 */
const seenByIndex = new WeakMap<WordIndex, { mark: Uint8Array; list: Int32Array }>();

function seenOf(index: WordIndex): { mark: Uint8Array; list: Int32Array } {
  let seen = seenByIndex.get(index);
  if (!seen) {
    seen = { mark: new Uint8Array(index.size), list: new Int32Array(index.size) };
    seenByIndex.set(index, seen);
  }
  return seen;
}

function substringCandidates(index: WordIndex, needle: string, known?: Uint8Array): Int32Array | null {
  const runs = [...new Set(needle.match(/[a-z0-9]{3,}/g))];
  if (runs.length === 0) return null;
  const byRun = runs
    .map((run) => {
      const ids = termsHolding(index, run);
      let total = 0;
      for (const id of ids) total += index.postingStart[id + 1]! - index.postingStart[id]!;
      return { ids, total };
    })
    .sort((a, b) => a.total - b.total);
  const { postings, postingStart } = index;
  const seen = seenOf(index);
  let current: Int32Array | null = null;
  for (const { ids, total } of byRun) {
    if (current && current.length * POSTINGS_PER_CHECK < total) break;
    // The documents holding this run: marked, and listed once each (postings of several terms).
    let found = 0;
    for (const id of ids)
      for (let k = postingStart[id]!, end = postingStart[id + 1]!; k < end; k++) {
        const d = postings[k]! >>> DOC_SHIFT;
        if (seen.mark[d] === 0) {
          seen.mark[d] = 1;
          seen.list[found++] = d;
        }
      }
    if (current) current = current.filter((d) => seen.mark[d] === 1);
    else {
      let count = 0;
      for (let k = 0; k < found; k++) if (!known?.[seen.list[k]!]) count++;
      current = new Int32Array(count);
      count = 0;
      for (let k = 0; k < found; k++) if (!known?.[seen.list[k]!]) current[count++] = seen.list[k]!;
      current.sort();
    }
    for (let k = 0; k < found; k++) seen.mark[seen.list[k]!] = 0;
    if (current.length === 0) break;
  }
  return current;
}
