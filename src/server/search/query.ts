import { createHash } from 'node:crypto';
import type { Activity, IndexRow } from '#server/catalog/catalog.queries.ts';
import {
  CATEGORIES,
  FILTER_TAGS,
  INTEGRATION_FACET_SIZE,
  type SearchSort,
} from '#shared/catalog/constants.ts';
import { passedVerification, type VerificationBadge } from '#shared/schemas/verification.ts';
import { suggestQuery } from './did-you-mean.ts';
import { searchWords, type WordIndex } from './engine.ts';
import {
  buildEntries,
  buildOrders,
  type IndexEntry,
  type IndexOrder,
  packCards,
  searchDocOf,
} from './entries.ts';
import { SUBSTRING_ONLY_SCORE } from './knobs.ts';
import { chipText, fieldText, SEARCH_FIELDS } from './rules.ts';
import { substringDocs } from './substring-rule.ts';
import { withVerifications } from './verified.ts';

// One search index snapshot and the member search over it (decisions 0002 and 0010). Pure: rows in,
// snapshot out; snapshot, parameters and result cache in, page out. index.ts keeps it fresh;
// the engine bench times the same code without a database.

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

export type Snapshot = {
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
  /** 1 for entries without a video (videos come first in every order). */
  noVideo: Uint8Array;
  /**
   * What the facet counts read of each entry, by position, in flat arrays: a broad query at 50,000
   * items counts ~20,000 entries, and reading them from the entry objects was a quarter of its time.
   */
  facts: {
    group: Int32Array;
    category: Int8Array;
    chipMask: Int32Array;
    /** 1 for guides (items without a workflow: listed last, decision 0023). */
    guide: Uint8Array;
    /** Entry i's integration ids: `integrationIds[integrationStart[i]]` up to `[integrationStart[i + 1]]`. */
    integrationStart: Int32Array;
    integrationIds: Int32Array;
  };
  version: { catalog: string; activity: string };
  /** A hash of every card as served: equal tags mean equal answers (ETags of catalogue reads). */
  tag: string;
};

type Facets = Pick<SearchResult, 'categoryCounts' | 'chipCounts' | 'integrationCounts'>;

type CachedResult = {
  positions: Int32Array;
  /** Computed once per search, shared by every page of it (callers must not change them). */
  facets: Facets;
  /** The facets and the suggestion as JSON members, for the API answer. */
  facetsJson: string;
  sort: SearchSort;
  didYouMean: string | null;
};

/** Results by query, filters and sort, least recently used first. */
export type SearchCache = Map<string, CachedResult>;

const CACHE_ENTRIES = 512;

export type SearchResult = {
  total: number;
  items: IndexEntry[];
  categoryCounts: Record<string, number>;
  chipCounts: Record<string, number>;
  integrationCounts: { name: string; count: number }[];
  sort: SearchSort;
  didYouMean: string | null;
  /** `"categoryCounts":…,"chipCounts":…,"sort":…,"integrationCounts":…,"didYouMean":…` */
  facetsJson: string;
};

export function topIntegrations(names: string[], counts: Int32Array, limit: number) {
  const out: { name: string; count: number }[] = [];
  counts.forEach((count, id) => {
    if (count > 0) out.push({ name: names[id]!, count });
  });
  return out.sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1)).slice(0, limit);
}

function contentTag(entries: IndexEntry[], json: string[], rows: IndexRow[]): string {
  const hash = createHash('sha256');
  // Everything an answer is made of: the card, the fields words match, and what orders the lists.
  entries.forEach((e, i) => {
    const doc = searchDocOf(rows[i]!);
    // One string per entry, the fields as the index reads them, separated by a control character:
    // JSON-escaping every note cost ~150 ms of a 50,000-item build.
    let text = json[i]!;
    for (const f of SEARCH_FIELDS) text += `\u0001${fieldText(doc, f.key)}`;
    hash.update(
      `${text}\u0001${e.chipHaystack}\u0001${e.createdAtMs}\u0001${e.sourceOrder}\u0001${e.popularity}\u0001${e.group}\u0002`,
    );
  });
  return hash.digest('base64url').slice(0, 22);
}

