import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Auth } from '#server/auth/create-auth.ts';
import { requireAdmin } from '#server/auth/guards.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import type { PayPalSetup } from '#server/billing/paypal-setup.ts';
import type { Database, DbHandle } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { validate } from '#server/lib/validate.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import {
  AccessChangeSchema,
  AdminCatalogQuerySchema,
  AuditQuerySchema,
  BanSchema,
  CatalogEditSchema,
  DeployOverrideSchema,
  type FixAllResult,
  HandledSchema,
  InboxQuerySchema,
  OutboxQuerySchema,
  type ProcessPaymentResult,
  PublishSchema,
  type RefundResult,
  RefundSchema,
  ReplySchema,
  RoleChangeSchema,
  TestLoginSchema,
  UserSearchSchema,
} from '#shared/schemas/admin.ts';
import { listAudit } from './audit.ts';
import {
  createImportRunner,
  getImport,
  listCatalogItems,
  listImports,
  MAX_UPLOAD_BYTES,
} from './catalog-admin.ts';
import { editCatalogItem, setDeployOverride, setPublished, startCatalogImport } from './catalog-curation.ts';
import { listMessages, listOutbox, replyToMessage, retryMail, setHandled, subscribersCsv } from './inbox.ts';
import { paymentHealth } from './payment-health.ts';
import { fixAll, listPendingPayments, processPayment, runReconciliation } from './payment-recovery.ts';
import { refundPayment } from './refund-payment.ts';
import { listSignIns } from './sign-in-events.ts';
import {
  changeAccess,
  changeRole,
  endSessions,
  getUser,
  listUserPayments,
  resendVerification,
  searchUsers,
  sendPasswordReset,
  setBanned,
  testOwnLogin,
} from './users.ts';

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

const IdParam = z.object({ id: z.string().min(1).max(64) });
const AutomationIdParam = z.object({ id: z.string().min(1).max(300) });
/** Imports, inbox messages and outbox mails are all keyed by uuid. */
const UuidParam = z.object({ id: z.uuid('Invalid id.') });
const PaymentIdParam = z.object({ id: z.uuid('Invalid payment id.') });

function billingOf(deps: AdminDeps): BillingDeps {
  if (!deps.billing) {
    throw new AppError('UPSTREAM_FAILED', { userMessage: 'PayPal is not configured on this server.' });
  }
  return deps.billing;
}

