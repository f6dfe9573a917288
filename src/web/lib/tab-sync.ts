// The member's other open tabs of this browser hear what this tab changed (BroadcastChannel): a sign-out
// or a deleted account signs them out at once, a profile save and a rating show there without a reload.
// Other devices hear ratings through the live stream (use-live-sync.ts).

export type TabMessage =
  | { kind: 'signed-out' }
  | { kind: 'profile' }
  | { kind: 'rating'; automationId: string };

const CHANNEL = 'flowvault-tabs';
let channel: BroadcastChannel | null | undefined;

/** One channel per tab for sending and hearing: a tab never hears its own messages. */
function tabChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
  }
  return channel;
}

export function announceToTabs(message: TabMessage): void {
  tabChannel()?.postMessage(message);
}

/** Calls `onMessage` for each message another tab sends; returns the unsubscribe function. */
export function listenToTabs(onMessage: (message: TabMessage) => void): () => void {
  const ch = tabChannel();
  if (!ch) return () => {};
  const handler = (event: MessageEvent<TabMessage>) => onMessage(event.data);
  ch.addEventListener('message', handler);
  return () => ch.removeEventListener('message', handler);
}

/**
 * Every query that shows an automation's rating: the member's own (libraryKeys.rating), the detail,
 * search and AI agents. Kept here, not in the dashboard's chunk, for the app's providers.
 */
export function ratingQueries(automationId: string) {
  return [
    ['library', 'rating', automationId],
    ['catalog', 'automation', automationId],
    ['catalog', 'search'],
    ['catalog', 'ai-agents'],
  ] as const;
}
