import { z } from 'zod';
import type { Auth } from '#server/auth/create-auth.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import type { PayPalSetup } from '#server/billing/paypal-setup.ts';
import type { Database, DbHandle } from '#server/db/client.ts';
import type { Viewer } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';

// What every console's routes share: their dependencies and the id parameters they validate.

export type AdminDeps = {
  db: Database;
  auth: Auth | undefined;
  billing: BillingDeps | undefined;
  paypal: PayPalSetup | undefined;
  /** Whether mail leaves by SMTP (else it stays in the outbox), for replies from the inbox. */
  smtpConfigured?: boolean;
  /** The database handle, bus and log the catalogue importer needs (operator uploads). */
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>;
  bus?: EventBus;
  log?: Logger;
};

/** The one route that takes a large body (up to 50 MB); app.ts leaves it out of the 1 MB limit. */
export const CATALOG_UPLOAD_PATH = '/api/admin/catalog/imports';

export const IdParam = z.object({ id: z.string().min(1).max(64) });
export const AutomationIdParam = z.object({ id: z.string().min(1).max(300) });
/** Imports, inbox messages and outbox mails are all keyed by uuid. */
export const UuidParam = z.object({ id: z.uuid('Invalid id.') });
export const PaymentIdParam = z.object({ id: z.uuid('Invalid payment id.') });

/**
 * Who acts on which row, for a console change: the signed-in operator (audited as the actor) and the
 * id from the path, on a route that validated its param with one of the id schemas above.
 */
export function actorOn<V extends Viewer>(c: {
  var: { viewer: V };
  req: { valid(target: 'param'): { id: string } };
}) {
  return { actor: c.var.viewer, id: c.req.valid('param').id };
}

export function billingOf(deps: AdminDeps): BillingDeps {
  if (!deps.billing) {
    throw new AppError('UPSTREAM_FAILED', { userMessage: 'PayPal is not configured on this server.' });
  }
  return deps.billing;
}
