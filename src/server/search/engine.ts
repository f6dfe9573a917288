import { englishOf } from './concepts.ts';
import { ALL_WORDS_TIER, APP_MISS, LENGTH_B, SHORT_QUERY_WORDS, STRONG_BONUS } from './knobs.ts';
import {
  appNameTerms,
  forEachFieldTerm,
  MATCH_KIND_FACTOR,
  parseQuery,
  type QueryWord,
  SEARCH_FIELDS,
  type SearchDoc,
  SHORT_FLOOR_WORDS,
  shortQueryFloor,
  stemOf,
  synonymsOf,
  termMatch,
} from './rules.ts';

// The in-house inverted index behind member search (decision 0010). Pure and isomorphic: the server
// index, the tests and the bench build the same thing from the same rules in rules.ts.

/** A posting packs the document number and the mask of fields holding the term: a bit per field. */
const FIELD_BITS = SEARCH_FIELDS.length;
const FIELD_MASK = (1 << FIELD_BITS) - 1;
/** Posting flags: the term is a word in this document (answers prefixes), in a short field (typos). */
const AS_WORD = 1 << FIELD_BITS;
const AS_SHORT_WORD = 1 << (FIELD_BITS + 1);
export const DOC_SHIFT = FIELD_BITS + 2;
// A posting is a signed 32-bit number: the fields and flags must leave room for 500,000 documents.
if (DOC_SHIFT > 12) throw new Error(`search: ${FIELD_BITS} fields leave too few bits for document numbers`);
/** The mask of the `strong` fields (title, integrations, node types). */
/** The mask of the `app` fields (integrations, node types): where an app a query names shows. */
const APP_FIELDS = SEARCH_FIELDS.reduce((mask, f, bit) => ('app' in f ? mask | (1 << bit) : mask), 0);
const STRONG_FIELDS = SEARCH_FIELDS.reduce((mask, f, bit) => ('strong' in f ? mask | (1 << bit) : mask), 0);

export type WordIndex = {
  size: number;
  /** Every term, sorted, so a prefix is one contiguous range. */
  terms: string[];
  termId: Map<string, number>;
  /**
   * Every term's postings in one array: term i's are `postings[postingStart[i]]` up to
   * `postings[postingStart[i + 1]]`. Flat, not an array per term: 24,000 small typed arrays cost ~7 MB
   * of object overhead at the reference corpus and gave the garbage collector 70,000 objects to mark.
   */
  postings: Int32Array;
  postingStart: Int32Array;
  /** Bit 1: a word (answers prefixes); bit 2: a word of a short field (answers typos). */
  kind: Uint8Array;
  /** Term ids of the typo vocabulary by term length. */
  /**
   * Per length, the typo vocabulary's term ids (ascending) and each one's letters (a–z bit mask, to
   * skip candidates cheaply), side by side: one sequential scan per length.
   */
  byLength: Map<number, { ids: Int32Array; letters: Int32Array }>;
  /** Best field weight for each field mask. */
  maskWeight: Float32Array;
  /**
   * Per document, BM25's length factor 1 / (1 − b + b × terms / mean terms): a tutorial workflow with
   * a hundred node types and pages of notes matches any request somewhere and must not outrank a
   * workflow that does the one thing asked.
   */
  lengthNorm: Float32Array;
  /** 1 for the terms that are an app's whole name (an integration glued: airtable, googlesheets). */
  appTerm: Uint8Array;
  /** The spec's substring haystack per doc: lowercased title, description, author, tags, id. */
  haystacks: string[];
  /** Term ids by the three-character pieces of the term, for substring candidates (flat, as postings). */
  trigramId: Map<string, number>;
  trigramTerms: Int32Array;
  trigramStart: Int32Array;
};

/** How many documents hold term `id`. */
export function postingCount(index: WordIndex, id: number): number {
  return index.postingStart[id + 1]! - index.postingStart[id]!;
}

