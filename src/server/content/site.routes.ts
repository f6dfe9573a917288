import { type Context, Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { clientIp } from '#server/lib/client-ip.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { contactMessageEmail, newsletterConfirmEmail } from '#server/mail/templates.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import {
  ContactMessageInputSchema,
  NewsletterSubscribeSchema,
  NewsletterTokenSchema,
} from '#shared/schemas/site.ts';
import {
  confirmNewsletter,
  NEWSLETTER_CONFIRM_KIND,
  submitContactMessage,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from './site-inbox.ts';

export function siteInboxRoutes(deps: {
  db: Database;
  baseUrl: string;
  smtpConfigured: boolean;
  /** Behind a proxy (TRUST_PROXY) each visitor is limited on their own address, not the proxy's. */
  trustProxy: boolean;
}) {
  /** Who is sending, for the contact and newsletter limits: the one client-IP rule of the app. */
  const senderOf = (c: Context) => clientIp(c, deps.trustProxy) ?? 'unknown';
  return new Hono<AppEnv>()
    .post('/contact', validate('json', ContactMessageInputSchema), async (c) => {
      const input = c.req.valid('json');
      const { stored } = await submitContactMessage({ db: deps.db }, { ...input, sender: senderOf(c) });
      if (stored) {
        c.var.log.info({ contact: { email: input.email } }, 'contact message stored');
        await enqueueMail(
          deps.db,
          { kind: 'contact', to: SUPPORT_EMAIL, replyTo: input.email, ...contactMessageEmail(input) },
          { log: c.var.log, smtpConfigured: deps.smtpConfigured },
        );
      } else c.var.log.info('contact message dropped: honeypot filled');
      return c.json({ ok: true as const }, 201);
    })
    .post('/newsletter/subscribe', validate('json', NewsletterSubscribeSchema), async (c) => {
      const { email } = c.req.valid('json');
      // The mail is queued in the subscription's transaction, so the per-address count sees every one.
      await subscribeNewsletter(
        { db: deps.db },
        {
          email,
          sender: senderOf(c),
          mail: (tx, tokens) => {
            const confirmUrl = `${deps.baseUrl}/newsletter?action=confirm&token=${tokens.confirmToken}`;
            const unsubscribeUrl = `${deps.baseUrl}/newsletter?action=unsubscribe&token=${tokens.unsubscribeToken}`;
            return enqueueMail(
              tx,
              {
                kind: NEWSLETTER_CONFIRM_KIND,
                to: email,
                ...newsletterConfirmEmail({ confirmUrl, unsubscribeUrl }),
              },
              { log: c.var.log, smtpConfigured: deps.smtpConfigured, logLink: confirmUrl },
            );
          },
        },
      );
      return c.json({ status: 'pending' as const }, 202);
    })
    .post('/newsletter/confirm', validate('json', NewsletterTokenSchema), async (c) => {
      return c.json({ status: await confirmNewsletter({ db: deps.db }, c.req.valid('json').token) });
    })
    .post('/newsletter/unsubscribe', validate('json', NewsletterTokenSchema), async (c) => {
      await unsubscribeNewsletter({ db: deps.db }, c.req.valid('json').token);
      return c.json({ status: 'unsubscribed' as const });
    });
}
