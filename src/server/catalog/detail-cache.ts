import type { EventBus } from '#server/realtime/event-bus.ts';

// Per-process cache of serialised automation details (decision 0011), so a detail read answers from
// memory instead of two database queries and a JSON.stringify of the workflow. The detail holds nothing
// member-specific (membership is checked by the route's guard on every request), so one answer serves
// every member. What changes an answer drops it here, in this process at once and in the others
// through the bus's NOTIFY bridge:
// - catalog.changed (import, publish/unpublish, operator edit): everything;
// - catalog.activity (a view, copy, download or deploy changes `usage`): that automation, or everything
//   when the event names none;
// - a new search-index tag (the card part comes from the index): entries stored under another tag miss.

/**
 * The answer as bytes: written to every socket as is. Kept as a string, each read encoded it into a
 * new 10-100 KB buffer.
 */
export type CachedDetail = { body: Uint8Array; etag: string };

type Entry = CachedDetail & { tag: string; automationId: string; size: number };

/** 8 MB of answers (a reference-corpus detail is ~10 KB, so ~800 of them). */
export const DETAIL_CACHE_BYTES = 8 * 1024 * 1024;

export function createDetailCache(deps: { bus: EventBus; maxBytes?: number }) {
  const maxBytes = deps.maxBytes ?? DETAIL_CACHE_BYTES;
  /** Keyed by the requested id (a v3000- alias may resolve to another automation: `automationId`). */
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** Bumped by every drop: a read that began before one must not store what it read. */
  let epoch = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.size;
  };
  const clear = () => {
    epoch++;
    entries.clear();
    bytes = 0;
  };
  const unsubscribe = [
    deps.bus.subscribe('catalog.changed', clear),
    deps.bus.subscribe('catalog.activity', ({ automationId }) => {
      if (automationId === undefined) return clear();
      epoch++;
      for (const [key, entry] of entries) if (entry.automationId === automationId) remove(key, entry);
    }),
  ];

  return {
    /** The answer stored for `id` under the index's current `tag`, most recently used kept longest. */
    get(id: string, tag: string): CachedDetail | undefined {
      const entry = entries.get(id);
      if (!entry) return undefined;
      entries.delete(id);
      if (entry.tag !== tag) {
        bytes -= entry.size;
        return undefined;
      }
      entries.set(id, entry);
      return entry;
    },
    /** Call before reading the database; pass the result to `set`. */
    epoch: () => epoch,
    set(id: string, value: CachedDetail & { tag: string; automationId: string }, since: number): void {
      if (since !== epoch) return;
      const size = value.body.byteLength + id.length + value.etag.length + 64;
      if (size > maxBytes / 4) return;
      const old = entries.get(id);
      if (old) remove(id, old);
      entries.set(id, { ...value, size });
      bytes += size;
      for (const [key, entry] of entries) {
        if (bytes <= maxBytes) break;
        remove(key, entry);
      }
    },
    stats: () => ({ entries: entries.size, bytes }),
    close() {
      for (const u of unsubscribe) u();
    },
  };
}
