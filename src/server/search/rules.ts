import { matchesQuery, queryWords, STOP_WORDS } from '#shared/catalog/match-rules.ts';
import stopWordData from '#shared/catalog/search-stop-words.json' with { type: 'json' };
import { forEachTerm, stemOf, wordsOf } from '#shared/catalog/search-terms.ts';
import { conceptTermsOf, englishOf, inLanguageOf, nodeTermsOfWord } from './concepts.ts';
import { boundedDistance } from './edit-distance.ts';
import {
  MAX_NOTES_CHARS,
  REQUEST_FLOOR_WORDS,
  SEARCH_FIELDS,
  type SearchField,
  TYPO_ONE_FROM,
  TYPO_TWO_FROM,
} from './knobs.ts';

// The word rule of member search (issues 16 and 37, decision 0010): how a query becomes words with
// their concepts, what fields an item is read by, and which items match. Pure, so the index, the
// tests and the bench share one copy; the ranking knobs are in knobs.ts.

export {
  chipText,
  findV3000Match,
  highlightRanges,
  isAiAgent,
  isV3000Id,
  matchesChip,
  matchesQuery,
  PREFIX_QUERY_WORDS,
  queryWords,
  STOP_WORDS,
  v3000Id,
} from '#shared/catalog/match-rules.ts';

// ---- Word search (issue 16): the one rule the server index, the overlay and the tests share. ----

export {
  forEachTerm,
  forEachTermRegex,
  normalizeText,
  stemOf,
  termsOf,
  wordsOf,
} from '#shared/catalog/search-terms.ts';
export { conceptTermsOf } from './concepts.ts';

/**
 * A query word; `joins` are the word glued to its neighbours in the query ("mail chimp" → mailchimp,
 * "word press" → wordpress): a document holding the glued form has both words.
 */
export type QueryWord = {
  term: string;
  prefix: boolean;
  typos: number;
  joins: string[];
  /**
   * Catalogue words the term reaches through the concept tables, less the query's own words: in
   * "unread emails" the concept email of "unread" would count the word "emails" twice.
   */
  concepts: string[];
  /** Node types n8n's own descriptions name for the term ("sentiment" → googlecloudnaturallanguage). */
  nodes: string[];
};

/** Words members use for the same thing in workflow titles and notes; a hit counts as a stem hit. */
export const SYNONYMS: Record<string, string[]> = {
  notification: ['notify', 'alert', 'message'],
  notify: ['notification', 'alert', 'message'],
  alert: ['notification', 'notify'],
  submitted: ['submission', 'submit'],
  submit: ['submission', 'submitted'],
  submission: ['submit', 'submitted'],
  backup: ['back', 'export', 'save'],
  summarize: ['summarise', 'summary', 'summarizer', 'summarization'],
  summarise: ['summarize', 'summary'],
  twitter: ['tweet'],
  tweet: ['twitter'],
  gpt: ['openai', 'chatgpt'],
  chatgpt: ['openai', 'gpt'],
  mail: ['email'],
  sheet: ['sheets', 'spreadsheet'],
  spreadsheet: ['sheets', 'sheet'],
  chatbot: ['bot', 'chat'],
};

/** The synonyms of a query word: own entries only (a word such as `constructor` is not a key here). */
export function synonymsOf(term: string): string[] {
  return Object.hasOwn(SYNONYMS, term) ? SYNONYMS[term]! : [];
}

/** Typos forgiven in a word: one from 5 letters, two from 9 (knobs.ts). */
export function typoBudget(word: string): number {
  return word.length >= TYPO_TWO_FROM ? 2 : word.length >= TYPO_ONE_FROM ? 1 : 0;
}

/**
 * The words a query asks for: whitespace separates words, other punctuation glues ("e-mail" →
 * "email", "google-sheets" → "googlesheets"); stop words dropped (all of them kept when the query
 * has nothing else); the last word matches as a prefix while typing.
 */
/** Function words of German, Spanish, French and Portuguese (search-stop-words.json). */
const FOREIGN_FUNCTION_WORDS: ReadonlySet<string> = new Set(stopWordData.words);

