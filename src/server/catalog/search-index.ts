import { createHash } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { CATEGORIES, type CatalogSort, FILTER_TAGS } from '#shared/catalog/constants.ts';
import { chipText, isAiAgent } from '#shared/catalog/search-rules.ts';
import { videoThumbnails } from '#shared/catalog/video.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import {
  type Activity,
  type CardRow,
  selectActivity,
  selectCardRows,
  selectCatalogVersion,
} from './catalog.queries.ts';

// The in-memory search index of published automations. PostgreSQL/PGlite stays the source of truth;
// this is a per-process copy of the card fields with precomputed haystacks, chip bitmasks and sort
// orders, rebuilt when the catalogue changes (event bus, plus a 15 s check of workflow_stats).

export type IndexEntry = {
  card: AutomationCard;
  /** The card as JSON, serialised once per build. */
  json: string;
  /** Lowercased title, description, author, tags and id, separated by NUL. */
  haystack: string;
  /** chipText of category, tags, title and description, for chips outside the 15 filter tags. */
  chipHaystack: string;
  /** Bit i set when FILTER_TAGS[i] matches. */
  chipMask: number;
  categoryIndex: number;
  aiAgent: boolean;
  createdAtMs: number;
  /** Position in its import: equal dates keep the source's own order (later = newer). */
  sourceOrder: number;
  popularity: number;
};

/** The member sorts (videos first) plus plain orders for related and trending lists. */
export type IndexOrder = CatalogSort | 'latest' | 'trending';

export type SearchParams = { q: string; chips: string[]; sort: CatalogSort; page: number; pageSize: number };

type Snapshot = {
  entries: IndexEntry[];
  byId: Map<string, IndexEntry>;
  /** Entry positions per sort, videos first; `latest` and `trending` without the video rule. */
  orders: Record<IndexOrder, Int32Array>;
  version: { catalog: string; activity: string };
  /** A hash of every card as served: equal tags mean equal answers (ETags of catalogue reads). */
  tag: string;
};

type CachedResult = { positions: Int32Array; categoryCounts: number[]; chipCounts: number[] };

const CHECK_INTERVAL_MS = 15_000;
const ACTIVITY_DEBOUNCE_MS = 5_000;
const CACHE_ENTRIES = 512;

/**
 * The mean of members' ratings, or null without any: a figure imported from the source (sourceRating)
 * is not shown next to "0 ratings" (issue 20: it read as an invented figure).
 */
function ratingOf(activity: Activity | undefined): number | null {
  if (activity && activity.ratingCount > 0)
    return Math.round((activity.ratingSum / activity.ratingCount) * 10) / 10;
  return null;
}

export function toCard(row: CardRow, activity: Activity | undefined): AutomationCard {
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
    nodeCount: row.nodeCount,
  };
}

