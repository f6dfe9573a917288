// Progress of a long operator job over the event bus: the latest state at most every `intervalMs`,
// the final state always, one publish at a time so every process sees the states in order.

/** Live progress is published at most this often (plus the final state). */
export const PROGRESS_INTERVAL_MS = 250;

export type ProgressPublisher<T> = {
  /** Publishes now, or once the interval has passed since the last publish (the latest state wins). */
  update(state: T): void;
  /** Publishes the final state at once, drops a pending update; resolves when every publish settled. */
  finish(state: T): Promise<void>;
};

export function createProgressPublisher<T>(deps: {
  publish: (state: T) => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs?: number;
  now?: () => number;
}): ProgressPublisher<T> {
  const intervalMs = deps.intervalMs ?? PROGRESS_INTERVAL_MS;
  const now = deps.now ?? Date.now;
  let last = Number.NEGATIVE_INFINITY;
  let pending: { state: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<void> = Promise.resolve();
  let finished = false;

  const send = (state: T) => {
    last = now();
    queue = queue.then(() => deps.publish(state)).catch(deps.onError);
  };
  const sendPending = () => {
    timer = undefined;
    if (!pending) return;
    const { state } = pending;
    pending = null;
    send(state);
  };

  return {
    update(state) {
      if (finished) return;
      const wait = last + intervalMs - now();
      if (wait <= 0 && !timer) {
        send(state);
        return;
      }
      pending = { state };
      timer ??= setTimeout(sendPending, Math.max(wait, 0));
    },
    async finish(state) {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = null;
      send(state);
      await queue;
    },
  };
}
