import {
  boundedDistance,
  fieldText,
  MATCH_KIND_FACTOR,
  normalizeText,
  parseQuery,
  type QueryWord,
  SEARCH_FIELDS,
  type SearchDoc,
  SYNONYMS,
  stemOf,
  termMatch,
  termsOf,
} from './search-rules.ts';

// The in-house inverted index behind member search (decision 0010). Pure and isomorphic: the server
// index, the tests and the bench build the same thing from the same rules in search-rules.ts.

/** A posting packs the document number and the mask of fields holding the term. */
const FIELD_BITS = 10;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Title, integrations and node types (the first three SEARCH_FIELDS). */
const STRONG_FIELDS = 0b111;
const STRONG_BONUS = 1.5;

export type WordIndex = {
  size: number;
  /** Every term, sorted, so a prefix is one contiguous range. */
  terms: string[];
  termId: Map<string, number>;
  postings: Int32Array[];
  /** Bit 1: a word (answers prefixes); bit 2: a word of a short field (answers typos). */
  kind: Uint8Array;
  /** Term ids of the typo vocabulary by term length. */
  byLength: Map<number, number[]>;
  /** Best field weight for each field mask. */
  maskWeight: Float32Array;
  /** The spec's substring haystack: lowercased title, description, author, tags, id per doc, NUL-separated. */
  haystack: string;
  /** Start of each document in `haystack` (plus one past the end). */
  starts: Int32Array;
};

export function buildWordIndex(docs: SearchDoc[]): WordIndex {
  const acc = new Map<string, number[]>();
  const kinds = new Map<string, number>();
  const perDoc = new Map<string, number>();
  const parts: string[] = [];
  const starts = new Int32Array(docs.length + 1);
  let offset = 0;
  docs.forEach((doc, d) => {
    perDoc.clear();
    SEARCH_FIELDS.forEach((f, bit) => {
      const { words, joins } = termsOf(fieldText(doc, f.key), f.short);
      const wordKind = f.short ? 3 : 1;
      for (const t of words) {
        perDoc.set(t, (perDoc.get(t) ?? 0) | (1 << bit));
        const k = kinds.get(t) ?? 0;
        if ((k | wordKind) !== k) kinds.set(t, k | wordKind);
      }
      for (const t of joins) perDoc.set(t, (perDoc.get(t) ?? 0) | (1 << bit));
    });
    for (const [t, mask] of perDoc) {
      const list = acc.get(t);
      if (list) list.push((d << FIELD_BITS) | mask);
      else acc.set(t, [(d << FIELD_BITS) | mask]);
    }
    const hay = [doc.title, doc.description, doc.author, ...doc.tags, doc.id].join('\u0000').toLowerCase();
    starts[d] = offset;
    parts.push(hay);
    offset += hay.length + 1;
  });
  starts[docs.length] = offset;
  const terms = [...acc.keys()].sort();
  const termId = new Map<string, number>();
  const byLength = new Map<number, number[]>();
  const kind = new Uint8Array(terms.length);
  const postings = terms.map((t, i) => {
    termId.set(t, i);
    kind[i] = kinds.get(t) ?? 0;
    if (kind[i]! & 2) {
      const bucket = byLength.get(t.length);
      if (bucket) bucket.push(i);
      else byLength.set(t.length, [i]);
    }
    return Int32Array.from(acc.get(t)!);
  });
  const maskWeight = new Float32Array(1 << FIELD_BITS);
  for (let m = 1; m < maskWeight.length; m++) {
    let best = 0;
    SEARCH_FIELDS.forEach((f, bit) => {
      if (m & (1 << bit) && f.weight > best) best = f.weight;
    });
    maskWeight[m] = best;
  }
  return {
    size: docs.length,
    terms,
    termId,
    postings,
    kind,
    byLength,
    maskWeight,
    haystack: `${parts.join('\u0000')}\u0000`,
    starts,
  };
}

