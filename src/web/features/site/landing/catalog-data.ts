import { useQuery } from '@tanstack/react-query';
import type { CatalogCounters, TrendingItem } from '#shared/schemas/catalog-public.ts';

// The landing page reads the catalogue through its public endpoints after hydration. The zod
// schemas load with the first call, so the validation library stays out of the initial bundle.

/** Live feed refresh: the spec asks for 60-120 s; a fixed 90 s keeps it deterministic. */
export const LIVE_REFRESH_MS = 90_000;

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

export function useCatalogCounters() {
  return useQuery({
    queryKey: ['catalog', 'counters'],
    queryFn: async (): Promise<CatalogCounters> => {
      const [{ CatalogCountersSchema }, body] = await Promise.all([
        import('#shared/schemas/catalog-public.ts'),
        getJson('/api/catalog/counters'),
      ]);
      return CatalogCountersSchema.parse(body);
    },
    // A failure shows the fallback at once (spec: '1,500+'); the next refresh tries again.
    retry: false,
    refetchInterval: LIVE_REFRESH_MS,
  });
}

export function useTrending() {
  return useQuery({
    queryKey: ['catalog', 'trending', 6],
    queryFn: async (): Promise<TrendingItem[]> => {
      const [{ TrendingResponseSchema }, body] = await Promise.all([
        import('#shared/schemas/catalog-public.ts'),
        getJson('/api/catalog/trending?limit=6'),
      ]);
      return TrendingResponseSchema.parse(body).items;
    },
    retry: false,
    refetchInterval: LIVE_REFRESH_MS,
  });
}