export function parseQuery(q: string): QueryWord[] {
  const split = queryWords(q);
  const { raw } = split;
  // "resume un pdf con ia": a Spanish request summarises (concepts.ts, inLanguageOf).
  const meant = inLanguageOf(raw, FOREIGN_FUNCTION_WORDS, STOP_WORDS);
  const words = [...new Set(split.words.map(meant))];
  const prefix = split.prefix === undefined ? undefined : meant(split.prefix);
  const joins = new Map<string, string[]>();
  const join = (w: string, glued: string) => {
    const list = joins.get(w);
    if (!list) joins.set(w, [glued]);
    else if (!list.includes(glued)) list.push(glued);
  };
  for (let i = 0; i + 1 < raw.length; i++) {
    const a = raw[i]!;
    const b = raw[i + 1]!;
    if (STOP_WORDS.has(a) || STOP_WORDS.has(b) || a === b) continue;
    join(a, a + b);
    join(b, a + b);
  }
  // One word per meaning: "inteligencia artificial" asks for ai once, "ki ai" too.
  const meanings = new Set<string>();
  const unique = words.filter((w) => {
    const meaning = englishOf(w) ?? w;
    if (meanings.has(meaning)) return false;
    meanings.add(meaning);
    return true;
  });
  const own = new Set(unique.flatMap((w) => [w, stemOf(w)]));
  return unique.map((term) => ({
    term,
    prefix: term === prefix,
    typos: typoBudget(term),
    joins: joins.get(term) ?? [],
    concepts: conceptTermsOf(term).filter((t) => !own.has(t)),
    nodes: nodeTermsOfWord(term).filter((t) => !own.has(t)),
  }));
}

/** The fields word search reads, in one place (the card's summary field is whatever it is called). */
export type SearchDoc = {
  id: string;
  title: string;
  summary: string;
  description: string;
  integrations: string[];
  nodeTypes: string[];
  category: string;
  tags: string[];
  author: string;
  notes: string;
};

export {
  MATCH_KIND_FACTOR,
  MAX_NOTES_CHARS,
  REQUEST_FLOOR_WORDS,
  SEARCH_FIELDS,
  type SearchField,
} from './knobs.ts';

/** Calls `emit` for each index term of a document's field (see forEachTerm and SearchField.runs). */
export function forEachFieldTerm(
  doc: SearchDoc,
  field: SearchField,
  emit: (term: string, word: boolean) => void,
): void {
  const text = fieldText(doc, field.key);
  if ('runs' in field) for (const run of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) emit(run, true);
  else forEachTerm(text, field.short, emit);
}

export function fieldText(doc: SearchDoc, key: keyof SearchDoc): string {
  const v = doc[key];
  if (key === 'notes') return (v as string).slice(0, MAX_NOTES_CHARS);
  return Array.isArray(v) ? v.join('\n') : v;
}

/** How a term of the index answers a query word, or null. */
export function termMatch(word: QueryWord, term: string): 'exact' | 'prefix' | 'typo1' | 'typo2' | null {
  if (term === word.term) return 'exact';
  if (word.prefix && term.startsWith(word.term)) return 'prefix';
  if (word.typos === 0 || Math.abs(term.length - word.term.length) > word.typos) return null;
  const d = boundedDistance(word.term, term, word.typos);
  if (d > word.typos) return null;
  return d === 1 ? 'typo1' : 'typo2';
}

/**
 * Which query words match a term of some field of one item. Slow reference form (the index does the
 * same with postings); the full rule is "some word matches" OR the spec's substring rule.
 */
export function wordHits(q: string, doc: SearchDoc): boolean[] {
  return wordHitKinds(q, doc).map((k) => k > 0);
}

/**
 * Per query word: 3 when it matches the item surely, 2 when only through a typo of a word that is
 * an app's whole name (`known`, appNameWords: "deepl" reaching "deep" of DeepSeek), 1 when only through
 * n8n's words for a node (node-words.json: never a complete match), 0 when not at all.
 */
