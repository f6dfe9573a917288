// The operator's inbox: contact messages (reply by mail, handled, reopen), the newsletter CSV (safe
// against spreadsheet formulas) and the mail outbox (filter, retry a failed mail).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csvCell } from '#server/admin/inbox.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import type { InboxMessage, OutboxMail } from '#shared/schemas/admin.ts';
import { appAs } from '#tests/support/app-as.ts';

describe('csvCell', () => {
  it('quotes every cell and defuses formulas', () => {
    expect(csvCell('reader@example.com')).toBe('"reader@example.com"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const lead of ['+', '-', '@', '\t', '\r']) expect(csvCell(`${lead}1`)).toBe(`"'${lead}1"`);
  });
});

describe('operator inbox', () => {
  it('replies to a contact message by mail, marks it handled, reopens it; all audited', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const [msg] = await t.database.db
      .insert(contactMessages)
      .values({ name: 'Ada', email: 'ada@example.com', message: 'Can I get an invoice?', senderHash: 'x' })
      .returning();
    const inbox = t.client.api.admin.inbox;
    const as = { headers: admin.headers };
    const messages = async (status?: 'handled') =>
      (await (await inbox.messages.$get({ query: status ? { status } : {} }, as)).json()) as InboxMessage[];
    const message = { param: { id: msg!.id } };
    const replyWith = (body: string) => inbox.messages[':id'].reply.$post({ ...message, json: { body } }, as);

    expect((await messages()).map((m) => m.id)).toEqual([msg!.id]);
    expect((await replyWith('')).status).toBe(422);
    const reply = await replyWith('Yes: your receipt mail is the invoice.\n\nBest, Flowvault');
    expect(reply.status).toBe(200);
    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'contact-reply'));
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Re: your message to Flowvault' });
    expect(mail!.text).toContain('your receipt mail is the invoice');
    expect(await messages()).toEqual([]);
    expect((await messages('handled'))[0]!.handledAt).not.toBeNull();

    await inbox.messages[':id'].handled.$post({ ...message, json: { handled: false } }, as);
    expect((await messages()).map((m) => m.id)).toEqual([msg!.id]);

    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['inbox.reopen', 'inbox.reply']);
  });

  it('exports subscribers as CSV with formulas defused; retries only failed mail', async () => {
    const { t, viewer: admin } = await appAs('admin');
    await t.database.db.insert(newsletterSubscribers).values([
      { email: 'reader@example.com', status: 'confirmed', unsubscribeTokenHash: 'a', senderHash: 'x' },
      { email: '=cmd|calc@example.com', status: 'pending', unsubscribeTokenHash: 'b', senderHash: 'x' },
    ]);
    const inbox = t.client.api.admin.inbox;
    const as = { headers: admin.headers };
    const res = await inbox['subscribers.csv'].$get({}, as);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('"email","status","subscribed_at","confirmed_at","unsubscribed_at"');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
      '"reader@example.com"',
      `"'=cmd|calc@example.com"`,
    ]);

    const [sent, failed] = await t.database.db
      .insert(mailOutbox)
      .values([
        { kind: 'receipt', to: 'a@example.com', subject: 'A', html: '', text: '', status: 'sent' },
        {
          kind: 'receipt',
          to: 'b@example.com',
          subject: 'B',
          html: '',
          text: '',
          status: 'failed',
          attempts: 8,
        },
      ])
      .returning();
    const failedList = (await (
      await inbox.outbox.$get({ query: { status: 'failed' } }, as)
    ).json()) as OutboxMail[];
    expect(failedList.map((m) => m.id)).toEqual([failed!.id]);
    const retry = (id: string) => inbox.outbox[':id'].retry.$post({ param: { id } }, as);
    expect((await retry(sent!.id)).status).toBe(409);
    expect((await retry(failed!.id)).status).toBe(200);
    const [after] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, failed!.id));
    expect(after).toMatchObject({ status: 'pending', attempts: 0 });
    const actions = (await t.database.db.select().from(auditLog)).map((a) => a.action).sort();
    expect(actions).toEqual(['mail.retry', 'newsletter.export']);
  });
});