/** Every part of a snapshot, from the index rows and the activity read with them. */
export function buildSnapshot(
  rows: IndexRow[],
  activity: Map<string, Activity>,
  version: { catalog: string; activity: string },
  badges: Map<string, VerificationBadge> = new Map(),
): Snapshot {
  const built = withVerifications(buildEntries(rows, activity), badges);
  const json = built.entries.map((e) => JSON.stringify(e.card));
  packCards(built.entries, json);
  const orders = buildOrders(built.entries);
  const newestRank = new Int32Array(built.entries.length);
  orders.newest.forEach((pos, rank) => {
    newestRank[pos] = rank;
  });
  return {
    ...built,
    byId: new Map(built.entries.map((e) => [e.card.id, e])),
    integrationId: new Map(built.integrations.map((n, i) => [n, i])),
    orders,
    newestRank,
    noVideo: Uint8Array.from(built.entries, (e) => (e.card.hasVideo ? 0 : 1)),
    facts: factsOf(built.entries),
    version,
    tag: contentTag(built.entries, json, rows),
  };
}

function factsOf(entries: IndexEntry[]): Snapshot['facts'] {
  const integrationStart = new Int32Array(entries.length + 1);
  entries.forEach((e, i) => {
    integrationStart[i + 1] = integrationStart[i]! + e.integrationIds.length;
  });
  const integrationIds = new Int32Array(integrationStart[entries.length]!);
  entries.forEach((e, i) => {
    integrationIds.set(e.integrationIds, integrationStart[i]!);
  });
  return {
    group: Int32Array.from(entries, (e) => e.group),
    category: Int8Array.from(entries, (e) => e.categoryIndex),
    chipMask: Int32Array.from(entries, (e) => e.chipMask),
    guide: Uint8Array.from(entries, (e) => (e.card.readiness === 'guide' ? 1 : 0)),
    integrationStart,
    integrationIds,
  };
}

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
  for (const d of substringDocs(s.words, q, matched)) {
    matched[d] = 1;
    score[d] = SUBSTRING_ONLY_SCORE;
    count++;
  }
  if (sort !== 'relevance') return s.orders[sort].filter((pos) => matched[pos] === 1);
  return guidesLast(s, byRelevance(s, matched, count, score));
}

/** The same order with guides (items without a workflow) moved to the end (decision 0023). */
function guidesLast(s: Snapshot, order: Int32Array): Int32Array {
  const { guide } = s.facts;
  const isGuide = (pos: number) => guide[pos] === 1;
  if (!order.some(isGuide)) return order;
  return Int32Array.from([...order.filter((p) => !isGuide(p)), ...order.filter(isGuide)]);
}

const RANK_BITS = 2 ** 20;
const scoreBits = new Uint32Array(new Float32Array(1).buffer);
const scoreView = new Float32Array(scoreBits.buffer);

/**
 * Matched entries ordered videos first, then by score (high first), then newest first. Each entry
 * becomes one exact integer key, `noVideo · 2^52 + (2^32 − 1 − scoreBits) · 2^20 + newestRank` (a
 * non-negative float's bits order like the float), so a numeric sort of a Float64Array does the work a
 * comparator did several times slower; the newest rank, unique per entry, gives the entry back.
 */
function byRelevance(s: Snapshot, matched: Uint8Array, count: number, score: Float32Array): Int32Array {
  const { noVideo, newestRank } = s;
  const out = new Int32Array(count);
  if (s.entries.length > RANK_BITS) {
    let k = 0;
    for (let d = 0; d < matched.length; d++) if (matched[d]) out[k++] = d;
    return out.sort(
      (a, b) => noVideo[a]! - noVideo[b]! || score[b]! - score[a]! || newestRank[a]! - newestRank[b]!,
    );
  }
  const keys = new Float64Array(count);
  let k = 0;
  for (let d = 0; d < matched.length; d++) {
    if (!matched[d]) continue;
    scoreView[0] = score[d]!;
    keys[k++] = noVideo[d]! * 2 ** 52 + (0xffffffff - scoreBits[0]!) * RANK_BITS + newestRank[d]!;
  }
  keys.sort();
  const newest = s.orders.newest;
  for (let i = 0; i < count; i++) out[i] = newest[keys[i]! % RANK_BITS]!;
  return out;
}

