import { createHash } from 'node:crypto';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import {
  CATEGORIES,
  FILTER_TAGS,
  INTEGRATION_FACET_SIZE,
  type SearchSort,
} from '#shared/catalog/constants.ts';
import { searchWords, substringDocs, suggestQuery, type WordIndex } from '#shared/catalog/search-engine.ts';
import { chipText } from '#shared/catalog/search-rules.ts';
import { passedVerification } from '#shared/schemas/verification.ts';
import { selectVerificationBadges } from '../n8n/verify/verification-store.ts';
import { type IndexRow, selectActivity, selectCatalogVersion, selectIndexRows } from './catalog.queries.ts';
import {
  buildEntries,
  buildOrders,
  type IndexEntry,
  type IndexOrder,
  searchDocOf,
} from './search-entries.ts';
import { withVerifications } from './search-verified.ts';

export type { IndexEntry, IndexOrder } from './search-entries.ts';

// The in-memory search index of published automations. PostgreSQL/PGlite stays the source of truth;
// this is a per-process copy of the card fields with a word index (search-engine.ts), chip bitmasks,
// variant groups and sort orders, rebuilt when the catalogue changes (event bus, plus a 15 s check of
// workflow_stats). Decisions 0002 and 0010.

export type SearchParams = {
  q: string;
  chips: string[];
  sort?: SearchSort | undefined;
  page: number;
  pageSize: number;
  integrations?: string[];
  stack?: string[];
  stackMode?: 'only' | 'any';
  /** Only templates that passed every check tried on a real n8n. */
  verified?: boolean;
};

type Snapshot = {
  entries: IndexEntry[];
  byId: Map<string, IndexEntry>;
  words: WordIndex;
  integrations: string[];
  integrationId: Map<string, number>;
  groups: number[][];
  /** Entry positions per sort, videos first; `latest` and `trending` without the video rule. */
  orders: Record<IndexOrder, Int32Array>;
  /** Each entry's place in the newest order: relevance ties fall back to it. */
  newestRank: Int32Array;
  version: { catalog: string; activity: string };
  /** A hash of every card as served: equal tags mean equal answers (ETags of catalogue reads). */
  tag: string;
};

type CachedResult = {
  positions: Int32Array;
  categoryCounts: number[];
  chipCounts: number[];
  integrationCounts: Int32Array;
  sort: SearchSort;
  didYouMean: string | null;
};

const CHECK_INTERVAL_MS = 15_000;
const ACTIVITY_DEBOUNCE_MS = 5_000;
const CACHE_ENTRIES = 512;
/** Score of an item only the spec's substring rule finds: after every word match. */
const SUBSTRING_ONLY_SCORE = 1e-3;

export type SearchResult = {
  total: number;
  items: IndexEntry[];
  categoryCounts: Record<string, number>;
  chipCounts: Record<string, number>;
  integrationCounts: { name: string; count: number }[];
  sort: SearchSort;
  didYouMean: string | null;
};

function topIntegrations(names: string[], counts: Int32Array, limit: number) {
  const out: { name: string; count: number }[] = [];
  counts.forEach((count, id) => {
    if (count > 0) out.push({ name: names[id]!, count });
  });
  return out.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, limit);
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