export function buildEntries(rows: CardRow[], activity: Map<string, Activity>): IndexEntry[] {
  const filterTagTexts = FILTER_TAGS.map(chipText);
  return rows.map((row) => {
    const a = activity.get(row.id);
    const card = toCard(row, a);
    const chipHaystack = chipText([row.category, ...row.tags, row.title, row.description].join('\n'));
    let chipMask = 0;
    filterTagTexts.forEach((t, i) => {
      if (chipHaystack.includes(t)) chipMask |= 1 << i;
    });
    return {
      card,
      json: JSON.stringify(card),
      haystack: [row.title, row.description, row.author, row.tags.join('\u0000'), row.id]
        .join('\u0000')
        .toLowerCase(),
      chipHaystack,
      chipMask,
      categoryIndex: CATEGORIES.indexOf(row.category as (typeof CATEGORIES)[number]),
      aiAgent: isAiAgent({
        title: row.title,
        description: row.description,
        tags: row.tags,
        category: row.category,
      }),
      createdAtMs: row.createdAt.getTime(),
      sourceOrder: row.sourceOrder,
      popularity: (a?.runs ?? 0) * 1000 + (a?.events ?? 0),
    };
  });
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function buildOrders(entries: IndexEntry[]): Record<IndexOrder, Int32Array> {
  const base = entries.map((_, i) => i);
  const video = (i: number) => (entries[i]!.card.hasVideo ? 0 : 1);
  const byTitle = (a: number, b: number) =>
    collator.compare(entries[a]!.card.title, entries[b]!.card.title) ||
    (entries[a]!.card.id < entries[b]!.card.id ? -1 : 1);
  const newest = (a: number, b: number) =>
    entries[b]!.createdAtMs - entries[a]!.createdAtMs || entries[b]!.sourceOrder - entries[a]!.sourceOrder;
  const sorted = (cmp: (a: number, b: number) => number) =>
    Int32Array.from([...base].sort((a, b) => video(a) - video(b) || cmp(a, b) || byTitle(a, b)));
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
    latest: Int32Array.from([...base].sort((a, b) => newest(a, b) || byTitle(a, b))),
    trending: Int32Array.from(
      [...base].sort(
        (a, b) => entries[b]!.popularity - entries[a]!.popularity || newest(a, b) || byTitle(a, b),
      ),
    ),
  };
}

export type SearchResult = {
  total: number;
  items: IndexEntry[];
  categoryCounts: Record<string, number>;
  chipCounts: Record<string, number>;
};

export type SearchIndex = ReturnType<typeof createSearchIndex>;

function contentTag(entries: IndexEntry[]): string {
  const hash = createHash('sha256');
  // Everything an answer is made of: the card, what searches match and what orders the lists.
  for (const e of entries) {
    hash.update(e.json).update('\u0001').update(e.haystack).update('\u0001').update(e.chipHaystack);
    hash.update(`\u0001${e.createdAtMs}\u0001${e.popularity}\u0002`);
  }
  return hash.digest('base64url').slice(0, 22);
}

