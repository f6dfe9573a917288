import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import type { PayPalClient } from './paypal-client.ts';

/** What the billing services need; passed explicitly so tests give real ones (sandbox, database). */
export type BillingDeps = {
  db: Database;
  paypal: PayPalClient;
  log: Logger;
  baseUrl: string;
  /**
   * Origins the buyer may start a checkout from (auth's trusted origins): PayPal sends the buyer back
   * to the one they started on, where their session cookie is. Anything else falls back to baseUrl.
   */
  trustedOrigins?: string[];
  smtpConfigured: boolean;
  now?: () => Date;
  /** Carries 'viewer.changed' when access is granted or revoked (defaults to the process bus). */
  bus?: EventBus;
  /** Waits between retries of a PayPal call whose outcome is unknown (tests pass a short one). */
  sleep?: (ms: number) => Promise<void>;
};

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