function lowerBound(terms: string[], key: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index terms a query word reaches, with the match-kind factor of each. */
export function expandWord(index: WordIndex, word: QueryWord): Map<number, number> {
  const out = new Map<number, number>();
  const exact = index.termId.get(word.term);
  if (exact !== undefined) out.set(exact, MATCH_KIND_FACTOR.exact);
  const stem = index.termId.get(stemOf(word.term));
  if (stem !== undefined && !out.has(stem)) out.set(stem, MATCH_KIND_FACTOR.stem);
  for (const alt of SYNONYMS[word.term] ?? []) {
    const id = index.termId.get(alt);
    if (id !== undefined && !out.has(id)) out.set(id, MATCH_KIND_FACTOR.stem);
  }
  if (word.prefix) {
    for (let i = lowerBound(index.terms, word.term); i < index.terms.length; i++) {
      if (!index.terms[i]!.startsWith(word.term)) break;
      if (index.kind[i]! & 1 && !out.has(i)) out.set(i, MATCH_KIND_FACTOR.prefix);
    }
  }
  if (word.typos > 0) {
    const len = word.term.length;
    for (let l = len - word.typos; l <= len + word.typos; l++) {
      for (const id of index.byLength.get(l) ?? []) {
        if (out.has(id)) continue;
        const kind = termMatch({ ...word, prefix: false }, index.terms[id]!);
        if (kind) out.set(id, MATCH_KIND_FACTOR[kind]);
      }
    }
  }
  return out;
}

export type WordResult = {
  /** Matching documents, in document order. */
  docs: Int32Array;
  /** Relevance per document (0 for documents that do not match). */
  scores: Float32Array;
};

/** Documents where every query word matches some field (word rule only), with relevance scores. */
export function searchWords(index: WordIndex, q: string): WordResult | null {
  const words = parseQuery(q);
  if (words.length === 0) return null;
  const n = index.size;
  const count = new Uint8Array(n);
  const best = new Float32Array(n);
  const scores = new Float32Array(n);
  // Words found in a strong field (title, integrations, node types), counted once per word.
  const strong = new Uint8Array(n);
  // Rarest word first: later words only touch documents that matched every word before them.
  const expanded = words
    .map((w) => {
      const terms = expandWord(index, w);
      let total = 0;
      for (const id of terms.keys()) total += index.postings[id]!.length;
      return { terms, total };
    })
    .sort((a, b) => a.total - b.total);
  for (let wi = 0; wi < expanded.length; wi++) {
    const { terms, total } = expanded[wi]!;
    if (terms.size === 0) return { docs: new Int32Array(0), scores };
    // One weight per query word, from everything it reaches: a rare variant spelling (a typo, a
    // synonym) must not outweigh the word itself.
    const idf = Math.log(1 + n / Math.min(n, total));
    for (const [id, factor] of terms) {
      const list = index.postings[id]!;
      for (let k = 0; k < list.length; k++) {
        const p = list[k]!;
        const d = p >>> FIELD_BITS;
        const c = count[d]!;
        const s = index.maskWeight[p & FIELD_MASK]! * factor * idf;
        if (c === wi) {
          count[d] = wi + 1;
          best[d] = s;
          scores[d] = scores[d]! + s;
        } else if (c === wi + 1 && s > best[d]!) {
          scores[d] = scores[d]! + s - best[d]!;
          best[d] = s;
        } else if (c !== wi + 1) continue;
        if (p & STRONG_FIELDS && factor >= MATCH_KIND_FACTOR.prefix && strong[d] === wi) strong[d] = wi + 1;
      }
    }
  }
  const need = expanded.length;
  let m = 0;
  for (let d = 0; d < n; d++) if (count[d] === need) m++;
  const docs = new Int32Array(m);
  m = 0;
  for (let d = 0; d < n; d++) {
    if (count[d] !== need) continue;
    docs[m++] = d;
    // Every word in the title or the apps used: what the member most likely means.
    if (strong[d] === need) scores[d] = scores[d]! * STRONG_BONUS;
  }
  return { docs, scores };
}

/** The spec's rule: documents whose title, description, author, a tag or id contain `q` (lowercased). */
export function substringDocs(index: WordIndex, q: string): number[] {
  const needle = q.trim().toLowerCase().replaceAll('\u0000', '');
  const out: number[] = [];
  if (!needle) {
    for (let d = 0; d < index.size; d++) out.push(d);
    return out;
  }
  const { haystack, starts } = index;
  let doc = 0;
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    // Binary search for the document holding `at`, then skip past it.
    let lo = doc;
    let hi = index.size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    out.push(lo);
    doc = lo + 1;
    if (doc >= index.size) break;
    at = haystack.indexOf(needle, starts[doc]!);
  }
  return out;
}

/**
 * "Did you mean": each query word without an exact or prefix hit replaced by the commonest index
 * term within two edits (one for words under 5 letters). Null when nothing changes.
 */
export function suggestQuery(index: WordIndex, q: string): string | null {
  const words = normalizeText(q).split(/\s+/).filter(Boolean);
  let changed = false;
  const fixed = words.map((raw) => {
    const w = (raw.match(/[\p{L}\p{N}]+/gu) ?? []).join('');
    if (w.length < 3 || index.termId.has(w)) return raw;
    const start = lowerBound(index.terms, w);
    if (index.terms[start]?.startsWith(w)) return raw;
    const max = w.length >= 5 ? 2 : 1;
    let bestTerm = '';
    let bestKey = Number.POSITIVE_INFINITY;
    for (let l = w.length - max; l <= w.length + max; l++) {
      for (const id of index.byLength.get(l) ?? []) {
        const t = index.terms[id]!;
        const dist = boundedDistance(w, t, max);
        if (dist > max) continue;
        const key = dist * 1e7 - index.postings[id]!.length;
        if (key < bestKey) [bestKey, bestTerm] = [key, t];
      }
    }
    if (!bestTerm) return raw;
    changed = true;
    return bestTerm;
  });
  return changed ? fixed.join(' ') : null;
}
