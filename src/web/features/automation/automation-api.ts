import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutomationCard, AutomationDetail, AutomationPreview } from '#shared/schemas/catalog.ts';
import type { RatingState } from '#shared/schemas/library.ts';
import { libraryKeys } from '#web/features/library/library-api.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { announceToTabs } from '#web/lib/tab-sync.ts';

export function useAutomationDetail(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'automation', id],
    queryFn: async () =>
      (await unwrap(await api.catalog.automations[':id'].$get({ param: { id } }))) as AutomationDetail,
    enabled,
    retry: false,
    // The spec's detail sync: runs and ratings refresh every 60 s.
    refetchInterval: 60_000,
  });
}

export function useAutomationPreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'preview', id],
    queryFn: async () =>
      (await unwrap(
        await api.catalog.automations[':id'].preview.$get({ param: { id } }),
      )) as AutomationPreview,
    enabled,
    retry: false,
  });
}

export function useByAuthor(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'by-author', id],
    queryFn: async () =>
      (await unwrap(
        await api.catalog.automations[':id']['by-author'].$get({ param: { id } }),
      )) as unknown as {
        items: AutomationCard[];
      },
    enabled,
  });
}

export function useMyRating(id: string, enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.rating(id),
    queryFn: async () =>
      (await unwrap(
        await api.library.ratings[':automationId'].$get({ param: { automationId: id } }),
      )) as RatingState,
    enabled,
  });
}

export function useRate(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (stars: number) =>
      (await unwrap(
        await api.library.ratings[':automationId'].$put({ param: { automationId: id }, json: { stars } }),
      )) as RatingState,
    onSuccess: (state) => {
      qc.setQueryData(libraryKeys.rating(id), state);
      // The detail header shows the same figure: it follows at once, not at the next 60 s refresh.
      qc.setQueryData<AutomationDetail>(
        ['catalog', 'automation', id],
        (old) => old && { ...old, rating: state.rating, ratingCount: state.ratingCount },
      );
      announceToTabs({ kind: 'rating', automationId: id });
    },
  });
}
