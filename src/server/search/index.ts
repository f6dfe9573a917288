import type { Activity, IndexRow } from '#server/catalog/catalog.queries.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import type { VerificationBadge } from '#shared/schemas/verification.ts';
import type { IndexEntry, IndexOrder } from './entries.ts';
import {
  buildSnapshot,
  type SearchCache,
  type SearchParams,
  type SearchResult,
  type Snapshot,
  searchSnapshot,
  topIntegrations,
} from './query.ts';
import { relatedEntries } from './related.ts';

export type { IndexEntry, IndexOrder } from './entries.ts';
export type { SearchParams, SearchResult } from './query.ts';

// The in-memory search index of published automations. PostgreSQL/PGlite stays the source of truth;
// this is a per-process copy of the card fields with a word index (engine.ts), chip bitmasks,
// variant groups and sort orders, rebuilt when the catalogue changes (event bus, plus a 15 s check of
// workflow_stats). Decisions 0002 and 0010.

const CHECK_INTERVAL_MS = 15_000;
const ACTIVITY_DEBOUNCE_MS = 5_000;
/** Rebuilds for activity take at most 1/ACTIVITY_BUILD_SHARE of the process's time. */
const ACTIVITY_BUILD_SHARE = 10;

/**
 * How long a rebuild for activity (views, copies, downloads, deploys, ratings, verification badges)
 * waits. Activity changes popularity and card figures, never what a query matches, so it can wait: at
 * least 5 s after the event, and until ten times the last build's duration has passed since it ended.
 * A 50,000-item index takes ~4 s to build on the event loop; rebuilt 5 s after every member's view it
 * would block the server most of the time.
 */
export function activityRebuildDelay(lastBuild: { endedAt: number; ms: number }, now: number): number {
  return Math.max(ACTIVITY_DEBOUNCE_MS, lastBuild.endedAt + ACTIVITY_BUILD_SHARE * lastBuild.ms - now);
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;

/**
 * What the index reads from the catalogue, passed in (catalog/search-reads.ts wires the queries) so
 * search imports no feature folder at run time.
 */
export type CatalogReads = {
  version(): Promise<{ catalog: string; activity: string }>;
  rows(): Promise<IndexRow[]>;
  activity(): Promise<Map<string, Activity>>;
  badges(): Promise<Map<string, VerificationBadge>>;
};

/** One index per process (per app). `ready()` resolves once a fresh snapshot is loaded. */
export function createSearchIndex(deps: { reads: CatalogReads; bus: EventBus; log?: Logger }) {
  let snapshot: Snapshot | null = null;
  let building: Promise<Snapshot> | null = null;
  /** Set when an event says the catalogue changed: requests wait for the rebuild. */
  let stale = true;
  let activityTimer: NodeJS.Timeout | undefined;
  let lastBuild = { endedAt: 0, ms: 0 };
  const cache: SearchCache = new Map();

  const build = (): Promise<Snapshot> => {
    if (building) return building;
    stale = false;
    building = (async () => {
      const started = performance.now();
      const version = await deps.reads.version();
      const [rows, activity, badges] = await Promise.all([
        deps.reads.rows(),
        deps.reads.activity(),
        deps.reads.badges(),
      ]);
      const t = performance.now();
      const next = buildSnapshot(rows, activity, version, badges);
      deps.log?.info(
        { items: next.entries.length, ms: Math.round(performance.now() - t) },
        'search index built',
      );
      snapshot = next;
      cache.clear();
      lastBuild = { endedAt: Date.now(), ms: performance.now() - started };
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
    deps.bus.subscribe('catalog.activity', () => scheduleActivityRebuild()),
  ];

  function scheduleActivityRebuild() {
    if (activityTimer) return;
    activityTimer = setTimeout(
      () => {
        activityTimer = undefined;
        void build().catch((error: unknown) =>
          deps.log?.error({ err: error }, 'search index rebuild failed'),
        );
      },
      activityRebuildDelay(lastBuild, Date.now()),
    );
    activityTimer.unref();
  }

  // The spec's periodic check: other processes' imports and activity show up within 15 s.
  const timer = setInterval(() => {
    if (!snapshot || building) return;
    void deps.reads
      .version()
      .then((v) => {
        if (!snapshot) return undefined;
        if (v.catalog !== snapshot.version.catalog) return build();
        if (v.activity !== snapshot.version.activity) scheduleActivityRebuild();
        return undefined;
      })
      .catch((error: unknown) => deps.log?.warn({ err: error }, 'catalogue version check failed'));
  }, CHECK_INTERVAL_MS);
  timer.unref();

  return {
    /** Loads the first snapshot (boot) or waits for a pending rebuild. */
    ready: () => current().then(() => undefined),
    /** Marks the index stale; the next request rebuilds it. */
    invalidate() {
      stale = true;
    },
    async search(params: SearchParams): Promise<SearchResult> {
      const s = await current();
      return searchSnapshot(s, params, cache);
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
    /** The entries most like `id`'s graph (search-related.ts), or undefined for an unknown id. */
    async related(id: string, limit: number): Promise<IndexEntry[] | undefined> {
      const s = await current();
      const self = s.byId.get(id);
      if (!self) return undefined;
      return relatedEntries(s.entries, s.orders.latest, self, limit);
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
