import {
  LIVE_EVENT_TYPES,
  LIVE_RECONNECT_DELAYS_MS,
  type LiveEventMap,
  type LiveEventType,
} from '#shared/schemas/live-events.ts';

// The browser side of GET /api/events: one EventSource, reopened after 1, 2, 5, 10, 10… s when it
// drops (we close it ourselves on error so the backoff is ours, not the browser's fixed retry).

export type SyncState = 'connecting' | 'connected' | 'disconnected';

type EventSourceLike = {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
};

export type LiveConnectionOptions = {
  url?: string;
  onState(state: SyncState): void;
  onEvent<T extends LiveEventType>(type: T, data: LiveEventMap[T]): void;
  /** Called once per outage (the 'Connection Warning' toast), again only after a successful open. */
  onWarning(): void;
  createSource?: (url: string) => EventSourceLike;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
};

export type LiveConnection = {
  /** Reconnects now when not connected (the manual sync button). */
  reconnect(): void;
  stop(): void;
};

export function reconnectDelay(attempt: number): number {
  return LIVE_RECONNECT_DELAYS_MS[Math.min(attempt, LIVE_RECONNECT_DELAYS_MS.length - 1)]!;
}

export function openLiveConnection(options: LiveConnectionOptions): LiveConnection {
  const url = options.url ?? '/api/events';
  const createSource =
    options.createSource ?? ((u: string) => new EventSource(u, { withCredentials: true }) as EventSourceLike);
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  const cancel = options.cancel ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let source: EventSourceLike | undefined;
  let timer: unknown;
  let attempt = 0;
  let warned = false;
  let connected = false;
  let stopped = false;

  const connect = () => {
    if (stopped) return;
    timer = undefined;
    options.onState('connecting');
    const next = createSource(url);
    source = next;
    next.onopen = () => {
      if (source !== next) return;
      attempt = 0;
      warned = false;
      connected = true;
      options.onState('connected');
    };
    next.onerror = () => {
      if (source !== next) return;
      next.close();
      source = undefined;
      connected = false;
      options.onState('disconnected');
      if (!warned) {
        warned = true;
        options.onWarning();
      }
      timer = schedule(connect, reconnectDelay(attempt));
      attempt += 1;
    };
    for (const type of LIVE_EVENT_TYPES) {
      next.addEventListener(type, (event) => {
        if (source !== next) return;
        try {
          options.onEvent(type, JSON.parse(event.data as string));
        } catch {
          // A malformed message is ignored; the stream goes on.
        }
      });
    }
  };
  connect();

  return {
    reconnect() {
      if (stopped || connected) return;
      if (timer !== undefined) cancel(timer);
      source?.close();
      source = undefined;
      attempt = 0;
      connect();
    },
    stop() {
      stopped = true;
      if (timer !== undefined) cancel(timer);
      source?.close();
      source = undefined;
    },
  };
}
