import { QueryClient } from '@tanstack/react-query';

// Spec part 1 §9: unused data kept 5 minutes, 3 retries (TanStack Query's defaults, stated here on purpose).
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { gcTime: 5 * 60_000, retry: 3, refetchOnWindowFocus: false } },
  });
}
