import type { DbHandle } from '#server/db/client.ts';
import { type BusEvents, type EventBus, publishEverywhere } from './event-bus.ts';
import { createProgressPublisher } from './progress-publisher.ts';

// Progress of a long operator task on the event bus ('operator.progress'), instead of a row that
// streams poll: the task reports at most every 250 ms plus its final state, the NOTIFY bridge carries
// it to the other processes, and an operator's stream follows it. The payload stays small (NOTIFY
// carries at most 8,000 bytes): a task's full result is read from its row once, when it ends.

export type OperatorProgress = BusEvents['operator.progress'];
export type ProgressKey = Pick<OperatorProgress, 'task' | 'id'>;
type ProgressState = Omit<OperatorProgress, 'task' | 'id'>;

export const isFinished = (state: Pick<OperatorProgress, 'status'>) =>
  state.status === 'done' || state.status === 'failed';

/**
 * One task's progress on 'operator.progress', throttled by the shared publisher (progress-publisher.ts:
 * the latest state at most every 250 ms, the final state always, in order). `report` never waits.
 */
export function progressReporter(
  deps: {
    database: Pick<DbHandle, 'driver' | 'pglite' | 'pool'>;
    bus: EventBus;
    onError?: (error: unknown) => void;
  },
  input: ProgressKey & { intervalMs?: number },
) {
  const key = { task: input.task, id: input.id };
  const live = createProgressPublisher<ProgressState>({
    publish: (state) => publishEverywhere(deps.database, deps.bus, 'operator.progress', { ...key, ...state }),
    onError: (error) => deps.onError?.(error),
    intervalMs: input.intervalMs,
  });
  return {
    report: (state: ProgressState) => live.update(state),
    finish: (state: ProgressState) => live.finish(state),
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
