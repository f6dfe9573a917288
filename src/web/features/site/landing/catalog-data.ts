import { useSyncExternalStore } from 'react';
import type { CatalogCounters, TrendingResponse } from '#shared/schemas/catalog-public.ts';
import { api, unwrap } from '#web/lib/api.ts';

// The landing page reads the catalogue through its public endpoints after hydration, with the app's
// typed client. It is part of the public site, which ships no query library (its JavaScript budget is
// 100 KB gzipped; TanStack Query's QueryClient and useQuery alone are ~10 KB): each endpoint is one small
// shared store that fetches while a component shows it and refreshes on a timer. It checks only that the
// numbers it shows are numbers (loading zod and its schemas for that cost a slow phone ~100 ms of blocked
// main thread).

/** Live feed refresh: the spec asks for 60-120 s; a fixed 90 s keeps it deterministic. */
export const LIVE_REFRESH_MS = 90_000;

export type LiveData<T> =
  | { isPending: true; isError: false; data: undefined }
  | { isPending: false; isError: true; data: undefined }
  | { isPending: false; isError: false; data: T };

const PENDING = { isPending: true, isError: false, data: undefined } as const;
const FAILED = { isPending: false, isError: true, data: undefined } as const;

/**
 * One endpoint's data shared by every component that shows it: fetched when the first one mounts,
 * refreshed every `LIVE_REFRESH_MS` while any is mounted. A failed refresh keeps the last good data; with
 * none, the state is an error (the counter then shows its fallback) until a refresh succeeds.
 */
export function liveResource<T>(load: () => Promise<T>) {
  let state: LiveData<T> = PENDING;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;

  const set = (next: LiveData<T>) => {
    state = next;
    for (const listener of listeners) listener();
  };
  const refresh = () =>
    load().then(
      (data) => set({ isPending: false, isError: false, data }),
      (error: unknown) => {
        console.warn('live data failed to load', error);
        if (state.data === undefined) set(FAILED);
      },
    );
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    if (listeners.size === 1) {
      void refresh();
      timer = setInterval(refresh, LIVE_REFRESH_MS);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) clearInterval(timer);
    };
  };
  return {
    use: (): LiveData<T> =>
      useSyncExternalStore(
        subscribe,
        () => state,
        () => PENDING,
      ),
    /** Forgets the data (tests start each case from a fresh fetch). */
    reset: () => {
      state = PENDING;
    },
  };
}

const isCount = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

export const catalogCounters = liveResource(async (): Promise<CatalogCounters> => {
  const body: CatalogCounters = await unwrap(await api.catalog.counters.$get());
  if (!isCount(body?.totalWorkflows) || !isCount(body.categories) || !isCount(body.integrations))
    throw new Error('/api/catalog/counters answered an unexpected body');
  return body;
});

export const trending = liveResource(async (): Promise<TrendingResponse> => {
  const body: TrendingResponse = await unwrap(await api.catalog.trending.$get({ query: { limit: '6' } }));
  if (
    (body?.ranking !== 'trending' && body?.ranking !== 'new') ||
    !Array.isArray(body.items) ||
    !body.items.every((item) => isCount(item?.runs))
  )
    throw new Error('/api/catalog/trending answered an unexpected body');
  return body;
});

export const useCatalogCounters = catalogCounters.use;
export const useTrending = trending.use;
