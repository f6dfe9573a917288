import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { linkify } from '#server/mail/mail-viewer.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

const webRoot = makeWebRoot();
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** The app listening on 127.0.0.1 (the viewer answers only connections from this machine). */
async function listen(t: TestApp): Promise<string> {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function twoMails(t: TestApp) {
  const rows = await t.database.db
    .insert(mailOutbox)
    .values([
      {
        kind: 'verification',
        to: 'old@example.com',
        subject: 'Confirm your email for Flowvault',
        html: '<p><a href="http://flowvault.test/api/auth/verify-email?token=abc">Confirm</a></p>',
        text: 'Confirm: http://flowvault.test/api/auth/verify-email?token=abc&callbackURL=%2F',
        createdAt: new Date('2026-01-01T10:00:00Z'),
      },
      {
        kind: 'reset',
        to: 'new@example.com',
        subject: 'Reset your <Flowvault> password',
        html: '<p>Reset <a href="http://flowvault.test/auth?mode=reset&amp;token=xyz">here</a></p>',
        text: 'Reset: http://flowvault.test/auth?mode=reset&token=xyz',
        createdAt: new Date('2026-01-02T10:00:00Z'),
      },
    ])
    .returning();
  return rows;
}

describe('the development mail viewer at /__mail', () => {
  it('lists every outbox mail newest first with clickable links, and serves the HTML version', async () => {
    const t = await createTestApp({ webRoot });
    const [older, newer] = await twoMails(t);
    const base = await listen(t);
    const res = await fetch(`${base}/__mail`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html.indexOf('new@example.com')).toBeLessThan(html.indexOf('old@example.com'));
    expect(html).toContain('Reset your &lt;Flowvault&gt; password');
    expect(html).toContain(
      '<a href="http://flowvault.test/auth?mode=reset&amp;token=xyz">http://flowvault.test/auth?mode=reset&amp;token=xyz</a>',
    );
    expect(html).toContain(`href="/__mail/${older!.id}/html"`);
    const version = await fetch(`${base}/__mail/${newer!.id}/html`);
    expect(version.status).toBe(200);
    expect(await version.text()).toBe(newer!.html);
    expect((await fetch(`${base}/__mail/00000000-0000-0000-0000-000000000000/html`)).status).toBe(404);
  });

  it('is not there in production (the 404 page), nor for a request not known to come from this machine', async () => {
    const dev = await createTestApp({ webRoot });
    await twoMails(dev);
    const inProcess = await dev.request('/__mail');
    expect(inProcess.status).toBe(404);
    expect(await inProcess.text()).toContain('Oops! Page not found');

    const prod = await createTestApp({ webRoot });
    const base = await listen(
      await createTestApp({
        webRoot,
        // Production needs its secrets (g5: no generated ones there); only NODE_ENV matters here.
        env: {
          ...prod.deps.env,
          NODE_ENV: 'production',
          AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
          N8N_KEY_SECRET: 'a-production-key-secret-of-at-least-32-characters',
        },
        database: prod.database,
      }),
    );
    await twoMails(prod);
    const res = await fetch(`${base}/__mail`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('example.com');
  });

  it('escapes the text and links only http(s) URLs', () => {
    expect(linkify('<b>x</b> see https://a.example/p?q=1&r=2 and javascript:alert(1)')).toBe(
      '&lt;b&gt;x&lt;/b&gt; see <a href="https://a.example/p?q=1&amp;r=2">https://a.example/p?q=1&amp;r=2</a> and javascript:alert(1)',
    );
  });
});
