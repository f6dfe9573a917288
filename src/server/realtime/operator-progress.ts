import type { DbHandle } from '#server/db/client.ts';
import { type BusEvents, type EventBus, publishEverywhere } from './event-bus.ts';

// Progress of a long operator task on the event bus ('operator.progress'), instead of a row that
// streams poll: the task reports at most every 250 ms plus its final state, the NOTIFY bridge carries
// it to the other processes, and an operator's stream follows it. The payload stays small (NOTIFY
// carries at most 8,000 bytes): a task's full result is read from its row once, when it ends.

export type OperatorProgress = BusEvents['operator.progress'];
export type ProgressKey = Pick<OperatorProgress, 'task' | 'id'>;
type ProgressState = Omit<OperatorProgress, 'task' | 'id'>;

export const PROGRESS_INTERVAL_MS = 250;

export const isFinished = (state: Pick<OperatorProgress, 'status'>) =>
  state.status === 'done' || state.status === 'failed';

/**
 * One task's progress publisher. `report` publishes at most every `intervalMs` (others are dropped:
 * the next one says more) and never waits; `finish` publishes the final state after any pending one.
 */
export function progressReporter(
  deps: {
    database: Pick<DbHandle, 'driver' | 'pglite' | 'pool'>;
    bus: EventBus;
    onError?: (error: unknown) => void;
  },
  input: ProgressKey & { intervalMs?: number },
) {
  const intervalMs = input.intervalMs ?? PROGRESS_INTERVAL_MS;
  const key = { task: input.task, id: input.id };
  let last = Number.NEGATIVE_INFINITY;
  let pending: Promise<void> = Promise.resolve();
  const publish = (state: ProgressState) => {
    pending = pending
      .then(() => publishEverywhere(deps.database, deps.bus, 'operator.progress', { ...key, ...state }))
      .catch((error: unknown) => deps.onError?.(error));
    return pending;
  };
  return {
    report(state: ProgressState): void {
      const now = performance.now();
      if (now - last < intervalMs) return;
      last = now;
      void publish(state);
    },
    finish(state: ProgressState): Promise<void> {
      return publish(state);
    },
  };
}

/**
 * Follows one task's progress. It subscribes at once, so a caller that reads the task's row after
 * this call misses nothing in between; `events` ends after a final state or `close()`.
 */
export function followProgress(bus: EventBus, key: ProgressKey) {
  const queue: OperatorProgress[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  const unsubscribe = bus.subscribe('operator.progress', (event) => {
    if (event.task !== key.task || event.id !== key.id) return;
    queue.push(event);
    wake?.();
  });
  const close = () => {
    closed = true;
    unsubscribe();
    wake?.();
  };
  async function* events(): AsyncGenerator<OperatorProgress> {
    try {
      while (!closed) {
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        yield next;
        if (isFinished(next)) return;
      }
    } finally {
      close();
    }
  }
  return { events: events(), close };
}
