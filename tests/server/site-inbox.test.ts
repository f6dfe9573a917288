import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscribeNewsletter } from '../../src/server/content/site-inbox.ts';
import { contactMessages, newsletterSubscribers } from '../../src/server/db/schema/site.ts';
import { createTestApp } from '../support/test-app.ts';

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('contact form', () => {
  it('stores a message', async () => {
    const { request, database } = await createTestApp();
    const res = await request(
      '/api/contact',
      json({ name: 'Ada', email: 'Ada@Example.com', message: 'Hello there' }),
    );
    expect(res.status).toBe(201);
    const rows = await database.db.select().from(contactMessages);
    expect(rows).toMatchObject([{ name: 'Ada', email: 'ada@example.com', message: 'Hello there' }]);
  });

  it('drops a message whose honeypot is filled, answering as usual', async () => {
    const { request, database } = await createTestApp();
    const res = await request(
      '/api/contact',
      json({ name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'http://spam' }),
    );
    expect(res.status).toBe(201);
    expect(await database.db.select().from(contactMessages)).toEqual([]);
  });

  it('refuses bad input with field errors', async () => {
    const { request } = await createTestApp();
    const res = await request('/api/contact', json({ name: '', email: 'nope', message: '' }));
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields.email).toEqual(['Please enter a valid email address.']);
    expect(body.error.fields.name).toEqual(['Please enter your name.']);
  });

  it('limits each sender to 5 messages an hour', async () => {
    const { request } = await createTestApp();
    for (let i = 0; i < 5; i++) {
      const ok = await request('/api/contact', json({ name: 'A', email: 'a@example.com', message: `m${i}` }));
      expect(ok.status).toBe(201);
    }
    const limited = await request(
      '/api/contact',
      json({ name: 'A', email: 'a@example.com', message: 'again' }),
    );
    expect(limited.status).toBe(429);
  });
});

describe('newsletter', () => {
  it('double opt-in: pending, confirmed by the token, then unsubscribed', async () => {
    const { request, database } = await createTestApp();
    const res = await request('/api/newsletter/subscribe', json({ email: 'reader@example.com' }));
    expect(res.status).toBe(202);
    const [row] = await database.db.select().from(newsletterSubscribers);
    expect(row?.status).toBe('pending');

    // The tokens go out by mail; the service returns them for the mailer.
    const tokens = await subscribeNewsletter(
      { db: database.db },
      { email: 'reader@example.com', sender: 't' },
    );
    expect(tokens).not.toBeNull();
    const bad = await request('/api/newsletter/confirm', json({ token: 'x'.repeat(32) }));
    expect(bad.status).toBe(404);
    const ok = await request('/api/newsletter/confirm', json({ token: tokens!.confirmToken }));
    expect(ok.status).toBe(200);
    const again = await request('/api/newsletter/confirm', json({ token: tokens!.confirmToken }));
    expect(again.status).toBe(404);
    const [confirmed] = await database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    expect(confirmed?.status).toBe('confirmed');

    const out = await request('/api/newsletter/unsubscribe', json({ token: tokens!.unsubscribeToken }));
    expect(out.status).toBe(200);
    const [gone] = await database.db.select().from(newsletterSubscribers);
    expect(gone?.status).toBe('unsubscribed');
  });

  it('refuses an invalid address', async () => {
    const { request } = await createTestApp();
    const res = await request('/api/newsletter/subscribe', json({ email: '' }));
    expect(res.status).toBe(422);
  });
});
