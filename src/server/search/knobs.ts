import type { SearchDoc } from './rules.ts';

// Every ranking knob of member search in one place (decision 0010): field weights, what each kind of
// match is worth, the bonuses and floors, and the weights of related templates. The rules (rules.ts),
// the index (engine.ts), the query layer (query.ts) and related templates (related.ts) read them here.

/**
 * Field order and weights for relevance: title > integrations > summary > tags > notes. `strong`
 * fields name what a workflow is (a query all found there is what the member most likely means); `app`
 * fields are where an app the query names must show (APP_MISS). `short` fields
 * join neighbouring words and feed the typo vocabulary. `runs`: the field is indexed as its lowercase
 * letter-digit runs only, exactly what the spec's substring rule reads of it. Ids are unique, so their
 * glued and joined forms were terms of one item each (a third of all terms at the reference corpus,
 * three quarters at 50,000 items) that only made the index slower to build and search; their words
 * are the title's, and a pasted id is found by the substring rule.
 */
export const SEARCH_FIELDS = [
  { key: 'title', weight: 10, short: true, strong: true },
  { key: 'integrations', weight: 8, short: true, strong: true, app: true },
  { key: 'nodeTypes', weight: 6, short: true, strong: true, app: true },
  { key: 'summary', weight: 5, short: true },
  { key: 'description', weight: 4, short: false },
  { key: 'tags', weight: 3, short: true },
  { key: 'category', weight: 2, short: true },
  { key: 'author', weight: 2, short: true },
  { key: 'id', weight: 1, short: true, runs: true },
  { key: 'notes', weight: 1, short: false },
] as const satisfies readonly {
  key: keyof SearchDoc;
  weight: number;
  short: boolean;
  strong?: true;
  app?: true;
  runs?: true;
}[];

export type SearchField = (typeof SEARCH_FIELDS)[number];

/** Sticky notes are indexed up to this many characters (they can run to pages). */
export const MAX_NOTES_CHARS = 1_500;

/** Match kinds, best first, and what each is worth against an exact hit. */
export const MATCH_KIND_FACTOR = {
  exact: 1,
  stem: 0.9,
  prefix: 0.7,
  /** Through the concept or language table (concepts.ts): the member's word is not there. */
  concept: 0.5,
  /**
   * Through n8n's own words for a node (node-words.json): weaker, a node does many things
   * ("transcribe" reaches every OpenAI node) and never lifts an item into the complete matches.
   */
  node: 0.3,
  typo1: 0.2,
  typo2: 0.12,
} as const;

/** Typos forgiven: one from this many letters… */
export const TYPO_ONE_FROM = 5;
/** …and two from this many. */
export const TYPO_TWO_FROM = 9;

/**
 * Words a partial match of a longer request needs: two ("calendly" and "notion" of "when someone books
 * a calendly meeting add them to notion"); which of them matter is the ranking's job (rare words weigh
 * more), not the floor's.
 */
export const REQUEST_FLOOR_WORDS = 2;

/** Up to this many words, a query's complete matches come first (a request is ranked by coverage). */
export const SHORT_QUERY_WORDS = 4;

/** Every word of a short query in a strong field, or two of a request's: × this. */
export const STRONG_BONUS = 1.5;

/**
 * Score kept per app the query names (a word that is an integration's whole name: "airtable",
 * "typeform") that an item does not use: "when a typeform is submitted add it to airtable" wants
 * Airtable, not the Google Sheets variant.
 */
export const APP_MISS = 0.35;

/** BM25's b: how much a document's length (its distinct terms against the mean) scales its score. */
export const LENGTH_B = 0.3;

/**
 * Lifts documents matching every query word that reaches the index above any partial match: scores
 * stay below this (32 words × weight 10 × idf < 12 × bonus 1.5 ≈ 5,800).
 */
export const ALL_WORDS_TIER = 100_000;

/** Items only the spec's substring rule finds rank after every word match. */
export const SUBSTRING_ONLY_SCORE = 1e-3;

/** Related templates: beside shared node types (log N/df each), the same trigger kind adds this… */
export const RELATED_SAME_TRIGGER = 1;
/** …and each shared title word this. */
export const RELATED_TITLE_WORD = 0.5;
