import type { Database } from '#server/db/client.ts';
import { paymentEvents } from '#server/db/schema/billing.ts';
import type { PayPalCallRecord } from './paypal-transport.ts';

/** Appends PayPal calls made for a payment to its audit trail. */
export async function recordPayPalCalls(
  db: Database,
  target: { paymentId: string | null; providerOrderId: string | null },
  records: PayPalCallRecord[],
): Promise<void> {
  const rows = records
    .filter((r) => r.operation !== 'oauth-token')
    .map((r) => ({
      paymentId: target.paymentId,
      providerOrderId: target.providerOrderId,
      kind: 'api-call',
      name: r.operation,
      httpStatus: r.status,
      requestId: r.requestId ?? null,
      debugId: r.debugId ?? null,
      detail: { method: r.method, path: r.path, durationMs: r.durationMs, issue: r.issue, error: r.error },
    }));
  if (rows.length > 0) await db.insert(paymentEvents).values(rows);
}

export async function recordPaymentState(
  db: Database,
  target: { paymentId: string | null; providerOrderId: string | null },
  name: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(paymentEvents).values({ ...target, kind: 'state', name, detail });
}
