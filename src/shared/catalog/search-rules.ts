import { slugify } from './classify.ts';

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
