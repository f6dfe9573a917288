// Server-Sent Events of GET /api/events: the SSE `event:` name and its JSON `data`.
import type { VerificationProgress } from './verification.ts';

/** Reconnect delays after a dropped stream (part 1 §8: 1, 2, 5, 10 s; the last one repeats). */
export const LIVE_RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/** The server writes a comment line this often so proxies keep the stream open (part 1 §8). */
export const LIVE_HEARTBEAT_MS = 25_000;
/** The same event for the same member within this window is sent once (part 1 §7). */
export const LIVE_DEDUPE_MS = 1_000;

export type LiveEventMap = {
  /** First message on every stream. */
  ready: { at: string };
  /** An import wrote a new workflow_stats row; `changed` when the library's contents moved. */
  workflow_stats: { lastUpdated: string; changed: boolean; total?: number };
  /** The member's own collection changed (another tab, device or an import). */
  collection: { action: 'added' | 'removed' | 'updated' | 'imported' | 'stack'; automationId?: string };
  /** Runs or ratings of an automation changed. */
  catalog: { automationId?: string };
  /**
   * The member's account changed on another device or tab: a sign-out everywhere, a deleted account,
   * a ban, access granted or revoked, a profile save. The page reads /api/me again (and signs out
   * when the session is gone).
   */
  account: Record<string, never>;
  /** Operators only: the console's n8n verification run moved (at most every 250 ms, and its end). */
  verification: VerificationProgress;
};
export type LiveEventType = keyof LiveEventMap;
export type LiveEvent = { [K in LiveEventType]: { type: K; data: LiveEventMap[K] } }[LiveEventType];
export const LIVE_EVENT_TYPES = [
  'ready',
  'workflow_stats',
  'collection',
  'catalog',
  'account',
  'verification',
] as const satisfies readonly LiveEventType[];
