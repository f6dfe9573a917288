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
import { listAudit, recordAudit } from './audit.ts';
import {
  editCatalogItem,
  getImport,
  listCatalogItems,
  listImports,
  MAX_UPLOAD_BYTES,
  readUpload,
  setDeployOverride,
  setPublished,
} from './catalog-admin.ts';
import { createImportRunner } from './import-jobs.ts';
import { listMessages, listOutbox, replyToMessage, retryMail, setHandled, subscribersCsv } from './inbox.ts';
import {
  fixAll,
  listPendingPayments,
  paymentHealth,
  processPayment,
  runReconciliation,
} from './payment-recovery.ts';
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
      const { paymentId, ...result } = await processPayment(billingOf(deps), c.req.valid('param').id);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.process',
        target: paymentId,
        detail: { outcome: result.outcome, success: result.success, error: result.error ?? null },
      });
      return c.json(result satisfies ProcessPaymentResult);
    })
    .get('/payments/health', requireAdmin, async (c) =>
      c.json(await paymentHealth({ db, paypalMode: deps.paypal?.mode ?? null })),
    )
    .post('/payments/reconcile', requireAdmin, async (c) => {
      const result = await runReconciliation(billingOf(deps));
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.reconcile',
        target: 'payment-reconciliation',
        detail: { totalChecked: result.totalChecked, recoveredCount: result.recoveredCount },
      });
      return c.json(result);
    })
    .post('/payments/fix-all', requireAdmin, async (c) => {
      const { repaired, ...result } = await fixAll(billingOf(deps));
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'payment.fix-all',
        target: 'payment-reconciliation',
        detail: { ...result.results, repaired },
      });
      return c.json(result satisfies FixAllResult);
    })
    .get('/users', requireAdmin, validate('query', UserSearchSchema), async (c) =>
      c.json(await searchUsers({ db }, c.req.valid('query').q)),
    )
    .put(
      '/users/:id/role',
      requireAdmin,
      validate('param', IdParam),
      validate('json', RoleChangeSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const result = await changeRole(users, {
          actorId: c.var.viewer.userId,
          userId,
          role: c.req.valid('json').role,
        });
        await recordAudit(db, {
          actor: c.var.viewer,
          action: 'user.role-change',
          target: userId,
          detail: result,
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
        const { action, reason } = c.req.valid('json');
        const result = await changeAccess(users, { userId, action });
        await recordAudit(db, {
          actor: c.var.viewer,
          action: action === 'grant' ? 'user.grant-access' : 'user.revoke-access',
          target: userId,
          reason,
          detail: result,
        });
        return c.json({ success: true, changed: result.changed });
      },
    )
    .post('/users/:id/password-reset', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await sendPasswordReset({ db, auth: deps.auth }, userId);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'user.password-reset',
        target: userId,
        detail: result,
      });
      return c.json({ success: true });
    })
    .post('/users/:id/end-sessions', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await endSessions(users, userId);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'user.end-sessions',
        target: userId,
        detail: result,
      });
      return c.json({ success: true, ended: result.ended });
    })
    .post(
      '/users/:id/ban',
      requireAdmin,
      validate('param', IdParam),
      validate('json', BanSchema),
      async (c) => {
        const userId = c.req.valid('param').id;
        const { banned, reason } = c.req.valid('json');
        const result = await setBanned(users, { actorId: c.var.viewer.userId, userId, banned, reason });
        await recordAudit(db, {
          actor: c.var.viewer,
          action: banned ? 'user.ban' : 'user.unban',
          target: userId,
          reason,
          detail: result,
        });
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
        const paymentId = c.req.valid('param').id;
        const { reason } = c.req.valid('json');
        const result = await refundPayment(billingOf(deps), paymentId);
        await recordAudit(db, {
          actor: c.var.viewer,
          action: 'payment.refund',
          target: paymentId,
          reason,
          detail: result,
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
      c.json(await listMessages(db, c.req.valid('query').status)),
    )
    .post(
      '/inbox/messages/:id/handled',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', HandledSchema),
      async (c) => {
        const id = c.req.valid('param').id;
        const result = await setHandled(db, id, c.req.valid('json').handled);
        await recordAudit(db, {
          actor: c.var.viewer,
          action: result.handled ? 'inbox.handled' : 'inbox.reopen',
          target: id,
          detail: { email: result.email },
        });
        return c.json({ success: true, handled: result.handled });
      },
    )
    .post(
      '/inbox/messages/:id/reply',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', ReplySchema),
      async (c) => {
        const id = c.req.valid('param').id;
        const result = await replyToMessage(
          { db, log: deps.log, smtpConfigured: deps.smtpConfigured ?? false },
          id,
          c.req.valid('json').body,
        );
        await recordAudit(db, { actor: c.var.viewer, action: 'inbox.reply', target: id, detail: result });
        return c.json({ success: true });
      },
    )
    .get('/inbox/subscribers.csv', requireAdmin, async (c) => {
      const { csv, rows } = await subscribersCsv(db);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'newsletter.export',
        target: 'newsletter_subscribers',
        detail: { rows },
      });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .get('/inbox/outbox', requireAdmin, validate('query', OutboxQuerySchema), async (c) =>
      c.json(await listOutbox(db, c.req.valid('query').status)),
    )
    .post('/inbox/outbox/:id/retry', requireAdmin, validate('param', UuidParam), async (c) => {
      const id = c.req.valid('param').id;
      const result = await retryMail(db, id);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'mail.retry',
        target: id,
        detail: { to: result.to },
      });
      return c.json({ success: true });
    })
    .post('/users/:id/resend-verification', requireAdmin, validate('param', IdParam), async (c) => {
      const userId = c.req.valid('param').id;
      const result = await resendVerification({ db, auth: deps.auth }, userId);
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'user.resend-verification',
        target: userId,
        detail: result,
      });
      return c.json({ success: true });
    })
    .get('/users/:id/sign-ins', requireAdmin, validate('param', IdParam), async (c) => {
      const target = await getUser({ db }, c.req.valid('param').id);
      return c.json(await listSignIns(db, target.email));
    })
    .post('/test-login', requireAdmin, validate('json', TestLoginSchema), async (c) => {
      const result = await testOwnLogin(
        { db, auth: deps.auth },
        c.var.viewer.userId,
        c.req.valid('json').password,
      );
      await recordAudit(db, {
        actor: c.var.viewer,
        action: 'auth.test-login',
        target: c.var.viewer.userId,
        detail: { success: result.success },
      });
      return c.json(result);
    })
    .get('/audit', requireAdmin, validate('query', AuditQuerySchema), async (c) =>
      c.json(await listAudit(db, c.req.valid('query'))),
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
        const input = readUpload(uploads);
        const fileName = uploads.map((u) => u.name).join(', ');
        const { importRow } = await runner.start(c.var.viewer, fileName, input);
        await recordAudit(db, {
          actor: c.var.viewer,
          action: 'catalog.import',
          target: importRow.id,
          detail: {
            files: fileName,
            workflowFiles: input.files.length,
            manifestRows: input.manifestRows?.length ?? 0,
          },
        });
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
        const id = c.req.valid('param').id;
        const result = await editCatalogItem(catalog, id, c.req.valid('json'));
        if (Object.keys(result.changed).length > 0) {
          await recordAudit(db, {
            actor: c.var.viewer,
            action: 'catalog.edit',
            target: id,
            detail: result.changed,
          });
        }
        return c.json({ success: true, changed: Object.keys(result.changed) });
      },
    )
    .put(
      '/catalog/items/:id/published',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', PublishSchema),
      async (c) => {
        const id = c.req.valid('param').id;
        const result = await setPublished(catalog, id, c.req.valid('json').published);
        if (result.changed) {
          await recordAudit(db, {
            actor: c.var.viewer,
            action: result.published ? 'catalog.publish' : 'catalog.unpublish',
            target: id,
            detail: { title: result.title },
          });
        }
        return c.json({ success: true, published: result.published });
      },
    )
    .put(
      '/catalog/items/:id/deploy-override',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', DeployOverrideSchema),
      async (c) => {
        const id = c.req.valid('param').id;
        const result = await setDeployOverride(catalog, id, c.req.valid('json').override);
        if (result.changed) {
          await recordAudit(db, {
            actor: c.var.viewer,
            action: result.override ? 'catalog.deploy-override' : 'catalog.deploy-override-withdrawn',
            target: id,
            detail: { title: result.title, deployable: result.deployable },
          });
        }
        return c.json({ success: true, override: result.override, deployable: result.deployable });
      },
    );
}