/** One index per process (per app). `ready()` resolves once a fresh snapshot is loaded. */
export function createSearchIndex(deps: { db: Database; bus: EventBus; log?: Logger }) {
  let snapshot: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  /** Set when an event says the catalogue changed: requests wait for the rebuild. */
  let stale = true;
  let activityTimer: NodeJS.Timeout | undefined;
  const cache = new Map<string, CachedResult>();

  const build = (): Promise<Snapshot> => {
    if (building) return building;
    stale = false;
    building = (async () => {
      const version = await selectCatalogVersion(deps.db);
      const [rows, activity] = await Promise.all([selectCardRows(deps.db), selectActivity(deps.db)]);
      const entries = buildEntries(rows, activity);
      const next: Snapshot = {
        entries,
        byId: new Map(entries.map((e) => [e.card.id, e])),
        orders: buildOrders(entries),
        version,
        tag: contentTag(entries),
      };
      snapshot = next;
      cache.clear();
      return next;
    })().finally(() => {
      building = null;
    });
    return building;
  };

  const current = async (): Promise<Snapshot> => {
    if (snapshot && !stale) return snapshot;
    if (snapshot && building) return snapshot; // a background rebuild is on its way; serve the old one
    return build();
  };

  const unsubscribe = [
    deps.bus.subscribe('catalog.changed', (event) => {
      if (snapshot && event.lastUpdated === snapshot.version.catalog) return;
      stale = true;
      if (building) void building.then(() => (stale = true));
    }),
    deps.bus.subscribe('catalog.activity', () => {
      if (activityTimer) return;
      activityTimer = setTimeout(() => {
        activityTimer = undefined;
        void build().catch((error: unknown) =>
          deps.log?.error({ err: error }, 'search index rebuild failed'),
        );
      }, ACTIVITY_DEBOUNCE_MS);
      activityTimer.unref();
    }),
  ];

  // The spec's periodic check: other processes' imports and activity show up within 15 s.
  const timer = setInterval(() => {
    if (!snapshot || building) return;
    void selectCatalogVersion(deps.db)
      .then((v) => {
        if (snapshot && (v.catalog !== snapshot.version.catalog || v.activity !== snapshot.version.activity))
          return build();
        return undefined;
      })
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'catalogue version check failed'));
  }, CHECK_INTERVAL_MS);
  timer.unref();

  function run(s: Snapshot, q: string, chips: string[], sort: CatalogSort): CachedResult {
    const key = `${sort}\u0001${q}\u0001${chips.join('\u0001')}`;
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const needle = q;
    let requiredMask = 0;
    const otherChips: string[] = [];
    for (const chip of chips) {
      const i = (FILTER_TAGS as readonly string[]).indexOf(chip.toLowerCase());
      if (i >= 0) requiredMask |= 1 << i;
      else otherChips.push(chipText(chip));
    }
    const order = s.orders[sort];
    const out = new Int32Array(order.length);
    let n = 0;
    const categoryCounts = new Array<number>(CATEGORIES.length).fill(0);
    const chipCounts = new Array<number>(FILTER_TAGS.length).fill(0);
    for (let k = 0; k < order.length; k++) {
      const pos = order[k]!;
      const e = s.entries[pos]!;
      if (needle && !e.haystack.includes(needle)) continue;
      // Counts describe the search before chips, so every chip shows what picking it would give.
      if (e.categoryIndex >= 0) categoryCounts[e.categoryIndex]!++;
      for (let b = 0; b < FILTER_TAGS.length; b++) if (e.chipMask & (1 << b)) chipCounts[b]!++;
      if ((e.chipMask & requiredMask) !== requiredMask) continue;
      if (otherChips.length > 0 && !otherChips.every((c) => c === '' || e.chipHaystack.includes(c))) continue;
      out[n++] = pos;
    }
    const result = { positions: out.slice(0, n), categoryCounts, chipCounts };
    cache.set(key, result);
    if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return result;
  }

  return {
    /** Loads the first snapshot (boot) or waits for a pending rebuild. */
    ready: () => current().then(() => undefined),
    /** Marks the index stale; the next request rebuilds it. */
    invalidate() {
      stale = true;
    },
    async search(params: SearchParams): Promise<SearchResult> {
      const s = await current();
      // Case-insensitive substring: both sides lowercased; NUL separates fields, so never matches.
      const q = params.q.trim().toLowerCase().replaceAll('\u0000', '');
      const r = run(s, q, params.chips, params.sort);
      const start = (params.page - 1) * params.pageSize;
      const items: IndexEntry[] = [];
      for (let i = start; i < Math.min(r.positions.length, start + params.pageSize); i++)
        items.push(s.entries[r.positions[i]!]!);
      return {
        total: r.positions.length,
        items,
        categoryCounts: Object.fromEntries(CATEGORIES.map((c, i) => [c, r.categoryCounts[i]!])),
        chipCounts: Object.fromEntries(FILTER_TAGS.map((t, i) => [t, r.chipCounts[i]!])),
      };
    },
    /** Entries in the given order matching a predicate (AI agents, related, by author, trending). */
    async list(
      sort: IndexOrder,
      keep: (e: IndexEntry) => boolean,
      limit = Number.POSITIVE_INFINITY,
    ): Promise<IndexEntry[]> {
      const s = await current();
      const out: IndexEntry[] = [];
      for (const pos of s.orders[sort]) {
        const e = s.entries[pos]!;
        if (keep(e)) out.push(e);
        if (out.length >= limit) break;
      }
      return out;
    },
    async get(id: string): Promise<IndexEntry | undefined> {
      return (await current()).byId.get(id);
    },
    /** The current snapshot's content tag (see Snapshot.tag). */
    async tag(): Promise<string> {
      return (await current()).tag;
    },
    async all(): Promise<IndexEntry[]> {
      return (await current()).entries;
    },
    close() {
      clearInterval(timer);
      if (activityTimer) clearTimeout(activityTimer);
      for (const u of unsubscribe) u();
    },
  };
}