export function wordHitKinds(q: string, doc: SearchDoc, known: ReadonlySet<string> = new Set()): HitKind[] {
  const words = parseQuery(q);
  const fields = SEARCH_FIELDS.map((f) => {
    const terms = { ...f, words: [] as string[], joins: [] as string[] };
    forEachFieldTerm(doc, f, (t, word) => (word ? terms.words : terms.joins).push(t));
    return terms;
  });
  const exact = new Set(fields.flatMap((f) => [...f.words, ...f.joins]));
  const loose = new Set(fields.flatMap((f) => f.words));
  const typoVocab = shortWords(doc);
  return words.map((w) =>
    exact.has(w.term) ||
    exact.has(stemOf(w.term)) ||
    synonymsOf(w.term).some((alt) => exact.has(alt)) ||
    w.concepts.some((alt) => exact.has(alt)) ||
    w.joins.some((glued) => exact.has(glued)) ||
    (w.prefix && [...loose].some((t) => t.startsWith(w.term)))
      ? 3
      : w.typos > 0 && [...typoVocab].some((t) => termMatch(w, t) !== null)
        ? known.has(w.term)
          ? 2
          : 3
        : w.nodes.some((alt) => exact.has(alt))
          ? 1
          : 0,
  );
}

/** How a query word matches an item (wordHitKinds). */
export type HitKind = 0 | 1 | 2 | 3;

/** The words of an item's short fields: the typo vocabulary. */
function shortWords(doc: SearchDoc): Set<string> {
  const out = new Set<string>();
  for (const f of SEARCH_FIELDS) if (f.short) forEachFieldTerm(doc, f, (t, word) => word && out.add(t));
  return out;
}

/**
 * The index terms that are an integration's whole name, glued ("Google Sheets" → googlesheets), and for
 * a name with another in brackets each of them too: "X (Twitter)" is x and twitter, as members say it.
 */
export function appNameTerms(name: string): string[] {
  const whole = wordsOf(name).join('');
  const m = /^([^()]+)\(([^()]+)\)\s*$/.exec(name);
  if (!m) return [whole];
  return [whole, wordsOf(m[1]!).join(''), wordsOf(m[2]!).join('')].filter((t) => t !== '');
}

/**
 * The query's words that are an app's whole name (an integration of some item, glued: "deepl",
 * "googlesheets"): a member naming an app means that app, never a word one typo away from it.
 */
export function appNameWords(q: string, docs: SearchDoc[]): Set<string> {
  const apps = new Set(docs.flatMap((d) => d.integrations.flatMap(appNameTerms)));
  const terms = new Set<string>();
  for (const d of docs) for (const f of SEARCH_FIELDS) forEachFieldTerm(d, f, (t) => terms.add(t));
  return new Set(parseQuery(q).flatMap((w) => (apps.has(w.term) && terms.has(w.term) ? [w.term] : [])));
}

/** Every query word matches the item: these rank first (decision 0010). */
export function matchesWords(q: string, doc: SearchDoc): boolean {
  const hits = wordHits(q, doc);
  // Punctuation alone ("(", "%") has no words: only the substring rule answers it.
  if (hits.length === 0) return q.trim() === '';
  return hits.every(Boolean);
}

/** Some query word matches the item: a partial match, ranked by the words it covers (issue 37). */
export function matchesSomeWord(q: string, doc: SearchDoc): boolean {
  const hits = wordHits(q, doc);
  if (hits.length === 0) return q.trim() === '';
  return hits.some(Boolean);
}

/**
 * How many query words a partial match needs, given how many words reach the catalogue and the most
 * any item matches: a short query (up to three words, "hubspot mailchimp") keeps its complete matches
 * only, a longer request two of its words; never more than the best item has, so a query
 * returns nothing only when no word matches anything.
 */
export function partialFloor(reaching: number, best: number): number {
  return Math.max(1, Math.min(best, reaching <= SHORT_FLOOR_WORDS ? reaching : REQUEST_FLOOR_WORDS));
}

/** Up to this many words, a query keeps only its complete matches (when it has any). */
export const SHORT_FLOOR_WORDS = 3;

