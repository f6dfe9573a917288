import type { Activity, CardRow, IndexRow } from '#server/catalog/catalog.queries.ts';
import { CATEGORIES, FILTER_TAGS, type SearchSort } from '#shared/catalog/constants.ts';
import { readinessLevelOf } from '#shared/catalog/readiness.ts';
import { videoThumbnails } from '#shared/catalog/video.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { buildWordIndex, type WordIndex } from './engine.ts';
import { chipText, isAiAgent, type SearchDoc } from './rules.ts';

// What a search index snapshot is made of: one entry per published automation, the word index and
// the precomputed orders. Pure: rows in, snapshot parts out.

export type IndexEntry = {
  card: AutomationCard;
  /**
   * The card as served (JSON, UTF-8): bytes `cardStart` up to `cardEnd` of `cardBytes`, one buffer for
   * the whole snapshot (`packCards`), which API answers copy from (catalog.routes.ts). A string and a
   * Buffer per card held the card twice, and 2,045 small buffers beside it.
   */
  cardBytes: Buffer;
  cardStart: number;
  cardEnd: number;
  /** chipText of category, tags, title and description, for chips outside the 15 filter tags. */
  chipHaystack: string;
  /** Bit i set when FILTER_TAGS[i] matches. */
  chipMask: number;
  categoryIndex: number;
  /** Positions of the card's integrations in the snapshot's integration list. */
  integrationIds: Int32Array;
  aiAgent: boolean;
  createdAtMs: number;
  /** Position in its import: equal dates keep the source's own order (later = newer). */
  sourceOrder: number;
  popularity: number;
  /** Variant group number (entries with the same node types and wiring), -1 when alone. */
  group: number;
  /** The workflow's node types (related templates compare graphs by them). */
  nodeTypes: readonly string[];
};

/** The member sorts (videos first) plus plain orders for related and trending lists. */
export type IndexOrder = Exclude<SearchSort, 'relevance'> | 'latest' | 'trending';

/**
 * The mean of members' ratings, or null without any: a figure imported from the source (sourceRating)
 * is not shown next to "0 ratings" (issue 20: it read as an invented figure).
 */
function ratingOf(activity: Activity | undefined): number | null {
  if (activity && activity.ratingCount > 0)
    return Math.round((activity.ratingSum / activity.ratingCount) * 10) / 10;
  return null;
}

export function toCard(row: CardRow, activity: Activity | undefined, variants = 1): AutomationCard {
  const thumbs = videoThumbnails(row.videoUrl);
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    category: row.category,
    difficulty: row.difficulty as AutomationCard['difficulty'],
    tags: row.tags,
    integrations: row.integrations,
    author: row.author,
    source: row.source,
    rating: ratingOf(activity),
    ratingCount: activity?.ratingCount ?? 0,
    runs: activity?.runs ?? 0,
    createdAt: row.createdAt.toISOString(),
    hasVideo: thumbs !== null,
    thumbnailUrl: thumbs?.default ?? null,
    hasTemplate: !!row.templateUrl,
    hasResources: !!row.resourceUrl,
    deployable: row.deployable,
    readiness: readinessLevelOf(row.deployable, row.quality),
    nodeCount: row.nodeCount,
    ...(variants > 1 ? { variants } : {}),
  };
}

/** The fields word search reads, from a stored row (one place for the field list). */
export function searchDocOf(row: IndexRow): SearchDoc {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    description: row.description,
    integrations: row.integrations,
    nodeTypes: row.nodeTypes,
    category: row.category,
    tags: row.tags,
    author: row.author,
    notes: row.notes,
  };
}

export type Built = {
  entries: IndexEntry[];
  words: WordIndex;
  /** Every integration, most used first; entries refer to it by position. */
  integrations: string[];
  /** Members of each variant group, by entry position. */
  groups: number[][];
};

const NO_BYTES = Buffer.alloc(0);