function run(
  s: Snapshot,
  p: Required<Omit<SearchParams, 'page' | 'pageSize'>>,
  cache: SearchCache,
): CachedResult {
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
  const { group, category, chipMask, integrationStart, integrationIds } = s.facts;
  for (let k = 0; k < order.length; k++) {
    const pos = order[k]!;
    const g = group[pos]!;
    const mask = chipMask[pos]!;
    // Counts describe the search before chips and filters, so each shows what picking it would give.
    if (g < 0 || !countedGroup[g]) {
      if (g >= 0) countedGroup[g] = 1;
      if (category[pos]! >= 0) categoryCounts[category[pos]!]!++;
      for (let b = 0; b < FILTER_TAGS.length && mask >>> b !== 0; b++) if (mask & (1 << b)) chipCounts[b]!++;
      for (let i = integrationStart[pos]!; i < integrationStart[pos + 1]!; i++)
        integrationCounts[integrationIds[i]!]!++;
    }
    if ((mask & requiredMask) !== requiredMask) continue;
    const e = s.entries[pos]!;
    if (otherChips.length > 0 && !otherChips.every((c) => c === '' || e.chipHaystack.includes(c))) continue;
    if (p.verified && !(e.card.verification && passedVerification(e.card.verification))) continue;
    if (required.length > 0 && !required.every((id) => e.integrationIds.includes(id))) continue;
    if (p.stack.length > 0) {
      const used = e.integrationIds;
      const inStack = used.filter((id) => stack.has(id)).length;
      if (p.stackMode === 'any' ? inStack === 0 : inStack === 0 || inStack !== used.length) continue;
    }
    if (g >= 0) {
      if (shownGroup[g]) continue;
      shownGroup[g] = 1;
    }
    out[n++] = pos;
  }
  const facets: Facets = {
    categoryCounts: Object.fromEntries(CATEGORIES.map((c, i) => [c, categoryCounts[i]!])),
    chipCounts: Object.fromEntries(FILTER_TAGS.map((t, i) => [t, chipCounts[i]!])),
    integrationCounts: topIntegrations(s.integrations, integrationCounts, INTEGRATION_FACET_SIZE),
  };
  const didYouMean = n === 0 && p.q ? suggestQuery(s.words, p.q) : null;
  const result: CachedResult = {
    positions: out.slice(0, n),
    facets,
    facetsJson:
      `"categoryCounts":${JSON.stringify(facets.categoryCounts)},"chipCounts":${JSON.stringify(facets.chipCounts)},` +
      `"sort":"${sort}","integrationCounts":${JSON.stringify(facets.integrationCounts)},` +
      `"didYouMean":${JSON.stringify(didYouMean)}`,
    sort,
    didYouMean,
  };
  cache.set(key, result);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  return result;
}

/** One page of a member search, from the cache when the same search ran before. */
export function searchSnapshot(s: Snapshot, params: SearchParams, cache: SearchCache): SearchResult {
  // NUL separates the substring haystack's fields, so it never matches.
  const q = params.q.trim().replaceAll('\u0000', '');
  const r = run(
    s,
    {
      q,
      chips: params.chips,
      sort: params.sort ?? (q ? 'relevance' : 'newest'),
      integrations: params.integrations ?? [],
      stack: params.stack ?? [],
      stackMode: params.stackMode ?? 'any',
      verified: params.verified ?? false,
    },
    cache,
  );
  const start = (params.page - 1) * params.pageSize;
  const items: IndexEntry[] = [];
  for (let i = start; i < Math.min(r.positions.length, start + params.pageSize); i++)
    items.push(s.entries[r.positions[i]!]!);
  return {
    total: r.positions.length,
    items,
    ...r.facets,
    sort: r.sort,
    didYouMean: r.didYouMean,
    facetsJson: r.facetsJson,
  };
}
