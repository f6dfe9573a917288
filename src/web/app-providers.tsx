import { type QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { AuthProvider } from '#web/features/auth/auth-context.tsx';
import { listenToTabs, ratingQueries } from '#web/lib/tab-sync.ts';

/** A rating given in another tab of this browser refreshes the figures this tab shows. */
function TabQuerySync() {
  const qc = useQueryClient();
  useEffect(
    () =>
      listenToTabs((message) => {
        if (message.kind !== 'rating') return;
        for (const queryKey of ratingQueries(message.automationId)) void qc.invalidateQueries({ queryKey });
      }),
    [qc],
  );
  return null;
}

/** Providers shared by the browser entry and the prerenderer, so both render the same tree. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TabQuerySync />
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}
