import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DbHandle } from '#server/db/client.ts';
import type { VerificationProgress } from '#shared/schemas/verification.ts';

// A small in-process event bus, plus a bridge that carries chosen topics between processes through
// PostgreSQL NOTIFY/LISTEN (PGlite's in-process listen/notify on the embedded database).

export type BusEvents = {
  /** The catalogue's contents changed (an import finished). */
  'catalog.changed': { lastUpdated: string; changed: boolean; total?: number };
  /** Member activity changed runs or ratings (events, ratings). Cheap to coalesce. */
  'catalog.activity': { automationId?: string };
  /** A member's collection changed (saved, removed, edited, imported): only that member hears it. */
  'collection.changed': {
    userId: string;
    /** `stack`: the member's saved integrations ("My stack") changed. */
    action: 'added' | 'removed' | 'updated' | 'imported' | 'stack';
    automationId?: string;
  };
  /**
   * A user's sessions or member state changed (sign-out, ban, role, access granted or revoked, account
   * deleted, password reset): every process drops its cached viewers of that user (auth/session-cache.ts).
   */
  'viewer.changed': { userId: string };
  /**
   * The operator's n8n verification run moved (throttled, final state always): only operators' streams
   * hear it. Its failure list is cut to fit a NOTIFY payload (n8n/verify/console-run.ts).
   */
  'n8n.verification': VerificationProgress;
  /**
   * How far a long operator task has got (a catalogue import: `task` 'catalog-import', `id` its row):
   * at most every 250 ms plus the final state (operator-progress.ts). Only operator streams forward it.
   */
  'operator.progress': {
    task: string;
    id: string;
    status: 'queued' | 'running' | 'done' | 'failed';
    done: number;
    total: number;
  };
  /** A mail was written to the outbox: this process's delivery job may send it now. Not bridged. */
  'mail.queued': { kind: string };
};
export type BusTopic = keyof BusEvents;
type Handler<T extends BusTopic> = (payload: BusEvents[T]) => void;

export type EventBus = {
  publish<T extends BusTopic>(topic: T, payload: BusEvents[T]): void;
  subscribe<T extends BusTopic>(topic: T, handler: Handler<T>): () => void;
};

export function createEventBus(): EventBus {
  const handlers = new Map<BusTopic, Set<Handler<never>>>();
  return {
    publish(topic, payload) {
      for (const handler of handlers.get(topic) ?? []) {
        try {
          (handler as Handler<typeof topic>)(payload);
        } catch {
          // One failing subscriber must not stop the others or the publisher.
        }
      }
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler as Handler<never>);
      return () => set.delete(handler as Handler<never>);
    },
  };
}

/** The bus every module in this process shares unless given another. */
export const processBus = createEventBus();

const CHANNEL = 'flowvault_events';
const BRIDGED: BusTopic[] = [
  'catalog.changed',
  'catalog.activity',
  'collection.changed',
  'viewer.changed',
  'n8n.verification',
  'operator.progress',
];

type Envelope = { origin: string; topic: BusTopic; payload: unknown };

/** A bridged payload's JSON stays under this: PostgreSQL refuses a NOTIFY of 8000 bytes, envelope included. */
export const BRIDGED_PAYLOAD_MAX_BYTES = 7_000;
const ORIGIN = `${process.pid}-${Math.floor(performance.timeOrigin)}`;

/** Publishes on this process's bus: the envelope text other processes are sent. */
function publishLocally<T extends BusTopic>(bus: EventBus, topic: T, payload: BusEvents[T]): string {
  bus.publish(topic, payload);
  return JSON.stringify({ origin: ORIGIN, topic, payload } satisfies Envelope);
}

/** Publishes locally and tells other processes through the database. */
export async function publishEverywhere<T extends BusTopic>(
  database: Pick<DbHandle, 'driver' | 'pglite' | 'pool'>,
  bus: EventBus,
  topic: T,
  payload: BusEvents[T],
): Promise<void> {
  const text = publishLocally(bus, topic, payload);
  if (database.pglite) await database.pglite.query('select pg_notify($1, $2)', [CHANNEL, text]);
  else if (database.pool) await database.pool.query('select pg_notify($1, $2)', [CHANNEL, text]);
}

/**
 * Publishes locally, then tells other processes through a query on `db` (a pooled connection or a
 * transaction: inside one, PostgreSQL delivers the notification only when it commits).
 */
export async function publishThroughDatabase<T extends BusTopic>(
  db: Database,
  bus: EventBus,
  topic: T,
  payload: BusEvents[T],
): Promise<void> {
  const text = publishLocally(bus, topic, payload);
  await db.execute(sql`select pg_notify(${CHANNEL}, ${text})`);
}

/**
 * Listens on a dedicated connection and republishes other processes' events on the local bus.
 * Returns a stop function. Reconnects after 5 s when the connection drops.
 */
export async function bridgeDatabaseEvents(
  database: Pick<DbHandle, 'driver' | 'pglite' | 'pool'>,
  bus: EventBus,
  onError: (error: unknown) => void = () => {},
): Promise<() => Promise<void>> {
  const deliver = (text: string) => {
    try {
      const envelope = JSON.parse(text) as Envelope;
      if (envelope.origin === ORIGIN || !BRIDGED.includes(envelope.topic)) return;
      bus.publish(envelope.topic, envelope.payload as never);
    } catch (error) {
      onError(error);
    }
  };
  if (database.pglite) {
    const pglite: PGlite = database.pglite;
    const unlisten = await pglite.listen(CHANNEL, deliver);
    return () => unlisten();
  }
  const connectionString = (
    database.pool as unknown as { options: { connectionString?: string } } | undefined
  )?.options.connectionString;
  if (!connectionString) return async () => {};
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => message.payload && deliver(message.payload));
    next.on('error', (error) => {
      onError(error);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      client = next;
    } catch (error) {
      onError(error);
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 5_000);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