export function buildEntries(rows: IndexRow[], activity: Map<string, Activity>): Built {
  const filterTagTexts = FILTER_TAGS.map(chipText);
  const usage = new Map<string, number>();
  for (const r of rows) for (const i of r.integrations) usage.set(i, (usage.get(i) ?? 0) + 1);
  const integrations = [...usage.keys()].sort((a, b) => usage.get(b)! - usage.get(a)! || (a < b ? -1 : 1));
  const integrationId = new Map(integrations.map((name, i) => [name, i]));
  // Variant groups: rows sharing a structure hash, in id order (rows come sorted by id).
  const byHash = new Map<string, number[]>();
  rows.forEach((r, i) => {
    if (!r.structureHash) return;
    const list = byHash.get(r.structureHash);
    if (list) list.push(i);
    else byHash.set(r.structureHash, [i]);
  });
  const groups = [...byHash.values()].filter((g) => g.length > 1);
  const groupOf = new Int32Array(rows.length).fill(-1);
  groups.forEach((g, n) => {
    for (const i of g) groupOf[i] = n;
  });
  const entries = rows.map((row, i): IndexEntry => {
    const a = activity.get(row.id);
    const group = groupOf[i]!;
    const card = toCard(row, a, group >= 0 ? groups[group]!.length : 1);
    const chipHaystack = chipText([row.category, ...row.tags, row.title, row.description].join('\n'));
    let chipMask = 0;
    filterTagTexts.forEach((t, b) => {
      if (chipHaystack.includes(t)) chipMask |= 1 << b;
    });
    return {
      nodeTypes: row.nodeTypes ?? [],
      card,
      cardBytes: NO_BYTES,
      cardStart: 0,
      cardEnd: 0,
      chipHaystack,
      chipMask,
      categoryIndex: CATEGORIES.indexOf(row.category as (typeof CATEGORIES)[number]),
      integrationIds: Int32Array.from(row.integrations.map((n) => integrationId.get(n)!)),
      aiAgent: isAiAgent({
        title: row.title,
        description: row.description,
        tags: row.tags,
        category: row.category,
      }),
      createdAtMs: row.createdAt.getTime(),
      sourceOrder: row.sourceOrder,
      popularity: (a?.runs ?? 0) * 1000 + (a?.events ?? 0),
      group,
    };
  });
  return { entries, words: buildWordIndex(rows.map(searchDocOf)), integrations, groups };
}

/**
 * Writes every card's JSON (`json[i]` is entry i's) into one buffer and points each entry at its
 * bytes. Called once the cards are final (badges on), before the snapshot is served.
 */
export function packCards(entries: IndexEntry[], json: string[]): void {
  let size = 0;
  for (const text of json) size += Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  entries.forEach((e, i) => {
    e.cardBytes = bytes;
    e.cardStart = at;
    at += bytes.write(json[i]!, at);
    e.cardEnd = at;
  });
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export function buildOrders(entries: IndexEntry[]): Record<IndexOrder, Int32Array> {
  const base = entries.map((_, i) => i);
  const video = (i: number) => (entries[i]!.card.hasVideo ? 0 : 1);
  // An item without a workflow is a guide: never first in any order (decision 0023).
  const guide = (i: number) => (entries[i]!.card.readiness === 'guide' ? 1 : 0);
  const byTitle = (a: number, b: number) =>
    collator.compare(entries[a]!.card.title, entries[b]!.card.title) ||
    (entries[a]!.card.id < entries[b]!.card.id ? -1 : 1);
  const newest = (a: number, b: number) =>
    entries[b]!.createdAtMs - entries[a]!.createdAtMs || entries[b]!.sourceOrder - entries[a]!.sourceOrder;
  const sorted = (cmp: (a: number, b: number) => number) =>
    Int32Array.from(
      [...base].sort((a, b) => guide(a) - guide(b) || video(a) - video(b) || cmp(a, b) || byTitle(a, b)),
    );
  return {
    newest: sorted(newest),
    oldest: sorted((a, b) => -newest(a, b)),
    popular: sorted(
      (a, b) =>
        entries[b]!.popularity - entries[a]!.popularity ||
        (entries[b]!.card.rating ?? 0) - (entries[a]!.card.rating ?? 0) ||
        newest(a, b),
    ),
    alphabetical: sorted(() => 0),
    latest: Int32Array.from([...base].sort((a, b) => guide(a) - guide(b) || newest(a, b) || byTitle(a, b))),
    trending: Int32Array.from(
      [...base].sort(
        (a, b) =>
          guide(a) - guide(b) ||
          entries[b]!.popularity - entries[a]!.popularity ||
          newest(a, b) ||
          byTitle(a, b),
      ),
    ),
  };
}