/** An Int32Array that grows by doubling (off-heap: the build leaves no promoted garbage behind). */
class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(v: number) {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

export function buildWordIndex(docs: SearchDoc[]): WordIndex {
  // Term number by term, and per term number its last document, the place of its last posting and
  // its word kinds: one map lookup per occurrence; a term seen again in the same document only adds
  // its field bit. Postings are written in document order to one flat list (term, posting) and
  // grouped by term afterwards: an array per term, grown a push at a time, left ~13 MB of promoted
  // garbage at the reference corpus and raised the server's peak RSS.
  const ids = new Map<string, number>();
  const lastDoc = new IntList(1 << 14);
  const lastAt = new IntList(1 << 14);
  const kinds = new IntList(1 << 14);
  const emittedTerm = new IntList(1 << 16);
  const emittedPosting = new IntList(1 << 16);
  const haystacks: string[] = new Array(docs.length);
  const termCount = new Int32Array(docs.length);
  let d = 0;
  let flag = 0;
  let wordFlag = 0;
  let wordKind = 0;
  const emit = (t: string, word: boolean) => {
    let id = ids.get(t);
    if (id === undefined) {
      id = ids.size;
      ids.set(t, id);
      lastDoc.push(-1);
      lastAt.push(-1);
      kinds.push(0);
    }
    const bits = word ? wordFlag : flag;
    if (lastDoc.data[id] === d) emittedPosting.data[lastAt.data[id]!]! |= bits;
    else {
      lastAt.data[id] = emittedPosting.length;
      emittedTerm.push(id);
      emittedPosting.push((d << DOC_SHIFT) | bits);
      lastDoc.data[id] = d;
      termCount[d]!++;
    }
    if (word) kinds.data[id]! |= wordKind;
  };
  for (d = 0; d < docs.length; d++) {
    const doc = docs[d]!;
    for (let bit = 0; bit < SEARCH_FIELDS.length; bit++) {
      const f = SEARCH_FIELDS[bit]!;
      wordKind = f.short ? 3 : 1;
      flag = 1 << bit;
      wordFlag = flag | AS_WORD | (f.short ? AS_SHORT_WORD : 0);
      forEachFieldTerm(doc, f, emit);
    }
    haystacks[d] = [doc.title, doc.description, doc.author, ...doc.tags, doc.id].join('\u0000').toLowerCase();
  }
  const unsorted = [...ids.keys()];
  ids.clear();
  const order = unsorted.map((_, i) => i).sort((a, b) => (unsorted[a]! < unsorted[b]! ? -1 : 1));
  const terms = order.map((i) => unsorted[i]!);
  unsorted.length = 0;
  const termId = new Map<string, number>();
  const lengthLists = new Map<number, number[]>();
  const kind = new Uint8Array(terms.length);
  /** New (sorted) term number by first-seen number. */
  const renumber = new Int32Array(terms.length);
  const postingStart = new Int32Array(terms.length + 1);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    const old = order[i]!;
    renumber[old] = i;
    termId.set(t, i);
    kind[i] = kinds.data[old]!;
    if (kind[i]! & 2) {
      const bucket = lengthLists.get(t.length);
      if (bucket) bucket.push(i);
      else lengthLists.set(t.length, [i]);
    }
  }
  const emitted = emittedTerm.length;
  for (let k = 0; k < emitted; k++) postingStart[renumber[emittedTerm.data[k]!]! + 1]!++;
  for (let i = 0; i < terms.length; i++) postingStart[i + 1] = postingStart[i + 1]! + postingStart[i]!;
  const postingData = new Int32Array(emitted);
  // Emissions come in document order, so each term's postings land in document order.
  const fill = postingStart.slice(0, terms.length);
  for (let k = 0; k < emitted; k++) {
    const id = renumber[emittedTerm.data[k]!]!;
    postingData[fill[id]!++] = emittedPosting.data[k]!;
  }
  const postings = { data: postingData, start: postingStart };
  const byLength = new Map<number, { ids: Int32Array; letters: Int32Array }>();
  for (const [length, ids] of lengthLists)
    byLength.set(length, {
      ids: Int32Array.from(ids),
      letters: Int32Array.from(ids, (id) => letterMask(terms[id]!)),
    });
  // Trigram lists in two passes over the terms (count, then fill), in first-seen gram order: no
  // array per trigram growing a push at a time.
  const trigramId = new Map<string, number>();
  const gramCount = new IntList(1 << 13);
  const gramLast = new IntList(1 << 13);
  for (let id = 0; id < terms.length; id++) {
    const t = terms[id]!;
    for (let i = 0; i + 3 <= t.length; i++) {
      const g = t.slice(i, i + 3);
      let gid = trigramId.get(g);
      if (gid === undefined) {
        gid = trigramId.size;
        trigramId.set(g, gid);
        gramCount.push(0);
        gramLast.push(-1);
      }
      if (gramLast.data[gid] !== id) {
        gramLast.data[gid] = id;
        gramCount.data[gid]!++;
      }
    }
  }
  const trigramStart = new Int32Array(trigramId.size + 1);
  for (let g = 0; g < trigramId.size; g++) trigramStart[g + 1] = trigramStart[g]! + gramCount.data[g]!;
  const trigramTerms = new Int32Array(trigramStart[trigramId.size]!);
  const gramFill = trigramStart.slice(0, trigramId.size);
  gramLast.data.fill(-1);
  for (let id = 0; id < terms.length; id++) {
    const t = terms[id]!;
    for (let i = 0; i + 3 <= t.length; i++) {
      const gid = trigramId.get(t.slice(i, i + 3))!;
      if (gramLast.data[gid] !== id) {
        gramLast.data[gid] = id;
        trigramTerms[gramFill[gid]!++] = id;
      }
    }
  }
  const maskWeight = new Float32Array(1 << FIELD_BITS);
  for (let m = 1; m < maskWeight.length; m++) {
    let best = 0;
    SEARCH_FIELDS.forEach((f, bit) => {
      if (m & (1 << bit) && f.weight > best) best = f.weight;
    });
    maskWeight[m] = best;
  }
  let totalTerms = 0;
  for (let i = 0; i < docs.length; i++) totalTerms += termCount[i]!;
  const meanTerms = docs.length > 0 ? Math.max(1, totalTerms / docs.length) : 1;
  const lengthNorm = new Float32Array(docs.length);
  for (let i = 0; i < docs.length; i++)
    lengthNorm[i] = 1 / (1 - LENGTH_B + (LENGTH_B * termCount[i]!) / meanTerms);
  const appTerm = new Uint8Array(terms.length);
  for (const doc of docs)
    for (const name of doc.integrations)
      for (const term of appNameTerms(name)) {
        const id = termId.get(term);
        if (id !== undefined) appTerm[id] = 1;
      }
  return {
    size: docs.length,
    terms,
    lengthNorm,
    appTerm,
    termId,
    postings: postings.data,
    postingStart: postings.start,
    kind,
    byLength,
    maskWeight,
    haystacks,
    trigramId,
    trigramTerms,
    trigramStart,
  };
}

