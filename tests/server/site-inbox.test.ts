import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribeNewsletter } from '#server/content/site-inbox.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import { NEWSLETTER_CONFIRMATIONS_PER_DAY, NEWSLETTER_LIMIT_PER_HOUR } from '#shared/schemas/site.ts';
import { createTestApp, readJson } from '#tests/support/test-app.ts';

describe('contact form', () => {
  it('stores a message', async () => {
    const { client, database } = await createTestApp();
    const res = await client.api.contact.$post({
      json: { name: 'Ada', email: 'Ada@Example.com', message: 'Hello there' },
    });
    expect(res.status).toBe(201);
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toMatchObject([{ name: 'Ada', email: 'ada@example.com', message: 'Hello there' }]);
  });

  it('drops a message whose honeypot is filled, answering as usual', async () => {
    const { client, database } = await createTestApp();
    const res = await client.api.contact.$post({
      json: { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'http://spam' },
    });
    expect(res.status).toBe(201);
    expect(await database.db.select().from(contactMessages)).toEqual([]);
  });

  it('refuses bad input with field errors', async () => {
    const { client } = await createTestApp();
    const { status, body } = await readJson<{ error: { fields: Record<string, string[]> } }>(
      client.api.contact.$post({ json: { name: '', email: 'nope', message: '' } }),
    );
    expect(status).toBe(422);
    expect(body.error.fields.email).toEqual(['Please enter a valid email address.']);
    expect(body.error.fields.name).toEqual(['Please enter your name.']);
  });

  it('limits each sender to 5 messages an hour', async () => {
    const { client } = await createTestApp();
    for (let i = 0; i < 5; i++) {
      const ok = await client.api.contact.$post({
        json: { name: 'A', email: 'a@example.com', message: `m${i}` },
      });
      expect(ok.status).toBe(201);
    }
    const limited = await client.api.contact.$post({
      json: { name: 'A', email: 'a@example.com', message: 'again' },
    });
    expect(limited.status).toBe(429);
  });
});

describe('newsletter', () => {
  it('double opt-in: pending, confirmed by the token, then unsubscribed', async () => {
    const { client, database } = await createTestApp();
    const res = await client.api.newsletter.subscribe.$post({ json: { email: 'reader@example.com' } });
    expect(res.status).toBe(202);
    const [row] = await database.db.select().from(newsletterSubscribers);
    expect(row?.status).toBe('pending');

    // The tokens go out by mail; the service returns them for the mailer.
    const tokens = await subscribeNewsletter(
      { db: database.db },
      { email: 'reader@example.com', sender: 't' },
    );
    expect(tokens).not.toBeNull();
    const bad = await client.api.newsletter.confirm.$post({ json: { token: 'x'.repeat(32) } });
    expect(bad.status).toBe(404);
    const ok = await client.api.newsletter.confirm.$post({ json: { token: tokens!.confirmToken } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: 'confirmed' });
    // A second click says it worked the first time, not "invalid" (issue 43).
    const again = await client.api.newsletter.confirm.$post({ json: { token: tokens!.confirmToken } });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'already-confirmed' });
    const [confirmed] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(confirmed?.status).toBe('confirmed');

    const out = await client.api.newsletter.unsubscribe.$post({ json: { token: tokens!.unsubscribeToken } });
    expect(out.status).toBe(200);
    const [gone] = await database.db.select().from(newsletterSubscribers);
    expect(gone?.status).toBe('unsubscribed');
    // An old confirm link never subscribes again once unsubscribed.
    const stale = await client.api.newsletter.confirm.$post({ json: { token: tokens!.confirmToken } });
    expect(stale.status).toBe(404);
  });

  it('sends one address at most NEWSLETTER_CONFIRMATIONS_PER_DAY confirmation mails, whoever asks', async () => {
    const t = await createTestApp();
    const subscribe = (ip: string) =>
      t.request('/api/newsletter/subscribe', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email: 'victim@example.com' }),
      });
    // One client re-subscribing the unconfirmed address, then many clients: the same answer every time.
    for (let i = 0; i < 15; i++) expect((await subscribe('203.0.113.5')).status).toBe(202);
    for (let i = 0; i < 15; i++) expect((await subscribe(`198.51.100.${i}`)).status).toBe(202);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'victim@example.com'))
      .orderBy(mailOutbox.createdAt);
    expect(mails).toHaveLength(NEWSLETTER_CONFIRMATIONS_PER_DAY);
    // The last mail's link still confirms: later requests did not change the token behind it.
    const token = /action=confirm&token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.text)?.[1];
    expect((await t.client.api.newsletter.confirm.$post({ json: { token: token! } })).status).toBe(200);
  });

  it('refuses an invalid address', async () => {
    const { client } = await createTestApp();
    const res = await client.api.newsletter.subscribe.$post({ json: { email: '' } });
    expect(res.status).toBe(422);
  });
});

describe('contact and newsletter limits behind a proxy', () => {
  /** The app on a real socket, so the sender's address is the socket's unless a trusted proxy names one. */
  async function listening(envVars: Record<string, string>) {
    const t = await createTestApp({ envVars });
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string, forwardedFor: string, body: unknown) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify(body),
      });
    return { post, close: () => new Promise((resolve) => server.close(resolve)) };
  }
  const message = (i: number) => ({ name: 'A', email: 'a@example.com', message: `m${i}` });

  it('with TRUST_PROXY each visitor the proxy names has their own limit', async () => {
    const app = await listening({ TRUST_PROXY: 'true' });
    try {
      for (let i = 0; i < 5; i++)
        expect((await app.post('/api/contact', '203.0.113.7', message(i))).status).toBe(201);
      expect((await app.post('/api/contact', '203.0.113.7', message(5))).status).toBe(429);
      // Another visitor behind the same proxy is not limited by the first one's messages.
      expect((await app.post('/api/contact', '198.51.100.9', message(6))).status).toBe(201);
      const subscribe = (ip: string, email: string) => app.post('/api/newsletter/subscribe', ip, { email });
      for (let i = 0; i < NEWSLETTER_LIMIT_PER_HOUR; i++) {
        expect((await subscribe('203.0.113.7', `r${i}@example.com`)).status).toBe(202);
      }
      expect((await subscribe('203.0.113.7', 'one-more@example.com')).status).toBe(429);
      expect((await subscribe('198.51.100.9', 'other@example.com')).status).toBe(202);
    } finally {
      await app.close();
    }
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not buy a fresh limit', async () => {
    const app = await listening({});
    try {
      for (let i = 0; i < 5; i++)
        expect((await app.post('/api/contact', `192.0.2.${i}`, message(i))).status).toBe(201);
      expect((await app.post('/api/contact', '192.0.2.99', message(5))).status).toBe(429);
    } finally {
      await app.close();
    }
  });
});