/** The word rule over a collection (reference form of the index): which items it keeps. */
export function matchesWordsIn(q: string, docs: SearchDoc[]): boolean[] {
  if (parseQuery(q).length === 0) return docs.map(() => q.trim() === '');
  const known = appNameWords(q, docs);
  const hits = docs.map((d) => wordHitKinds(q, d, known));
  const reaching = hits[0]?.filter((_, wi) => hits.some((h) => h[wi])).length ?? 0;
  const counts = hits.map((h) => h.filter(Boolean).length);
  const real = hits.map((h) => h.filter((k) => k >= 2).length);
  const sure = hits.map((h) => h.filter((k) => k === 3).length);
  const floor = shortQueryFloor(reaching, Math.max(0, ...counts), Math.max(0, ...sure));
  // Real complete matches of a short query push out the ones only a node's description completes.
  const realComplete = floor === reaching && reaching <= SHORT_FLOOR_WORDS && real.includes(reaching);
  const kept = counts.map((c, i) => c > 0 && c >= floor && (!realComplete || real[i] === reaching));
  // With no complete match, a short query keeps the partial matches using the most apps it names.
  if (floor >= reaching || reaching > SHORT_FLOOR_WORDS) return kept;
  const apps = appsUsed(q, docs);
  const most = Math.max(0, ...apps.filter((_, i) => kept[i]));
  return kept.map((k, i) => k && apps[i]! >= most);
}

/**
 * Per item, how many of the query's words name an app that the item has in its integrations or node
 * types: an app's whole name among the terms a word reaches as itself, a stem, a synonym, a glued pair
 * or its English word, or, for a word the catalogue lacks, by a typo ("linkdin" → linkedin) where the
 * item holds that name as a word of a short field (a typo's condition).
 */
export function appsUsed(q: string, docs: SearchDoc[]): number[] {
  const names = new Set(docs.flatMap((d) => d.integrations.flatMap(appNameTerms)));
  const terms = new Set<string>();
  for (const d of docs) for (const f of SEARCH_FIELDS) forEachFieldTerm(d, f, (t) => terms.add(t));
  const vocab = new Set(docs.flatMap((d) => [...shortWords(d)]));
  const reach = parseQuery(q).map((w) => {
    const english = englishOf(w.term);
    const own = [w.term, stemOf(w.term), ...synonymsOf(w.term), ...w.joins, ...(english ? [english] : [])];
    const direct = own.filter((t) => names.has(t) && terms.has(t));
    const exactWord = { ...w, prefix: false };
    const typos = terms.has(w.term)
      ? []
      : [...vocab].filter(
          (t) =>
            names.has(t) &&
            !own.includes(t) &&
            !w.concepts.includes(t) &&
            !w.nodes.includes(t) &&
            !(w.prefix && t.startsWith(w.term)) &&
            termMatch(exactWord, t) !== null,
        );
    return { direct, typos };
  });
  return docs.map((d) => {
    const held = new Set<string>();
    for (const f of SEARCH_FIELDS) if ('app' in f) forEachFieldTerm(d, f, (t) => held.add(t));
    const short = shortWords(d);
    return reach.filter(
      (r) => r.direct.some((t) => held.has(t)) || r.typos.some((t) => held.has(t) && short.has(t)),
    ).length;
  });
}

/**
 * partialFloor, but a short query whose complete matches are all completed through a typo of an
 * app's name ("translate text with deepl": DeepSeek items reach "deepl" as "deep") keeps what its best
 * sure match has: the DeepL template that lacks "text" is the answer.
 */
export function shortQueryFloor(reaching: number, best: number, bestSure: number): number {
  const floor = partialFloor(reaching, best);
  return floor === reaching && reaching <= SHORT_FLOOR_WORDS && bestSure < reaching
    ? partialFloor(reaching, bestSure)
    : floor;
}

/** The member search rule: the spec's substring rule, widened by the word rule. */
export function matchesSearch(q: string, doc: SearchDoc): boolean {
  return matchesQuery(q, doc) || matchesSomeWord(q, doc);
}