/** The operator console's API. Every route is for the admin role only (404 for anyone else). */
export function adminRoutes(deps: AdminDeps) {
  const db = deps.db;
  // What the user actions need: the bus carries 'viewer.changed' so their cached sessions end at once.
  const users = { db, bus: deps.bus };
  const catalog = { database: deps.database, bus: deps.bus, log: deps.log };
  const runner = createImportRunner(catalog);
  return new Hono<AppEnv>()
    .get('/payments/pending', requireAdmin, async (c) => c.json(await listPendingPayments({ db })))
    .post('/payments/:id/process', requireAdmin, validate('param', PaymentIdParam), async (c) => {
      const paymentId = c.req.valid('param').id;
      const result = await processPayment(billingOf(deps), { paymentId, actor: c.var.viewer });
      return c.json(result satisfies ProcessPaymentResult);
    })
    .get('/payments/health', requireAdmin, async (c) =>
      c.json(await paymentHealth({ db, paypalMode: deps.paypal?.mode ?? null })),
    )
    .post('/payments/reconcile', requireAdmin, async (c) =>
      c.json(await runReconciliation(billingOf(deps), { actor: c.var.viewer })),
    )
    .post('/payments/fix-all', requireAdmin, async (c) =>
      c.json((await fixAll(billingOf(deps), { actor: c.var.viewer })) satisfies FixAllResult),
    )
    .get('/users', requireAdmin, validate('query', UserSearchSchema), async (c) =>
      c.json(await searchUsers({ db }, c.req.valid('query').q)),
    )
    .put(
      '/users/:id/role',
      requireAdmin,
      validate('param', IdParam),
      validate('json', RoleChangeSchema),
      async (c) => {
        const result = await changeRole(users, {
          actor: c.var.viewer,
          userId: c.req.valid('param').id,
          role: c.req.valid('json').role,
        });
        return c.json({ success: true, role: result.role });
      },
    )
    .post(
      '/users/:id/access',
      requireAdmin,
      validate('param', IdParam),
      validate('json', AccessChangeSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const result = await changeAccess(users, { actor: c.var.viewer, userId, ...c.req.valid('json') });
        return c.json({ success: true, changed: result.changed });
      },
    )
    .post('/users/:id/password-reset', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      await sendPasswordReset({ db, auth: deps.auth }, { actor: c.var.viewer, userId });
      return c.json({ success: true });
    })
    .post('/users/:id/end-sessions', requireAdmin, validate('param', IdParam), async (c) => {
      const result = await endSessions(users, { actor: c.var.viewer, userId: c.req.valid('param').id });
      return c.json({ success: true, ended: result.ended });
    })
    .post(
      '/users/:id/ban',
      requireAdmin,
      validate('param', IdParam),
      validate('json', BanSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const result = await setBanned(users, { actor: c.var.viewer, userId, ...c.req.valid('json') });
        return c.json({ success: true, banned: result.banned, sessionsEnded: result.sessionsEnded });
      },
    )
    .get('/users/:id/payments', requireAdmin, validate('param', IdParam), async (c) =>
      c.json(await listUserPayments({ db }, c.req.valid('param').id)),
    )
    .post(
      '/payments/:id/refund',
      requireAdmin,
      validate('param', PaymentIdParam),
      validate('json', RefundSchema),
      async (c) => {
        const result = await refundPayment(billingOf(deps), {
          paymentId: c.req.valid('param').id,
          actor: c.var.viewer,
          reason: c.req.valid('json').reason,
        });
        return c.json({
          success: true,
          refundId: result.refundId,
          refundStatus: result.refundStatus,
          accessRevoked: result.accessRevoked,
        } satisfies RefundResult);
      },
    )
    .get('/inbox/messages', requireAdmin, validate('query', InboxQuerySchema), async (c) =>
      c.json(await listMessages({ db }, c.req.valid('query').status)),
    )
    .post(
      '/inbox/messages/:id/handled',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', HandledSchema),
      async (c) => {
        const result = await setHandled(
          { db },
          { actor: c.var.viewer, id: c.req.valid('param').id, handled: c.req.valid('json').handled },
        );
        return c.json({ success: true, handled: result.handled });
      },
    )
    .post(
      '/inbox/messages/:id/reply',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', ReplySchema),
      async (c) => {
        await replyToMessage(
          { db, log: deps.log, smtpConfigured: deps.smtpConfigured ?? false },
          { actor: c.var.viewer, id: c.req.valid('param').id, body: c.req.valid('json').body },
        );
        return c.json({ success: true });
      },
    )
    .get('/inbox/subscribers.csv', requireAdmin, async (c) => {
      const { csv } = await subscribersCsv({ db }, { actor: c.var.viewer });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .get('/inbox/outbox', requireAdmin, validate('query', OutboxQuerySchema), async (c) =>
      c.json(await listOutbox({ db }, c.req.valid('query').status)),
    )
    .post('/inbox/outbox/:id/retry', requireAdmin, validate('param', UuidParam), async (c) => {
      await retryMail({ db }, { actor: c.var.viewer, id: c.req.valid('param').id });
      return c.json({ success: true });
    })
    .post('/users/:id/resend-verification', requireAdmin, validate('param', IdParam), async (c) => {
      await resendVerification(
        { db, auth: deps.auth },
        { actor: c.var.viewer, userId: c.req.valid('param').id },
      );
      return c.json({ success: true });
    })
    .get('/users/:id/sign-ins', requireAdmin, validate('param', IdParam), async (c) => {
      const target = await getUser({ db }, c.req.valid('param').id);
      return c.json(await listSignIns({ db }, target.email));
    })
    .post('/test-login', requireAdmin, validate('json', TestLoginSchema), async (c) => {
      const result = await testOwnLogin(
        { db, auth: deps.auth },
        { actor: c.var.viewer, password: c.req.valid('json').password },
      );
      return c.json(result);
    })
    .get('/audit', requireAdmin, validate('query', AuditQuerySchema), async (c) =>
      c.json(await listAudit({ db }, c.req.valid('query'))),
    )
    .post(
      '/catalog/imports',
      requireAdmin,
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', { userMessage: 'The upload is larger than 50 MB.' });
        },
      }),
      async (c) => {
        const form = await c.req.parseBody({ all: true });
        const given = form.files;
        const list = (Array.isArray(given) ? given : given ? [given] : []).filter(
          (f): f is File => typeof f !== 'string',
        );
        if (list.length === 0) {
          throw new AppError('BAD_REQUEST', {
            userMessage: 'Choose a ZIP, workflow .json files or a manifest to upload.',
          });
        }
        const uploads = await Promise.all(
          list.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
        );
        const importRow = await startCatalogImport({ ...catalog, runner }, { actor: c.var.viewer, uploads });
        return c.json(importRow, 202);
      },
    )
    .get('/catalog/imports', requireAdmin, async (c) => c.json(await listImports(catalog)))
    .get('/catalog/imports/:id', requireAdmin, validate('param', UuidParam), async (c) =>
      c.json(await getImport(catalog, c.req.valid('param').id)),
    )
    .get('/catalog/imports/:id/events', requireAdmin, validate('param', UuidParam), async (c) => {
      const id = c.req.valid('param').id;
      await getImport(catalog, id); // 404 before the stream starts
      return streamSSE(c, async (stream) => {
        let last = '';
        while (!stream.aborted) {
          const row = await getImport(catalog, id);
          const text = JSON.stringify(row);
          if (text !== last) {
            last = text;
            await stream.writeSSE({ event: 'progress', data: text });
          }
          if (row.status === 'done' || row.status === 'failed') break;
          await stream.sleep(400);
        }
      });
    })
    .get('/catalog/items', requireAdmin, validate('query', AdminCatalogQuerySchema), async (c) =>
      c.json(await listCatalogItems(catalog, c.req.valid('query'))),
    )
    .patch(
      '/catalog/items/:id',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', CatalogEditSchema),
      async (c) => {
        const result = await editCatalogItem(catalog, {
          actor: c.var.viewer,
          id: c.req.valid('param').id,
          edit: c.req.valid('json'),
        });
        return c.json({ success: true, changed: Object.keys(result.changed) });
      },
    )
    .put(
      '/catalog/items/:id/published',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', PublishSchema),
      async (c) => {
        const result = await setPublished(catalog, {
          actor: c.var.viewer,
          id: c.req.valid('param').id,
          published: c.req.valid('json').published,
        });
        return c.json({ success: true, published: result.published });
      },
    )
    .put(
      '/catalog/items/:id/deploy-override',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', DeployOverrideSchema),
      async (c) => {
        const result = await setDeployOverride(catalog, {
          actor: c.var.viewer,
          id: c.req.valid('param').id,
          override: c.req.valid('json').override,
        });
        return c.json({ success: true, override: result.override, deployable: result.deployable });
      },
    );
}
