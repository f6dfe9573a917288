import { ADVANCED_WORDS, BEGINNER_WORDS, CATEGORY_KEYWORDS, KEYWORD_TAG_WORDS } from './classify-keywords.ts';
import { CATEGORIES, type Category, type Difficulty, MAX_TAGS } from './constants.ts';
import { humanizeIdentifier } from './integrations.ts';
import { shortType } from './workflow-types.ts';

// Keyword rules for category, difficulty and tags. Keywords match whole words (an optional plural
// "s" allowed), case-insensitively, so "ai" does not match "mail" and "rag" does not match "storage".
// Text and keywords are reduced to space-separated words once, then matched with plain `includes`.

/** Text the rules read. Title and integrations weigh more than the (often long) description. */
export type ClassifyInput = { title: string; description: string; integrations: string[] };

/** Text as padded words (" ai agent for gmail ") for phrases, plus a word set for single words. */
type Words = { padded: string; set: Set<string> };
function wordText(text: string): Words {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9\u00c0-\uffff]+/g, ' ')
    .trim();
  return { padded: ` ${words} `, set: new Set(words.split(' ')) };
}

/**
 * A keyword list prepared for whole-word matching (an optional plural "s" allowed), every form built
 * once: building `${k}s` per keyword per call was a fifth of deriving a workflow at import.
 */
type Keywords = {
  single: string[];
  plural: string[];
  phrase: string[];
  phrasePlural: string[];
  /** A phrase's first word: without it in the text, the phrase cannot be there (no scan of the text). */
  phraseFirst: string[];
};
function keywords(list: readonly string[]): Keywords {
  const all = [...new Set(list.map((k) => wordText(k).padded.trim()).filter(Boolean))];
  const single = all.filter((k) => !k.includes(' '));
  const phrases = all.filter((k) => k.includes(' '));
  return {
    single,
    plural: single.map((k) => `${k}s`),
    phrase: phrases.map((k) => ` ${k} `),
    phrasePlural: phrases.map((k) => ` ${k}s `),
    phraseFirst: phrases.map((k) => k.slice(0, k.indexOf(' '))),
  };
}

function distinctHits(kw: Keywords, words: Words): number {
  let hits = 0;
  for (let i = 0; i < kw.single.length; i++)
    if (words.set.has(kw.single[i]!) || words.set.has(kw.plural[i]!)) hits++;
  for (let i = 0; i < kw.phrase.length; i++) {
    if (!words.set.has(kw.phraseFirst[i]!)) continue;
    if (words.padded.includes(kw.phrase[i]!) || words.padded.includes(kw.phrasePlural[i]!)) hits++;
  }
  return hits;
}

const CATEGORY_NAMES = new Map(
  CATEGORIES.map((c) => [c, ` ${wordText(c.replace('&', 'and')).padded.trim()} `] as const),
);
const NAMED_CATEGORY_WEIGHT = 6;

const CATEGORY_WORDS = new Map(CATEGORIES.map((c) => [c, keywords(CATEGORY_KEYWORDS[c])] as const));

/**
 * The category with the most distinct keyword hits (title and integrations count twice); ties go to
 * the earlier category in the spec's list; no hit at all gives "General Automation".
 */
export function deriveCategory(input: ClassifyInput): Category {
  const strong = wordText(`${input.title}\n${input.integrations.join('\n')}`);
  const weak = wordText(input.description);
  let best: Category = 'General Automation';
  let bestScore = 0;
  for (const category of CATEGORIES) {
    const kw = CATEGORY_WORDS.get(category)!;
    // Naming a category outright ("a simple general automation that…") is the strongest signal.
    const named = CATEGORY_NAMES.get(category)!;
    const explicit = strong.padded.includes(named) || weak.padded.includes(named) ? NAMED_CATEGORY_WEIGHT : 0;
    const score = explicit + 2 * distinctHits(kw, strong) + distinctHits(kw, weak);
    if (score > bestScore) {
      best = category;
      bestScore = score;
    }
  }
  return best;
}

const ADVANCED = keywords(ADVANCED_WORDS);
const BEGINNER = keywords(BEGINNER_WORDS);

/**
 * Difficulty by keywords in the title and description. When no keyword or both kinds match, the node
 * count decides: up to 4 nodes Beginner, 15 or more Advanced, otherwise Intermediate (the default).
 */
export function deriveDifficulty(input: {
  title: string;
  description: string;
  nodeCount: number;
}): Difficulty {
  const text = wordText(`${input.title}\n${input.description}`);
  const advanced = distinctHits(ADVANCED, text) > 0;
  const beginner = distinctHits(BEGINNER, text) > 0;
  if (advanced && !beginner) return 'Advanced';
  if (beginner && !advanced) return 'Beginner';
  if (input.nodeCount <= 4) return 'Beginner';
  if (input.nodeCount >= 15) return 'Advanced';
  return 'Intermediate';
}

/** "AI Memory & RAG" → "ai-memory-rag" (the spec's filter-tag form). */
export function categorySlug(category: string): string {
  return slugify(category);
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Keyword filter tags (the spec's non-category chips) and what earns them. */
const KEYWORD_TAGS = KEYWORD_TAG_WORDS.map(([tag, words]) => [tag, keywords(words)] as const);

/**
 * Up to 8 tags: the category's filter tag, the keyword filter tags that apply, then the integrations
 * as slugs. Every one of the spec's 15 filter tags can be reached this way.
 */
export function deriveTags(input: ClassifyInput & { category: string; nodeTypes?: string[] }): string[] {
  // Node types count too: an agent node earns "agent", a split-in-batches node "parallel".
  const types = (input.nodeTypes ?? []).map((t) => humanizeIdentifier(shortType(t)));
  const text = wordText(
    `${input.title}\n${input.description}\n${input.integrations.join('\n')}\n${types.join('\n')}`,
  );
  const tags = [categorySlug(input.category)];
  for (const [tag, kw] of KEYWORD_TAGS) if (distinctHits(kw, text) > 0) tags.push(tag);
  for (const integration of input.integrations) tags.push(slugify(integration));
  return [...new Set(tags.filter(Boolean))].slice(0, MAX_TAGS);
}
