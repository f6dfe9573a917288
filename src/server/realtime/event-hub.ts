import { LIVE_DEDUPE_MS, type LiveEvent } from '#shared/schemas/live-events.ts';
import type { EventBus } from './event-bus.ts';

// Fans bus events out to the open SSE streams of this process. Collection events go only to their
// owner, operator events (a verification run's progress) only to operators; the same event for the
// same stream within the dedupe window is sent once.

export type LiveClient = {
  userId: string;
  /** The viewer had the admin role when the stream opened: operator events reach this stream. */
  operator?: boolean;
  send(event: LiveEvent): void;
  /** Ends the stream (graceful shutdown). */
  close(): void;
};

export type EventHub = {
  /** Registers a stream; returns its disconnect function. */
  connect(client: LiveClient): () => void;
  /** Number of open streams. */
  size(): number;
  /** Number of open streams of one user. */
  countFor(userId: string): number;
  /** Ends every stream (graceful shutdown) and refuses new ones. */
  closeAll(): void;
};

type Entry = LiveClient & { recent: Map<string, number> };

export function createEventHub(deps: { bus: EventBus; now?: () => number; dedupeMs?: number }): EventHub {
  const now = deps.now ?? Date.now;
  const dedupeMs = deps.dedupeMs ?? LIVE_DEDUPE_MS;
  const clients = new Set<Entry>();
  let unsubscribe: (() => void)[] = [];
  let closed = false;

  const deliver = (client: Entry, event: LiveEvent) => {
    const t = now();
    const key = `${event.type}:${JSON.stringify(event.data)}`;
    const last = client.recent.get(key);
    // 'account' is never dropped: a deleted account announces its sessions, then the user, and only
    // the last one may find the session gone.
    if (event.type !== 'account' && last !== undefined && t - last < dedupeMs) return;
    client.recent.set(key, t);
    if (client.recent.size > 64) {
      for (const [k, at] of client.recent) if (t - at >= dedupeMs) client.recent.delete(k);
    }
    try {
      client.send(event);
    } catch {
      // A broken stream is removed by its own abort handler.
    }
  };
  const broadcast = (event: LiveEvent, to: (client: Entry) => boolean = () => true) => {
    for (const client of clients) if (to(client)) deliver(client, event);
  };
  const toUser = (userId: string) => (client: Entry) => client.userId === userId;
  const toOperators = (client: Entry) => client.operator === true;

  // The bus is subscribed only while streams are open, so idle apps (and tests) hold no handlers.
  const listen = () => {
    unsubscribe = [
      deps.bus.subscribe('catalog.changed', ({ lastUpdated, changed, total }) =>
        broadcast({
          type: 'workflow_stats',
          data: { lastUpdated, changed, ...(total === undefined ? {} : { total }) },
        }),
      ),
      deps.bus.subscribe('catalog.activity', ({ automationId }) =>
        broadcast({ type: 'catalog', data: automationId === undefined ? {} : { automationId } }),
      ),
      // Sessions or member state of a user changed (any process): only that user's streams hear it.
      // A role may have been taken away: their open streams hear no operator event until they reopen
      // (the route reads the role again).
      deps.bus.subscribe('viewer.changed', ({ userId }) => {
        for (const client of clients) if (client.userId === userId) client.operator = false;
        broadcast({ type: 'account', data: {} }, toUser(userId));
      }),
      deps.bus.subscribe('collection.changed', ({ userId, action, automationId }) =>
        broadcast(
          { type: 'collection', data: { action, ...(automationId === undefined ? {} : { automationId }) } },
          toUser(userId),
        ),
      ),
      deps.bus.subscribe('n8n.verification', (progress) =>
        broadcast({ type: 'verification', data: progress }, toOperators),
      ),
    ];
  };

  return {
    connect(client) {
      if (closed) {
        client.close();
        return () => {};
      }
      const entry: Entry = { ...client, recent: new Map() };
      if (clients.size === 0) listen();
      clients.add(entry);
      return () => {
        if (!clients.delete(entry)) return;
        if (clients.size === 0) {
          for (const stop of unsubscribe) stop();
          unsubscribe = [];
        }
      };
    },
    size: () => clients.size,
    countFor(userId) {
      let n = 0;
      for (const client of clients) if (client.userId === userId) n++;
      return n;
    },
    closeAll() {
      closed = true;
      for (const client of [...clients]) client.close();
    },
  };
}
