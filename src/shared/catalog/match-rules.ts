import { slugify } from './classify.ts';
import stopWordData from './search-stop-words.json' with { type: 'json' };
import { normalizeText, stemOf } from './search-terms.ts';

// The search rules the web app shares with the server (spec part 2 §5): chips, the spec's substring
// rule, the AI-agent filter, "3000" ids, and how a query splits into words (for highlighting). The
// word index, concepts and ranking are server-only: src/server/search/ (decision 0010).

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

/** Words that never decide a miss: a query keeps working when a member writes a sentence. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  ...(
    'a an and are as at be by for from how i in into is it my of on or so that the their then this to ' +
    'when where which while who will with without your you me we our us via using use based ' +
    'can could would should them they its some any what whenever someone somebody am was were been ' +
    'has have had do does did want need please just also automatically'
  ).split(' '),
  // German, Spanish, French and Portuguese function words ("der", "para", "les", "com").
  ...stopWordData.words,
]);

/** Queries of up to this many words treat their last word as a prefix. */
export const PREFIX_QUERY_WORDS = 3;

/**
 * How a query splits into words: whitespace separates words, other punctuation glues ("e-mail" →
 * "email", "google-sheets" → "googlesheets"); stop words dropped (all of them kept when the query has
 * nothing else), at most 32, each once. `prefix` is the word being typed: the last one (from two
 * letters; a dropped stop word does not count), only in a short query — in a request the last word
 * is a whole word ("… search the web" must not reach every webhook).
 */
export function queryWords(q: string): { raw: string[]; words: string[]; prefix: string | undefined } {
  const raw = normalizeText(q)
    .split(/\s+/)
    .map((w) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).join(''))
    .filter(Boolean);
  const kept = raw.filter((w) => !STOP_WORDS.has(w));
  const words = [...new Set((kept.length > 0 ? kept : raw).slice(0, 32))];
  const last = raw[raw.length - 1];
  const prefix =
    last !== undefined && last.length >= 2 && words.includes(last) && words.length <= PREFIX_QUERY_WORDS
      ? last
      : undefined;
  return { raw, words, prefix };
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
  const split = queryWords(q);
  const words = split.words.map((term) => ({ term, prefix: term === split.prefix }));
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
