import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { type LiveConnection, openLiveConnection } from '#web/features/dashboard/live-connection.ts';
import { api, unwrap } from '#web/lib/api.ts';

export const verificationProgressKey = ['admin', 'n8n-verification'] as const;

const readProgress = async () =>
  (await unwrap(await api.admin['n8n-verification'].$get())) as VerificationProgress;

/**
 * The console verification's progress, live from the operator's stream (GET /api/events). The state
 * is read once per opened stream, after its `ready` (the server hears the bus for it by then), so
 * a reload or a dropped stream still shows the truth; every change in between arrives as an event.
 */
export function useVerificationProgress() {
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(() => typeof EventSource === 'undefined');
  const progress = useQuery({ queryKey: verificationProgressKey, queryFn: readProgress, enabled });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let read = false;
    const readOnce = () => {
      if (read) void queryClient.invalidateQueries({ queryKey: verificationProgressKey });
      read = true;
      setEnabled(true);
    };
    const open = (): LiveConnection =>
      openLiveConnection({
        onState: (state) => {
          // A stream that cannot open still shows the last known state.
          if (state === 'disconnected' && !read) readOnce();
        },
        // A dropped stream is retried quietly; once it reopens the state is read again.
        onWarning: () => {},
        onEvent: (type, data) => {
          if (type === 'ready') readOnce();
          if (type === 'account') {
            // The server sends no more operator events to a stream once the account changed (the
            // role may be gone): a new stream has the role read again.
            live.stop();
            live = open();
          }
          if (type === 'verification') {
            // An answer still on its way may predate this event: the event wins (the end is always sent).
            void queryClient.cancelQueries({ queryKey: verificationProgressKey });
            queryClient.setQueryData(verificationProgressKey, data as VerificationProgress);
          }
        },
      });
    let live = open();
    return () => live.stop();
  }, [queryClient]);

  return progress;
}