/** Which of a–z (and "other") a term contains: one edit changes at most two bits. */
function letterMask(term: string): number {
  let m = 0;
  for (let i = 0; i < term.length; i++) {
    const c = term.charCodeAt(i) - 97;
    m |= c >= 0 && c < 26 ? 1 << c : 1 << 26;
  }
  return m;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function lowerBound(terms: string[], key: string): number {
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
/** Factor per reached term; prefixes and typos carry the posting flag a document needs. */
export function expandWord(index: WordIndex, word: QueryWord): Map<number, number> {
  const out = new Map<number, number>();
  const exact = index.termId.get(word.term);
  if (exact !== undefined) out.set(exact, MATCH_KIND_FACTOR.exact);
  const stem = index.termId.get(stemOf(word.term));
  if (stem !== undefined && !out.has(stem)) out.set(stem, MATCH_KIND_FACTOR.stem);
  for (const alt of synonymsOf(word.term)) {
    const id = index.termId.get(alt);
    if (id !== undefined && !out.has(id)) out.set(id, MATCH_KIND_FACTOR.stem);
  }
  for (const glued of word.joins) {
    const id = index.termId.get(glued);
    if (id !== undefined && !out.has(id)) out.set(id, MATCH_KIND_FACTOR.stem);
  }
  // A word of another language is its English word ("rechnung" is invoice), as a synonym is; the
  // English word's concepts stay concept hits.
  const english = englishOf(word.term);
  const translated = english === undefined ? undefined : index.termId.get(english);
  if (translated !== undefined && !out.has(translated)) out.set(translated, MATCH_KIND_FACTOR.stem);
  for (const alt of word.concepts) {
    const id = index.termId.get(alt);
    if (id !== undefined && !out.has(id)) out.set(id, MATCH_KIND_FACTOR.concept);
  }
  for (const alt of word.nodes) {
    const id = index.termId.get(alt);
    if (id !== undefined && !out.has(id)) out.set(id, MATCH_KIND_FACTOR.node);
  }
  if (word.prefix) {
    for (let i = lowerBound(index.terms, word.term); i < index.terms.length; i++) {
      if (!index.terms[i]!.startsWith(word.term)) break;
      if (index.kind[i]! & 1 && !out.has(i)) out.set(i, -MATCH_KIND_FACTOR.prefix);
    }
  }
  if (word.typos > 0) {
    // A word the catalogue lacks that is one typo from an app's whole name is that app ("linkdin").
    const misspeltApp = exact === undefined;
    const typos = typoMatches(index, word);
    for (let k = 0; k < typos.length; k += 2) {
      const id = typos[k]!;
      if (out.has(id)) continue;
      out.set(id, misspeltApp && index.appTerm[id] === 1 ? -MATCH_KIND_FACTOR.stem : -typos[k + 1]!);
    }
  }
  return out;
}

/** Query terms whose typo matches each index keeps (a few kilobytes), least recently used first. */
const TYPO_MEMO_TERMS = 2_048;
const typoMemos = new WeakMap<WordIndex, Map<string, number[]>>();

/**
 * The typo-vocabulary terms within a word's typo budget, as (term id, match factor) pairs in the order
 * forEachTypoCandidate visits them. They depend on the word and the index only, and scanning the
 * vocabulary by length and computing edit distances was a third of a short query's word expansion:
 * kept per index for the words queries repeat (`slack`, `email`, `notification` across many queries).
 */
function typoMatches(index: WordIndex, word: QueryWord): number[] {
  let memo = typoMemos.get(index);
  if (!memo) {
    memo = new Map();
    typoMemos.set(index, memo);
  }
  const kept = memo.get(word.term);
  if (kept) {
    memo.delete(word.term);
    memo.set(word.term, kept);
    return kept;
  }
  const found: number[] = [];
  const exactWord = { ...word, prefix: false };
  forEachTypoCandidate(index, word.term, word.typos, (id) => {
    const kind = termMatch(exactWord, index.terms[id]!);
    if (kind) found.push(id, MATCH_KIND_FACTOR[kind]);
  });
  memo.set(word.term, found);
  if (memo.size > TYPO_MEMO_TERMS) memo.delete(memo.keys().next().value!);
  return found;
}

/**
 * Typo-vocabulary terms that may be within `maxEdits` of `term`: those of a length within reach whose
 * letters differ in at most two per edit (the rest cannot be, and skip the edit distance).
 */
export function forEachTypoCandidate(
  index: WordIndex,
  term: string,
  maxEdits: number,
  visit: (id: number) => void,
): void {
  const mask = letterMask(term);
  for (let l = term.length - maxEdits; l <= term.length + maxEdits; l++) {
    const bucket = index.byLength.get(l);
    if (!bucket) continue;
    const { ids, letters } = bucket;
    for (let k = 0; k < ids.length; k++) if (popcount(mask ^ letters[k]!) <= 2 * maxEdits) visit(ids[k]!);
  }
}

export type WordResult = {
  /** Documents matching enough query words (partialFloor), in document order. */
  docs: Int32Array;
  /** Relevance per document (0 for documents that do not match). */
  scores: Float32Array;
  /** 1 where the document matches every query word (the word rule of decision 0010). */
  all: Uint8Array;
};

export { ALL_WORDS_TIER } from './knobs.ts';

/**
 * Documents matching enough query words (partialFloor: a short query its complete matches, a longer
 * request half its words, or what the best item has), with BM25-style relevance (issue 37): each word adds its best
 * field weight × match kind × inverse document frequency; a partial match is scaled by the share of
 * the query's weight it covers, and documents matching every word that reaches the index come first
 * (ALL_WORDS_TIER). A word that reaches nothing (filler, an unknown word) never decides a miss.
 */
export function searchWords(index: WordIndex, q: string): WordResult | null {
  const words = parseQuery(q);
  if (words.length === 0) return null;
  const scratch = scratchOf(index);
  try {
    return scoreWords(index, words, scratch);
  } finally {
    scratch.clear();
  }
}

/**
 * Per-document working arrays of searchWords, kept with the index and cleared after each query at the
 * documents it touched only: allocating a dozen arrays of n entries per query (each a zeroed off-heap
 * buffer) and reading all n documents four times after the postings was half a short query's time.
 * 16-bit counters and word marks: a 1,000-character query can hold more than 255 words.
 */
type Scratch = {
  /** Query words each document matches. */
  count: Uint16Array;
  /** The last word (index + 1) that touched each document, and its best score for that word. */
  seen: Uint16Array;
  best: Float32Array;
  /** Words found in a strong field (title, integrations, node types), counted once per word. */
  strong: Uint16Array;
  strongSeen: Uint16Array;
  /** Query words naming an app that the document has in an app field. */
  appHits: Uint16Array;
  appSeen: Uint16Array;
  /** Words matched otherwise than through a node's description: only these make a complete match. */
  tier: Uint16Array;
  tierSeen: Uint16Array;
  /** …and otherwise than through a typo of an app's whole name (wordHitKinds). */
  sure: Uint16Array;
  sureSeen: Uint16Array;
  /**
   * The summed idf of the words each document matches, each × its best match kind (a concept or typo
   * hit covers less of the word than the word itself): its share of the query's weight.
   */
  covered: Float32Array;
  bestFactor: Float32Array;
  /** The documents some word reached, in the order they were first reached; `touchedCount` of them. */
  touched: Int32Array;
  touchedCount: number;
  clear(): void;
};

const scratches = new WeakMap<WordIndex, Scratch>();

function scratchOf(index: WordIndex): Scratch {
  let s = scratches.get(index);
  if (s) return s;
  const n = index.size;
  const made: Scratch = {
    count: new Uint16Array(n),
    seen: new Uint16Array(n),
    best: new Float32Array(n),
    strong: new Uint16Array(n),
    strongSeen: new Uint16Array(n),
    appHits: new Uint16Array(n),
    appSeen: new Uint16Array(n),
    tier: new Uint16Array(n),
    tierSeen: new Uint16Array(n),
    sure: new Uint16Array(n),
    sureSeen: new Uint16Array(n),
    covered: new Float32Array(n),
    bestFactor: new Float32Array(n),
    touched: new Int32Array(n),
    touchedCount: 0,
    clear() {
      const { touched } = made;
      for (let k = 0; k < made.touchedCount; k++) {
        const d = touched[k]!;
        made.count[d] = 0;
        made.seen[d] = 0;
        made.best[d] = 0;
        made.strong[d] = 0;
        made.strongSeen[d] = 0;
        made.appHits[d] = 0;
        made.appSeen[d] = 0;
        made.tier[d] = 0;
        made.tierSeen[d] = 0;
        made.sure[d] = 0;
        made.sureSeen[d] = 0;
        made.covered[d] = 0;
        made.bestFactor[d] = 0;
      }
      made.touchedCount = 0;
    },
  };
  s = made;
  scratches.set(index, s);
  return s;
}

function scoreWords(index: WordIndex, words: QueryWord[], scratch: Scratch): WordResult {
  const n = index.size;
  const scores = new Float32Array(n);
  const { count, seen, best, strong, strongSeen, appHits, appSeen, tier, tierSeen, sure, sureSeen } = scratch;
  const { covered, bestFactor } = scratch;
  const { touched } = scratch;
  let touchedCount = 0;
  // A query word that is an app's whole name ("airtable", "typeform"; "google sheets" glued) asks for
  // that app: an item without it in its integrations or node types is a weaker answer (APP_MISS).
  const appWord = new Uint8Array(words.length);
  const expanded = words.map((w) => {
    const terms = expandWord(index, w);
    let total = 0;
    let direct = 0;
    let concept = 0;
    for (const [id, factor] of terms) {
      total += postingCount(index, id);
      if (factor === MATCH_KIND_FACTOR.concept) concept += postingCount(index, id);
      else if (factor !== MATCH_KIND_FACTOR.node) direct += postingCount(index, id);
    }
    // The word's own spellings set its weight; concept words only when the word itself is absent.
    const df = Math.min(n, direct > 0 ? direct : total);
    // A word no workflow holds ("bitcoin") is found only through its concepts: there a concept hit is
    // the best answer the word has and counts in full, or the request's other, generic words
    // ("track … prices") outrank the one that says what it is about. Not for a word of another
    // language: its concepts are its English word's, which must not all count as that word itself.
    const conceptWorth =
      direct === 0 && concept > 0 && englishOf(w.term) === undefined
        ? MATCH_KIND_FACTOR.exact
        : MATCH_KIND_FACTOR.concept;
    // A typo of a word that is an app's whole name ("deepl" → deep) is no sure hit (wordHitKinds).
    const exact = index.termId.get(w.term);
    const known = exact !== undefined && index.appTerm[exact] === 1;
    return { terms, total, idf: total === 0 ? 0 : Math.log(1 + n / df), conceptWorth, known };
  });
  const { postings, postingStart, maskWeight, appTerm } = index;
  let reaching = 0;
  let queryWeight = 0;
  for (let wi = 0; wi < expanded.length; wi++) {
    const { terms, total, idf, conceptWorth, known } = expanded[wi]!;
    if (total === 0) continue;
    reaching++;
    queryWeight += idf;
    const mark = wi + 1;
    for (const [id, signed] of terms) {
      // Negative: a prefix or typo hit, which counts only where the term is a word (not a join).
      const kind = Math.abs(signed);
      const need = signed >= 0 ? 0 : kind === MATCH_KIND_FACTOR.prefix ? AS_WORD : AS_SHORT_WORD;
      const factor = kind === MATCH_KIND_FACTOR.concept ? conceptWorth : kind;
      const isApp = appTerm[id] === 1 && kind >= MATCH_KIND_FACTOR.stem;
      if (isApp) appWord[wi] = 1;
      const counts = kind !== MATCH_KIND_FACTOR.node;
      const surely = counts && !(known && signed < 0 && kind !== MATCH_KIND_FACTOR.prefix);
      const strongKind = factor >= MATCH_KIND_FACTOR.prefix;
      const covers = idf * factor;
      for (let k = postingStart[id]!, end = postingStart[id + 1]!; k < end; k++) {
        const p = postings[k]!;
        if ((p & need) !== need) continue;
        const d = p >>> DOC_SHIFT;
        // One weight per query word, from everything it reaches: a rare variant spelling (a typo, a
        // synonym) must not outweigh the word itself.
        const s = maskWeight[p & FIELD_MASK]! * factor * idf;
        if (seen[d] !== mark) {
          seen[d] = mark;
          if (count[d] === 0) touched[touchedCount++] = d;
          count[d]!++;
          covered[d] = covered[d]! + covers;
          bestFactor[d] = factor;
          best[d] = s;
          scores[d] = scores[d]! + s;
        } else {
          if (s > best[d]!) {
            scores[d] = scores[d]! + s - best[d]!;
            best[d] = s;
          }
          if (factor > bestFactor[d]!) {
            covered[d] = covered[d]! + idf * (factor - bestFactor[d]!);
            bestFactor[d] = factor;
          }
        }
        if (isApp && p & APP_FIELDS && appSeen[d] !== mark) {
          appSeen[d] = mark;
          appHits[d]!++;
        }
        if (counts && tierSeen[d] !== mark) {
          tierSeen[d] = mark;
          tier[d]!++;
        }
        if (surely && sureSeen[d] !== mark) {
          sureSeen[d] = mark;
          sure[d]!++;
        }
        if (strongKind && p & STRONG_FIELDS && strongSeen[d] !== mark) {
          strongSeen[d] = mark;
          strong[d]!++;
        }
      }
    }
    scratch.touchedCount = touchedCount;
  }
  let apps = 0;
  for (let wi = 0; wi < words.length; wi++) apps += appWord[wi]!;
  let most = 0;
  let mostSure = 0;
  for (let k = 0; k < touchedCount; k++) {
    const d = touched[k]!;
    if (count[d]! > most) most = count[d]!;
    if (sure[d]! > mostSure) mostSure = sure[d]!;
  }
  const floor = shortQueryFloor(reaching, most, mostSure);
  // A short query keeps its complete matches; one completed only through a node's description
  // ("telegram weather": NASA's "space weather") goes when real complete matches exist.
  let realComplete = false;
  if (floor === reaching && reaching <= SHORT_FLOOR_WORDS)
    for (let k = 0; k < touchedCount && !realComplete; k++)
      if (tier[touched[k]!] === reaching) realComplete = true;
  // A short query with no complete match keeps, of its partial matches, those using the most of the
  // apps it names ("translate text with deepl": DeepL's, not every translator's).
  let appFloor = 0;
  if (apps > 0 && floor < reaching && reaching <= SHORT_FLOOR_WORDS)
    for (let k = 0; k < touchedCount; k++) {
      const d = touched[k]!;
      if (count[d]! >= floor && appHits[d]! > appFloor) appFloor = appHits[d]!;
    }
  let m = 0;
  for (let k = 0; k < touchedCount; k++) {
    const d = touched[k]!;
    if (count[d]! >= floor && (!realComplete || tier[d] === reaching) && appHits[d]! >= appFloor) m++;
  }
  const docs = new Int32Array(m);
  const all = new Uint8Array(n);
  m = 0;
  for (let k = 0; k < touchedCount; k++) {
    const d = touched[k]!;
    const c = count[d]!;
    if (c < floor || (realComplete && tier[d] !== reaching) || appHits[d]! < appFloor) continue;
    docs[m++] = d;
    if (c === words.length) all[d] = 1;
    scores[d] = scores[d]! * index.lengthNorm[d]! * APP_MISS ** (apps - appHits[d]!);
    // Completed only through typos of app names ("deepl" → deep of DeepSeek): no item is complete.
    if (c === reaching && tier[d] === reaching && reaching <= SHORT_QUERY_WORDS && mostSure === reaching) {
      // Every word in the title or the apps used: what the member most likely means.
      if (strong[d] === reaching) scores[d] = scores[d]! * STRONG_BONUS;
      scores[d] = scores[d]! + ALL_WORDS_TIER;
    } else if (queryWeight > 0) {
      // A longer request: ranked by the share of the query's weight it covers (squared, so more and
      // rarer words win), and by where the words are.
      const share = covered[d]! / queryWeight;
      if (strong[d]! >= 2) scores[d] = scores[d]! * STRONG_BONUS;
      scores[d] = scores[d]! * share * share;
    }
  }
  // Documents in document order (the postings reached them word by word).
  docs.sort();
  return { docs, scores, all };
}
