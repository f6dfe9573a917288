import { DOC_SHIFT, type WordIndex } from './search-engine.ts';

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
  const candidates = needle ? substringCandidates(index, needle) : null;
  if (!candidates) for (let d = 0; d < index.size; d++) check(d);
  else for (let k = 0; k < candidates.length; k++) check(candidates[k]!);
  return out;
}

/**
 * Documents that can contain `needle`, from the terms: an ASCII letter-digit run of the needle lies
 * inside one run of the field's text, and every such run is indexed whole (a word or a glued form).
 * Null when the needle has no such run of three or more (punctuation, emoji, `a`): then every
 * document is checked.
 */
function gramSize(index: WordIndex, gram: number): number {
  return index.trigramStart[gram + 1]! - index.trigramStart[gram]!;
}

function substringCandidates(index: WordIndex, needle: string): Int32Array | null {
  const runs = needle.match(/[a-z0-9]+/g);
  if (!runs) return null;
  const run = runs.reduce((a, b) => (b.length > a.length ? b : a));
  // One or two characters have no three-character piece: nearly every term holds them, so reading
  // every haystack once is cheaper than walking every term's postings.
  if (run.length < 3) return null;
  // Terms holding the run: those holding its rarest three-character piece, checked whole.
  let gram = -1;
  for (let i = 0; i + 3 <= run.length; i++) {
    const g = index.trigramId.get(run.slice(i, i + 3));
    if (g === undefined) return new Int32Array(0);
    if (gram < 0 || gramSize(index, g) < gramSize(index, gram)) gram = g;
  }
  if (gram < 0) return null;
  const seen = new Uint8Array(index.size);
  let count = 0;
  const scan = (id: number) => {
    if (!index.terms[id]!.includes(run)) return;
    const { postings } = index;
    for (let k = index.postingStart[id]!, end = index.postingStart[id + 1]!; k < end; k++) {
      const d = postings[k]! >>> DOC_SHIFT;
      if (!seen[d]) {
        seen[d] = 1;
        count++;
      }
    }
  };
  const { trigramTerms } = index;
  for (let k = index.trigramStart[gram]!, end = index.trigramStart[gram + 1]!; k < end; k++)
    scan(trigramTerms[k]!);
  const out = new Int32Array(count);
  let m = 0;
  for (let d = 0; d < index.size; d++) if (seen[d]) out[m++] = d;
  return out;
}
