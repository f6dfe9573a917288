import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { libraryKeys } from '#web/features/library/library-api.ts';
import { ratingQueries } from '#web/lib/tab-sync.ts';
import { type LiveConnection, openLiveConnection, type SyncState } from './live-connection.ts';

/**
 * Keeps the dashboard in step with the server: collection changes from other tabs and devices,
 * new workflows (workflow_stats) and runs or ratings (catalogue activity). Returns the chip's state.
 */
export function useLiveSync(): { state: SyncState; syncNow(): void } {
  const qc = useQueryClient();
  const { recheck } = useAuth();
  const [state, setState] = useState<SyncState>('connecting');
  const connection = useRef<LiveConnection | undefined>(undefined);

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setState('disconnected');
      return;
    }
    let activityTimer: ReturnType<typeof setTimeout> | undefined;
    const touched = new Set<string>();
    const live = openLiveConnection({
      onState: setState,
      onWarning: () =>
        toast.warning('Connection Warning', { description: 'Real-time sync temporarily unavailable.' }),
      onEvent: (type, data) => {
        if (type === 'account') {
          // Another device signed out everywhere, deleted the account or saved the profile: read the
          // account again; a session that is gone signs this page out at once.
          void recheck();
        } else if (type === 'collection') {
          // "My stack" changes travel with the collection events (action "stack").
          void qc.invalidateQueries({ queryKey: ['catalog', 'stack'] });
          void qc.invalidateQueries({ queryKey: libraryKeys.collections });
          void qc.invalidateQueries({ queryKey: libraryKeys.overview });
        } else if (type === 'workflow_stats') {
          void qc.invalidateQueries({ queryKey: ['catalog'] });
          const stats = data as { changed: boolean; total?: number };
          if (stats.changed) {
            toast.success('New workflows available', {
              description:
                stats.total === undefined
                  ? 'The library has been updated.'
                  : `The library now holds ${stats.total.toLocaleString('en-US')} workflows.`,
            });
          }
        } else if (type === 'catalog') {
          // Runs and ratings move often: refresh the visible figures at most once a second.
          const { automationId } = data as { automationId?: string };
          if (automationId) touched.add(automationId);
          activityTimer ??= setTimeout(() => {
            activityTimer = undefined;
            void qc.invalidateQueries({ queryKey: ['catalog', 'search'] });
            void qc.invalidateQueries({ queryKey: ['catalog', 'ai-agents'] });
            // A rating given on another device: that automation's own figures too.
            for (const id of touched)
              for (const queryKey of ratingQueries(id)) void qc.invalidateQueries({ queryKey });
            touched.clear();
          }, 1_000);
        }
      },
    });
    connection.current = live;
    return () => {
      if (activityTimer) clearTimeout(activityTimer);
      live.stop();
      connection.current = undefined;
    };
  }, [qc, recheck]);

  const syncNow = useCallback(() => {
    void qc.invalidateQueries();
    connection.current?.reconnect();
  }, [qc]);

  return { state, syncNow };
}