function contentTag(entries: IndexEntry[], rows: IndexRow[]): string {
  const hash = createHash('sha256');
  // Everything an answer is made of: the card, the fields words match, and what orders the lists.
  entries.forEach((e, i) => {
    hash
      .update(e.json)
      .update('\u0001')
      .update(JSON.stringify(searchDocOf(rows[i]!)));
    hash.update(
      `\u0001${e.chipHaystack}\u0001${e.createdAtMs}\u0001${e.sourceOrder}\u0001${e.popularity}\u0001${e.group}\u0002`,
    );
  });
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
      const [rows, activity, badges] = await Promise.all([
        selectIndexRows(deps.db),
        selectActivity(deps.db),
        selectVerificationBadges(deps.db),
      ]);
      const built = withVerifications(buildEntries(rows, activity), badges);
      const orders = buildOrders(built.entries);
      const newestRank = new Int32Array(built.entries.length);
      orders.newest.forEach((pos, rank) => {
        newestRank[pos] = rank;
      });
      const next: Snapshot = {
        ...built,
        byId: new Map(built.entries.map((e) => [e.card.id, e])),
        integrationId: new Map(built.integrations.map((n, i) => [n, i])),
        orders,
        newestRank,
        version,
        tag: contentTag(built.entries, rows),
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

  /** Entry positions q matches, in the requested order (relevance: score, videos first). */
  function candidates(s: Snapshot, q: string, sort: SearchSort): Int32Array {
    if (!q) return s.orders[sort === 'relevance' ? 'newest' : sort];
    const n = s.entries.length;
    const words = searchWords(s.words, q);
    const score = words?.scores ?? new Float32Array(n);
    const matched = new Uint8Array(n);
    let count = 0;
    for (const d of words?.docs ?? []) {
      matched[d] = 1;
      count++;
    }
    for (const d of substringDocs(s.words, q)) {
      if (matched[d]) continue;
      matched[d] = 1;
      score[d] = SUBSTRING_ONLY_SCORE;
      count++;
    }
    if (sort !== 'relevance') return s.orders[sort].filter((pos) => matched[pos] === 1);
    const out = new Int32Array(count);
    let k = 0;
    for (let d = 0; d < n; d++) if (matched[d]) out[k++] = d;
    const video = (d: number) => (s.entries[d]!.card.hasVideo ? 0 : 1);
    return out.sort(
      (a, b) => video(a) - video(b) || score[b]! - score[a]! || s.newestRank[a]! - s.newestRank[b]!,
    );
  }

  function run(s: Snapshot, p: Required<Omit<SearchParams, 'page' | 'pageSize'>>): CachedResult {
    const key = JSON.stringify([p.sort, p.q, p.chips, p.integrations, p.stack, p.stackMode, p.verified]);
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    let requiredMask = 0;
    const otherChips: string[] = [];
    for (const chip of p.chips) {
      const i = (FILTER_TAGS as readonly string[]).indexOf(chip.toLowerCase());
      if (i >= 0) requiredMask |= 1 << i;
      else otherChips.push(chipText(chip));
    }
    const required = p.integrations.map((name) => s.integrationId.get(name) ?? -1);
    const stack = new Set(p.stack.map((name) => s.integrationId.get(name) ?? -1));
    stack.delete(-1);
    const sort: SearchSort = p.sort === 'relevance' && !p.q ? 'newest' : p.sort;
    const order = candidates(s, p.q, sort);
    const out = new Int32Array(order.length);
    let n = 0;
    const categoryCounts = new Array<number>(CATEGORIES.length).fill(0);
    const chipCounts = new Array<number>(FILTER_TAGS.length).fill(0);
    const integrationCounts = new Int32Array(s.integrations.length);
    // Variants collapse to the first of their group: once for the counts, once for the results.
    const countedGroup = new Uint8Array(s.groups.length);
    const shownGroup = new Uint8Array(s.groups.length);
    for (let k = 0; k < order.length; k++) {
      const pos = order[k]!;
      const e = s.entries[pos]!;
      // Counts describe the search before chips and filters, so each shows what picking it would give.
      if (e.group < 0 || !countedGroup[e.group]) {
        if (e.group >= 0) countedGroup[e.group] = 1;
        if (e.categoryIndex >= 0) categoryCounts[e.categoryIndex]!++;
        for (let b = 0; b < FILTER_TAGS.length; b++) if (e.chipMask & (1 << b)) chipCounts[b]!++;
        for (const id of e.integrationIds) integrationCounts[id]!++;
      }
      if ((e.chipMask & requiredMask) !== requiredMask) continue;
      if (p.verified && !(e.card.verification && passedVerification(e.card.verification))) continue;
      if (otherChips.length > 0 && !otherChips.every((c) => c === '' || e.chipHaystack.includes(c))) continue;
      if (required.length > 0 && !required.every((id) => e.integrationIds.includes(id))) continue;
      if (p.stack.length > 0) {
        const used = e.integrationIds;
        const inStack = used.filter((id) => stack.has(id)).length;
        if (p.stackMode === 'any' ? inStack === 0 : inStack === 0 || inStack !== used.length) continue;
      }
      if (e.group >= 0) {
        if (shownGroup[e.group]) continue;
        shownGroup[e.group] = 1;
      }
      out[n++] = pos;
    }
    const result: CachedResult = {
      positions: out.slice(0, n),
      categoryCounts,
      chipCounts,
      integrationCounts,
      sort,
      didYouMean: n === 0 && p.q ? suggestQuery(s.words, p.q) : null,
    };
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
      // NUL separates the substring haystack's fields, so it never matches.
      const q = params.q.trim().replaceAll('\u0000', '');
      const r = run(s, {
        q,
        chips: params.chips,
        sort: params.sort ?? (q ? 'relevance' : 'newest'),
        integrations: params.integrations ?? [],
        stack: params.stack ?? [],
        stackMode: params.stackMode ?? 'any',
        verified: params.verified ?? false,
      });
      const start = (params.page - 1) * params.pageSize;
      const items: IndexEntry[] = [];
      for (let i = start; i < Math.min(r.positions.length, start + params.pageSize); i++)
        items.push(s.entries[r.positions[i]!]!);
      return {
        total: r.positions.length,
        items,
        categoryCounts: Object.fromEntries(CATEGORIES.map((c, i) => [c, r.categoryCounts[i]!])),
        chipCounts: Object.fromEntries(FILTER_TAGS.map((t, i) => [t, r.chipCounts[i]!])),
        integrationCounts: topIntegrations(s.integrations, r.integrationCounts, INTEGRATION_FACET_SIZE),
        sort: r.sort,
        didYouMean: r.didYouMean,
      };
    },
    /** Every integration with how many published automations use it, most used first. */
    async integrations(): Promise<{ name: string; count: number }[]> {
      const s = await current();
      const counts = new Int32Array(s.integrations.length);
      for (const e of s.entries) for (const id of e.integrationIds) counts[id]!++;
      return topIntegrations(s.integrations, counts, s.integrations.length);
    },
    /** The other automations with the same node types and wiring, in title order. */
    async variantsOf(id: string): Promise<IndexEntry[] | undefined> {
      const s = await current();
      const self = s.byId.get(id);
      if (!self) return undefined;
      if (self.group < 0) return [];
      return s.groups[self.group]!.map((pos) => s.entries[pos]!).filter((e) => e !== self);
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
