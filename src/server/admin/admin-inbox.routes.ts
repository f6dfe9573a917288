import { Hono } from 'hono';
import { requireAdmin } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { HandledSchema, InboxQuerySchema, OutboxQuerySchema, ReplySchema } from '#shared/schemas/admin.ts';
import { type AdminDeps, actorOn, UuidParam } from './admin-deps.ts';
import { listMessages, listOutbox, replyToMessage, retryMail, setHandled, subscribersCsv } from './inbox.ts';

/** The inbox console: contact messages, replies, the newsletter CSV and the mail outbox. Admin role only (404 for anyone else). */
export function adminInboxRoutes(deps: AdminDeps) {
  const db = deps.db;
  return new Hono<AppEnv>()
    .get('/messages', requireAdmin, validate('query', InboxQuerySchema), async (c) =>
      c.json(await listMessages({ db }, c.req.valid('query').status)),
    )
    .post(
      '/messages/:id/handled',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', HandledSchema),
      async (c) => {
        const result = await setHandled({ db }, { ...actorOn(c), handled: c.req.valid('json').handled });
        return c.json({ success: true, handled: result.handled });
      },
    )
    .post(
      '/messages/:id/reply',
      requireAdmin,
      validate('param', UuidParam),
      validate('json', ReplySchema),
      async (c) => {
        await replyToMessage(
          { db, log: deps.log, smtpConfigured: deps.smtpConfigured ?? false },
          { ...actorOn(c), body: c.req.valid('json').body },
        );
        return c.json({ success: true });
      },
    )
    .get('/subscribers.csv', requireAdmin, async (c) => {
      const { csv } = await subscribersCsv({ db }, { actor: c.var.viewer });
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', 'attachment; filename="newsletter-subscribers.csv"');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .get('/outbox', requireAdmin, validate('query', OutboxQuerySchema), async (c) =>
      c.json(await listOutbox({ db }, c.req.valid('query').status)),
    )
    .post('/outbox/:id/retry', requireAdmin, validate('param', UuidParam), async (c) => {
      await retryMail({ db }, actorOn(c));
      return c.json({ success: true });
    });
}
