// Contact messages and newsletter confirmations travel as real mail (SMTP capture), through the outbox.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import { appWithSmtp } from '#tests/support/mail-app.ts';
import { findLink } from '#tests/support/smtp-capture.ts';

describe('site mail', () => {
  it('a contact message reaches the support mailbox and the operator store', async () => {
    const { t, smtp, deliver } = await appWithSmtp();
    const res = await t.client.api.contact.$post({
      json: { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Can I deploy to a self-hosted n8n?' },
    });
    expect(res.status).toBe(201);
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor(SUPPORT_EMAIL);
    expect(mail.subject).toBe('Contact form: Ada Lovelace');
    expect(mail.body).toContain('Can I deploy to a self-hosted n8n?');
    expect(mail.raw).toMatch(/^Reply-To: ada@example\.com/im);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('the newsletter confirm link from the real mail confirms; its unsubscribe link unsubscribes', async () => {
    const { t, smtp, deliver } = await appWithSmtp();
    const newsletter = t.client.api.newsletter;
    expect((await newsletter.subscribe.$post({ json: { email: 'reader@example.com' } })).status).toBe(202);
    await deliver();
    const mail = await smtp.waitFor('reader@example.com');
    expect(mail.subject).toBe('Confirm your Flowvault newsletter subscription');
    const confirm = new URL(findLink(mail.body, 'http://flowvault.test/newsletter?action=confirm'));
    const unsubscribe = new URL(findLink(mail.body, 'http://flowvault.test/newsletter?action=unsubscribe'));
    const row = async () =>
      (
        await t.database.db
          .select()
          .from(newsletterSubscribers)
          .where(eq(newsletterSubscribers.email, 'reader@example.com'))
      )[0]!;
    expect((await row()).status).toBe('pending');
    const tokenOf = (link: URL) => ({ json: { token: link.searchParams.get('token') ?? '' } });
    const confirmed = await newsletter.confirm.$post(tokenOf(confirm));
    expect(confirmed.status).toBe(200);
    expect((await row()).status).toBe('confirmed');
    await newsletter.unsubscribe.$post(tokenOf(unsubscribe));
    expect((await row()).status).toBe('unsubscribed');
  });
});
