import { slugify } from './classify.ts';
import { boundedDistance } from './edit-distance.ts';
import { conceptTermsOf, englishOf, LANGUAGE_STOP_WORDS, nodeTermsOfWord } from './search-concepts.ts';
import { forEachTerm, normalizeText, stemOf } from './search-terms.ts';

// Search, chip and AI-agent rules (spec part 2 §5), pure so the server index and tests share them.

/**
 * Text normalised for chip matching: lowercase, "&" dropped, hyphens and underscores as spaces,
 * whitespace collapsed. The spec turns the chip's hyphens into spaces; doing the same to the fields
 * lets the chip "ai-memory-rag" match the category "AI Memory & RAG" and the tag "ai-memory-rag".
 */
export function chipText(text: string): string {
  return text.toLowerCase().replace(/&/g, ' ').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A chip matches when its name appears in the category, a tag, the title or the description. */
export function matchesChip(
  chip: string,
  item: { category: string; tags: string[]; title: string; description: string },
): boolean {
  const needle = chipText(chip);
  if (!needle) return true;
  return chipText([item.category, ...item.tags, item.title, item.description].join('\n')).includes(needle);
}

/** Case-insensitive substring over title, description, author, tags and id. */
export function matchesQuery(
  q: string,
  item: { id: string; title: string; description: string; author: string; tags: string[] },
): boolean {
  const needle = q.trim().toLowerCase();
  if (!needle) return true;
  return [item.title, item.description, item.author, ...item.tags, item.id].some((f) =>
    f.toLowerCase().includes(needle),
  );
}

// ---- Word search (issue 16): the one rule the server index, the overlay and the tests share. ----

/** Words that never decide a miss: a query keeps working when a member writes a sentence. */
export const STOP_WORDS = new Set([
  ...(
    'a an and are as at be by for from how i in into is it my of on or so that the their then this to ' +
    'when where which while who will with without your you me we our us via using use based ' +
    'can could would should them they its some any what whenever someone somebody am was were been ' +
    'has have had do does did want need please just also automatically'
  ).split(' '),
  ...LANGUAGE_STOP_WORDS,
]);

/** Sticky notes are indexed up to this many characters (they can run to pages). */
export const MAX_NOTES_CHARS = 1_500;

export { conceptTermsOf } from './search-concepts.ts';
export {
  forEachTerm,
  forEachTermRegex,
  normalizeText,
  stemOf,
  termsOf,
  wordsOf,
} from './search-terms.ts';

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

/** Typos forgiven in a word: one from 5 letters, two from 9. */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/** Queries of up to this many words treat their last word as a prefix. */
export const PREFIX_QUERY_WORDS = 3;

/**
 * The words a query asks for: whitespace separates words, other punctuation glues ("e-mail" →
 * "email", "google-sheets" → "googlesheets"); stop words dropped (all of them kept when the query
 * has nothing else); the last word matches as a prefix while typing.
 */
export function parseQuery(q: string): QueryWord[] {
  const raw = normalizeText(q)
    .split(/\s+/)
    .map((w) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).join(''))
    .filter(Boolean);
  const kept = raw.filter((w) => !STOP_WORDS.has(w));
  const words = (kept.length > 0 ? kept : raw).slice(0, 32);
  const lastRaw = raw[raw.length - 1];
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
  const unique = [...new Set(words)].filter((w) => {
    const meaning = englishOf(w) ?? w;
    if (meanings.has(meaning)) return false;
    meanings.add(meaning);
    return true;
  });
  const own = new Set(unique.flatMap((w) => [w, stemOf(w)]));
  return unique.map((term) => ({
    term,
    // Only the word being typed is a prefix (from two letters; a dropped stop word does not count),
    // and only in a short query: in a request the last word is a whole word ("… search the web"
    // must not reach every webhook).
    prefix: term === lastRaw && term.length >= 2 && unique.length <= PREFIX_QUERY_WORDS,
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

/**
 * Field order and weights for relevance: title > integrations > summary > tags > notes. `short` fields
 * join neighbouring words and feed the typo vocabulary. `runs`: the field is indexed as its lowercase
 * letter-digit runs only, exactly what the spec's substring rule reads of it. Ids are unique, so their
 * glued and joined forms were terms of one item each (a third of all terms at the reference corpus,
 * three quarters at 50,000 items) that only made the index slower to build and search; their words
 * are the title's, and a pasted id is found by the substring rule.
 */
export const SEARCH_FIELDS = [
  { key: 'title', weight: 10, short: true },
  { key: 'integrations', weight: 8, short: true },
  { key: 'nodeTypes', weight: 6, short: true },
  { key: 'summary', weight: 5, short: true },
  { key: 'description', weight: 4, short: false },
  { key: 'tags', weight: 3, short: true },
  { key: 'category', weight: 2, short: true },
  { key: 'author', weight: 2, short: true },
  { key: 'id', weight: 1, short: true, runs: true },
  { key: 'notes', weight: 1, short: false },
] as const satisfies readonly { key: keyof SearchDoc; weight: number; short: boolean; runs?: true }[];

export type SearchField = (typeof SEARCH_FIELDS)[number];

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

/** Match kinds, best first, and what each is worth against an exact hit. */
export const MATCH_KIND_FACTOR = {
  exact: 1,
  stem: 0.9,
  prefix: 0.7,
  /** Through the concept or language table (search-concepts.ts): the member's word is not there. */
  concept: 0.5,
  /**
   * Through n8n's own words for a node (search-node-words.json): weaker, a node does many things
   * ("transcribe" reaches every OpenAI node) and never lifts an item into the complete matches.
   */
  node: 0.3,
  typo1: 0.2,
  typo2: 0.12,
} as const;

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
  const words = parseQuery(q);
  const fields = SEARCH_FIELDS.map((f) => {
    const terms = { ...f, words: [] as string[], joins: [] as string[] };
    forEachFieldTerm(doc, f, (t, word) => (word ? terms.words : terms.joins).push(t));
    return terms;
  });
  const exact = new Set(fields.flatMap((f) => [...f.words, ...f.joins]));
  const loose = new Set(fields.flatMap((f) => f.words));
  const typoVocab = new Set(fields.filter((f) => f.short).flatMap((f) => f.words));
  return words.map(
    (w) =>
      exact.has(w.term) ||
      exact.has(stemOf(w.term)) ||
      synonymsOf(w.term).some((alt) => exact.has(alt)) ||
      w.concepts.some((alt) => exact.has(alt)) ||
      w.nodes.some((alt) => exact.has(alt)) ||
      w.joins.some((glued) => exact.has(glued)) ||
      (w.prefix && [...loose].some((t) => t.startsWith(w.term))) ||
      (w.typos > 0 && [...typoVocab].some((t) => termMatch(w, t) !== null)),
  );
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
 * Words a partial match of a longer request needs: two ("calendly" and "notion" of "when someone books
 * a calendly meeting add them to notion"); which of them matter is the ranking's job (rare words weigh
 * more), not the floor's.
 */
export const REQUEST_FLOOR_WORDS = 2;

/**
 * How many query words a partial match needs, given how many words reach the catalogue and the most
 * any item matches: a short query (up to three words, "hubspot mailchimp") keeps its complete matches
 * only, a longer request two of its words; never more than the best item has, so a query
 * returns nothing only when no word matches anything.
 */
export function partialFloor(reaching: number, best: number): number {
  return Math.max(1, Math.min(best, reaching <= 3 ? reaching : REQUEST_FLOOR_WORDS));
}

/** The word rule over a collection (reference form of the index): which items it keeps. */
export function matchesWordsIn(q: string, docs: SearchDoc[]): boolean[] {
  if (parseQuery(q).length === 0) return docs.map(() => q.trim() === '');
  const hits = docs.map((d) => wordHits(q, d));
  const reaching = hits[0]?.filter((_, wi) => hits.some((h) => h[wi])).length ?? 0;
  const counts = hits.map((h) => h.filter(Boolean).length);
  const floor = partialFloor(reaching, Math.max(0, ...counts));
  return counts.map((c) => c > 0 && c >= floor);
}

/** The member search rule: the spec's substring rule, widened by the word rule. */
export function matchesSearch(q: string, doc: SearchDoc): boolean {
  return matchesQuery(q, doc) || matchesSomeWord(q, doc);
}

const AI_AGENT_KEYWORDS = [
  'ai agent',
  'openai',
  'gpt',
  'chatbot',
  'assistant',
  'conversation',
  'chat',
  'bot',
  'llm',
  'artificial intelligence',
  'machine learning',
];
const AI_AGENT_REGEX = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${AI_AGENT_KEYWORDS.map((k) => k.replace(/ /g, '\\s+')).join('|')})`,
  'iu',
);
const AI_CATEGORIES = new Set(['AI & Automation', 'AI Memory & RAG']);

/**
 * The AI-agent filter: a keyword at the start of a word in the title, description or tags ("chat"
 * matches "chatgpt", "bot" does not match "robot"), or an AI category.
 */
export function isAiAgent(item: {
  title: string;
  description: string;
  tags: string[];
  category: string;
}): boolean {
  if (AI_CATEGORIES.has(item.category)) return true;
  return AI_AGENT_REGEX.test(`${item.title}\n${item.description}\n${item.tags.join(' ')}`);
}

/** Id of a "3000" row: "v3000-" plus the lowercased name with spaces turned into hyphens. */
export function v3000Id(name: string): string {
  return `v3000-${name.trim().toLowerCase().replace(/\s+/g, '-')}`;
}

export function isV3000Id(id: string): boolean {
  return id.startsWith('v3000-');
}

/**
 * Finds the "3000" row an id names when no row has that exact id (an old link, a renamed row): the
 * spec reads that table by a name pattern. Exact id form first, then the name as a substring.
 */
export function findV3000Match<T extends { title: string }>(id: string, rows: T[]): T | undefined {
  if (!isV3000Id(id)) return undefined;
  const wanted = id.slice('v3000-'.length).toLowerCase();
  const exact = rows.find((r) => v3000Id(r.title) === `v3000-${wanted}`);
  if (exact) return exact;
  const words = wanted.replace(/-+/g, ' ').trim();
  if (!words) return undefined;
  return (
    rows.find((r) => r.title.toLowerCase().includes(words)) ??
    rows.find((r) => slugify(r.title) === slugify(words))
  );
}

/**
 * Where a text shows the query's words, for highlighting: [start, end) ranges of the text's own
 * words that equal a query word, share its stem, or start with it (the query's last word, while
 * typing). Case and diacritics ignored, as in matching.
 */
export function highlightRanges(text: string, q: string): [number, number][] {
  const words = parseQuery(q);
  if (words.length === 0) return [];
  const out: [number, number][] = [];
  const hits = (w: string) =>
    words.some(
      (q) =>
        w === q.term ||
        (w.length >= 5 && stemOf(w) === stemOf(q.term)) ||
        (q.prefix && w.startsWith(q.term)) ||
        (q.term.length >= 4 && w.startsWith(q.term) && w.length - q.term.length <= 3),
    );
  // Hyphenated words whole ("E-mails"): the glued form or any part may match.
  for (const m of text.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
    const parts = normalizeText(m[0]).split('-');
    const hit = hits(parts.join('')) || (parts.length > 1 && parts.some(hits));
    if (hit) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}
