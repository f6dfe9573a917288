import { RefreshCw } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import type { SyncState } from './live-connection.ts';

const LABELS: Record<SyncState, string> = {
  connected: 'Live',
  connecting: 'Connecting...',
  disconnected: 'Offline',
};

/** The sync status chip: connected, connecting or disconnected, with a manual sync button. */
export function SyncChip({ state, onSync }: { state: SyncState; onSync(): void }) {
  return (
    <div
      data-sync-state={state}
      className="flex items-center gap-1 rounded-full border border-slate-200 py-0.5 pl-2.5 pr-0.5 text-xs font-medium dark:border-slate-700"
    >
      <span
        aria-hidden="true"
        className={cn(
          'h-2 w-2 rounded-full',
          state === 'connected' && 'bg-emerald-500',
          state === 'connecting' && 'animate-pulse bg-amber-500 motion-reduce:animate-none',
          state === 'disconnected' && 'bg-red-500',
        )}
      />
      <span role="status" className="hidden text-slate-700 sm:inline dark:text-slate-300">
        <span className="sr-only">Sync: </span>
        {LABELS[state]}
      </span>
      <button
        type="button"
        onClick={onSync}
        aria-label="Sync now"
        title="Sync now"
        className="rounded-full p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <RefreshCw aria-hidden="true" className="h-3.5 w-3.5" />
      </button>
    </div>
  );
}
