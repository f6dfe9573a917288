import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from 'sonner';
import type { SearchSort } from '#shared/catalog/constants.ts';
import type { AutomationCard, CatalogSearchResponse } from '#shared/schemas/catalog.ts';
import type { CollectionList, Overview, RecordEvent } from '#shared/schemas/library.ts';
import { ApiError, api, unwrap } from '#web/lib/api.ts';
import { saveFile } from '#web/lib/save-file.ts';

// The dashboard's data: catalogue search (F2's API) and the member's library (collections, ratings,
// events, overview), through the typed client.

export const libraryKeys = {
  collections: ['library', 'collections'] as const,
  overview: ['library', 'overview'] as const,
  rating: (id: string) => ['library', 'rating', id] as const,
  search: (
    q: string,
    chips: string[],
    sort: SearchSort,
    integrations: string[] = [],
    stack = '',
    verified = false,
  ) => ['catalog', 'search', q, chips.join(','), sort, integrations.join(','), stack, verified] as const,
  integrations: ['catalog', 'integrations'] as const,
  variants: (id: string) => ['catalog', 'variants', id] as const,
};

/** Cards per page of search results; "Show more" loads the next page. */
export const SEARCH_PAGE_SIZE = 24;

export function useCatalogSearch(params: {
  q: string;
  chips: string[];
  sort: SearchSort;
  integrations?: string[];
  stack?: string[];
  stackMode?: 'only' | 'any' | null;
  /** Only templates that passed every check tried on a real n8n. */
  verified?: boolean;
}) {
  const integrations = params.integrations ?? [];
  const stack = params.stackMode ? (params.stack ?? []) : [];
  const stackKey = params.stackMode ? `${params.stackMode}:${stack.join(',')}` : '';
  return useInfiniteQuery({
    queryKey: libraryKeys.search(
      params.q,
      params.chips,
      params.sort,
      integrations,
      stackKey,
      !!params.verified,
    ),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (await unwrap(
        await api.catalog.automations.$get({
          query: {
            q: params.q,
            chips: params.chips.join(','),
            sort: params.sort,
            integrations: integrations.join(','),
            // An empty stack filters nothing out on the server; "only" with no apps means nothing fits.
            ...(params.stackMode
              ? { stack: stack.length ? stack.join(',') : '\u0001', stackMode: params.stackMode }
              : {}),
            ...(params.verified ? { verified: '1' as const } : {}),
            page: String(pageParam),
            pageSize: String(SEARCH_PAGE_SIZE),
          },
        }),
      )) as unknown as CatalogSearchResponse,
    getNextPageParam: (last, all) => (all.length * last.pageSize < last.total ? all.length + 1 : undefined),
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** Results the Ctrl/Cmd+K overlay shows while the member types: the member search, first page. */
export const QUICK_RESULTS = 6;

export function useQuickResults(q: string) {
  return useQuery({
    queryKey: ['catalog', 'quick', q] as const,
    queryFn: async ({ signal }) =>
      (await unwrap(
        await api.catalog.automations.$get(
          { query: { q, page: '1', pageSize: String(QUICK_RESULTS) } },
          { init: { signal } },
        ),
      )) as unknown as CatalogSearchResponse,
    enabled: q.trim() !== '',
    placeholderData: (previous) => previous,
    staleTime: 30_000,
  });
}

/** Every integration with its count: the facet's search box. */
export function useIntegrations(enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.integrations,
    queryFn: async () =>
      (await unwrap(await api.catalog.integrations.$get())) as { items: { name: string; count: number }[] },
    enabled,
    staleTime: 60_000,
  });
}

/** The other workflows with the same node types and wiring. */
export function useVariants(id: string, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.variants(id),
    queryFn: async () =>
      (await unwrap(await api.catalog.automations[':id'].variants.$get({ param: { id } }))) as {
        items: AutomationCard[];
      },
    enabled,
  });
}

export function useCollections(enabled = true) {
  return useQuery({
    queryKey: libraryKeys.collections,
    queryFn: async () => (await unwrap(await api.library.collections.$get())) as CollectionList,
    enabled,
    staleTime: 10_000,
  });
}

export function useOverview() {
  return useQuery({
    queryKey: libraryKeys.overview,
    queryFn: async () => (await unwrap(await api.library.overview.$get())) as Overview,
  });
}

/** Saved ids for the heart buttons. */
export function useSavedIds(): Set<string> {
  const { data } = useCollections();
  // One Set per collections answer, so memoised result lists do not re-render on every keystroke.
  return useMemo(() => new Set(data?.items.map((i) => i.automationId) ?? []), [data]);
}

/**
 * The heart: optimistic and idempotent. Saving twice answers 'Already in collection' (kept saved);
 * signed-out users get 'Authentication required'.
 */
export function useToggleSave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ card, saved }: { card: AutomationCard; saved: boolean }) => {
      if (saved) {
        await unwrap(
          await api.library.collections[':automationId'].$delete({ param: { automationId: card.id } }),
        );
        return 'removed' as const;
      }
      try {
        await unwrap(await api.library.collections.$post({ json: { automationId: card.id } }));
        return 'added' as const;
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return 'already' as const;
        throw error;
      }
    },
    onMutate: async ({ card, saved }) => {
      await qc.cancelQueries({ queryKey: libraryKeys.collections });
      const previous = qc.getQueryData<CollectionList>(libraryKeys.collections);
      if (previous) {
        const items = saved
          ? previous.items.filter((i) => i.automationId !== card.id)
          : [
              { automationId: card.id, name: '', notes: '', createdAt: new Date().toISOString(), card },
              ...previous.items.filter((i) => i.automationId !== card.id),
            ];
        qc.setQueryData<CollectionList>(libraryKeys.collections, { items, total: items.length });
      }
      return { previous };
    },
    onSuccess: (result, { card }) => {
      if (result === 'added') toast.success('Added to collection', { description: card.title });
      else if (result === 'removed') toast('Removed from collection', { description: card.title });
      else toast('Already in collection', { description: card.title });
    },
    onError: (error, { saved }, context) => {
      if (context?.previous) qc.setQueryData(libraryKeys.collections, context.previous);
      if (error instanceof ApiError && error.status === 401) toast.error('Authentication required');
      else
        toast.error('Error', {
          description: saved
            ? 'Failed to remove automation from collection'
            : 'Failed to add automation to collection',
        });
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: libraryKeys.collections });
      void qc.invalidateQueries({ queryKey: libraryKeys.overview });
    },
  });
}

/** Reports a view, copy or download (never blocks the action; a failure is only logged). */
export function recordEvent(input: RecordEvent): void {
  void api.library.events.$post({ json: input }).catch(() => {});
}

/**
 * Downloads the whole collection as one ZIP (GET /api/library/collections/archive) and returns the
 * file name; an ApiError carries the server's message.
 */
export async function downloadCollectionArchive(): Promise<string> {
  const response = await api.library.collections.archive.$get();
  if (!response.ok) await unwrap(response as unknown as Response);
  const raw = response as unknown as Response;
  const name =
    /filename="([^"]+)"/.exec(raw.headers.get('content-disposition') ?? '')?.[1] ??
    'flowvault-collection.zip';
  saveFile(await raw.blob(), name);
  return name;
}
