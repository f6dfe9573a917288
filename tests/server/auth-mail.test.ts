import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app.ts';
import { createAuth } from '#server/auth/create-auth.ts';
import { createViewerResolver } from '#server/auth/viewer.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { acquireJobLease, createScheduler } from '#server/jobs/scheduler.ts';
import { mailDeliveryJob, sendQueuedMailPromptly } from '#server/mail/mail-job.ts';
import { backoffMs, deliverDueMail, enqueueMail, MAX_ATTEMPTS } from '#server/mail/outbox.ts';
import { verificationEmail } from '#server/mail/templates.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { createEventBus } from '#server/realtime/event-bus.ts';
import { appWithSmtp } from '#tests/support/mail-app.ts';
import {
  cookieFrom,
  jsonHeaders,
  nextClientIp,
  signIn,
  signInRequest,
  signUpRequest,
  TEST_PASSWORD,
} from '#tests/support/sessions.ts';
import { findLink, type SmtpCapture, startSmtpCapture } from '#tests/support/smtp-capture.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

let smtp: SmtpCapture | undefined;
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

/**
 * better-auth may send its mails after answering (so response time says nothing about an account):
 * wait until the mail is in the outbox before delivering.
 */
async function queuedFor(t: TestApp, to: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    if (rows.length > 0) return rows;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`No mail to ${to} queued within ${timeoutMs} ms`);
}

function requestReset(t: TestApp, email: string, ip = nextClientIp()) {
  return t.request('/api/auth/request-password-reset', {
    method: 'POST',
    headers: jsonHeaders(t, { 'x-forwarded-for': ip }),
    body: JSON.stringify({ email, redirectTo: '/auth?mode=reset' }),
  });
}

describe('mail over SMTP', () => {
  it('register → the real verification mail → its link → verified, signed in, on /dashboard', async () => {
    const { t, smtp, deliver } = await appWithSmtp();
    expect((await signUpRequest(t, 'smtp@example.com', TEST_PASSWORD)).status).toBe(200);
    await queuedFor(t, 'smtp@example.com');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor('smtp@example.com');
    expect(mail.subject).toBe('Confirm your email for Flowvault');
    expect(mail.from).toBe('support@flowvault.local');
    expect(mail.raw).toMatch(/multipart\/alternative/);
    const link = new URL(findLink(mail.body, 'http://flowvault.test/api/auth/verify-email'));
    const verify = await t.request(`${link.pathname}${link.search}`);
    expect(verify.status).toBe(302);
    expect(verify.headers.get('location')).toBe('/dashboard');
    const me = await t.client.api.me.$get({}, { headers: { cookie: cookieFrom(verify) } });
    expect(await me.json()).toMatchObject({ user: { email: 'smtp@example.com', emailVerified: true } });
    const [row] = await t.database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('password reset end to end: the mailed link lands on /auth?mode=reset, the new password works, sessions end', async () => {
    const { t, smtp, deliver } = await appWithSmtp();
    const member = await signIn(t, 'member', 'reset@example.com');
    smtp.messages.length = 0;
    await t.database.db.delete(mailOutbox);

    expect((await requestReset(t, 'reset@example.com')).status).toBe(200);
    await queuedFor(t, 'reset@example.com');
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.waitFor('reset@example.com');
    expect(mail.subject).toBe('Reset your Flowvault password');
    const link = new URL(findLink(mail.body, 'http://flowvault.test/auth?mode=reset&token='));
    expect(link.pathname).toBe('/auth');
    const token = link.searchParams.get('token')!;

    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      headers: jsonHeaders(t),
      body: JSON.stringify({ newPassword: 'a brand new password', token }),
    });
    expect(reset.status).toBe(200);
    // The old session is revoked, the old password refused, the new one accepted.
    expect((await (await t.client.api.me.$get({}, { headers: member.headers })).json()).user).toBeNull();
    expect((await signInRequest(t, 'reset@example.com', TEST_PASSWORD)).status).toBe(401);
    expect((await signInRequest(t, 'reset@example.com', 'a brand new password')).status).toBe(200);
    // The token is single-use.
    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      headers: jsonHeaders(t),
      body: JSON.stringify({ newPassword: 'yet another password', token }),
    });
    expect(again.status).toBe(400);
  });

  it('answers a reset for an unknown email the same way and sends nothing', async () => {
    const { t } = await appWithSmtp();
    const res = await requestReset(t, 'ghost@example.com');
    expect(res.status).toBe(200);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(0);
  });

  it('keeps mail through an SMTP outage and delivers it later with backoff', async () => {
    const { t, smtp, deliver } = await appWithSmtp();
    await enqueueMail(t.database.db, {
      kind: 'verification',
      to: 'later@example.com',
      ...verificationEmail({ url: 'http://flowvault.test/x' }),
    });
    smtp.failNext(1);
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    const [failed] = await t.database.db.select().from(mailOutbox);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed!.lastError).toMatch(/451|Temporary/);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is sent.
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    // Once due, it goes out.
    await t.database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.waitFor('later@example.com')).subject).toBe('Confirm your email for Flowvault');
  });

  it('marks a message failed after the last attempt, and backs off exponentially up to an hour', async () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    const t = await createTestApp();
    await enqueueMail(t.database.db, {
      kind: 'x',
      to: 'down@example.com',
      subject: 's',
      html: 'h',
      text: 't',
    });
    await t.database.db.update(mailOutbox).set({ attempts: MAX_ATTEMPTS - 1 });
    const refusing = { sendMail: async () => Promise.reject(new Error('connection refused')) };
    expect(
      await deliverDueMail({ db: t.database.db, transport: refusing, from: 'a@b.c', log: t.deps.log }),
    ).toEqual({
      sent: 0,
      failed: 1,
    });
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'down@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'connection refused' });
  });
});

describe('job leases', () => {
  it('lets exactly one of several contenders win a round, and no one before the interval', async () => {
    const t = await createTestApp();
    const now = new Date();
    const lease = (owner: string, at: Date, more: { intervalMs?: number; force?: boolean } = {}) =>
      acquireJobLease(t.database.db, {
        name: 'demo',
        owner,
        intervalMs: 60_000,
        leaseMs: 30_000,
        now: at,
        ...more,
      });
    const contenders = await Promise.all(['a', 'b', 'c', 'd'].map((owner) => lease(owner, now)));
    expect(contenders.filter(Boolean)).toHaveLength(1);
    // Lease held: nobody else, even forced.
    expect(await lease('e', now, { intervalMs: 0, force: true })).toBe(false);
    // Lease expired but interval not over: no run.
    expect(await lease('e', new Date(now.getTime() + 31_000))).toBe(false);
    expect(await lease('e', new Date(now.getTime() + 61_000))).toBe(true);
  });

  it('a queued mail goes out at once, without waiting for the next round', async () => {
    smtp = await startSmtpCapture();
    const t = await createTestApp({ envVars: { SMTP_URL: smtp.url } });
    const bus = createEventBus();
    // Never started: no round ever comes, so only the queued-mail signal can send it.
    const scheduler = createScheduler({
      db: t.database.db,
      log: t.deps.log,
      jobs: [
        mailDeliveryJob({
          db: t.database.db,
          transport: createMailTransport(smtp.url)!,
          from: t.deps.env.MAIL_FROM,
          log: t.deps.log,
        }),
      ],
    });
    const stop = sendQueuedMailPromptly(bus, scheduler);
    await enqueueMail(
      t.database.db,
      { kind: 'x', to: 'prompt@example.com', subject: 'Prompt', html: '<p>h</p>', text: 't' },
      { bus },
    );
    expect((await smtp.waitFor('prompt@example.com')).subject).toBe('Prompt');
    stop();
    await scheduler.stop();
  });

  it('two schedulers on one database run the mail job once per round', async () => {
    smtp = await startSmtpCapture();
    const t = await createTestApp({ envVars: { SMTP_URL: smtp.url } });
    await enqueueMail(t.database.db, {
      kind: 'x',
      to: 'once@example.com',
      subject: 'Once',
      html: '<p>h</p>',
      text: 't',
    });
    const make = (owner: string) =>
      createScheduler({
        db: t.database.db,
        log: t.deps.log,
        owner,
        jobs: [
          mailDeliveryJob({
            db: t.database.db,
            transport: createMailTransport(smtp!.url)!,
            from: t.deps.env.MAIL_FROM,
            log: t.deps.log,
          }),
        ],
      });
    const [one, two] = [make('one'), make('two')];
    const ran = await Promise.all([one.runNow('mail-delivery'), two.runNow('mail-delivery')]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    await smtp.waitFor('once@example.com');
    expect(smtp.messages).toHaveLength(1);
    await Promise.all([one.stop(), two.stop()]);
  });
});

describe('rate limits', () => {
  it('answers 429 with a clear message after too many sign-in attempts from one address', async () => {
    const t = await createTestApp({
      rateLimits: {
        signIn: { window: 60, max: 3 },
        signUp: { window: 60, max: 3 },
        reset: { window: 60, max: 2 },
      },
    });
    const ip = '203.0.113.7';
    for (let i = 0; i < 3; i++)
      expect((await signInRequest(t, 'x@example.com', 'wrong password', ip)).status).toBe(401);
    const limited = await signInRequest(t, 'x@example.com', 'wrong password', ip);
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signInRequest(t, 'x@example.com', 'wrong password', '203.0.113.8')).status).toBe(401);
  });

  it('limits password-reset requests too, in the database (shared by every process)', async () => {
    const limits = {
      signIn: { window: 60, max: 3 },
      signUp: { window: 60, max: 3 },
      reset: { window: 60, max: 2 },
    };
    const t = await createTestApp({ rateLimits: limits });
    const ip = '198.51.100.1';
    expect((await requestReset(t, 'a@example.com', ip)).status).toBe(200);
    expect((await requestReset(t, 'a@example.com', ip)).status).toBe(200);
    expect((await requestReset(t, 'a@example.com', ip)).status).toBe(429);
    // A second app (another process) on the same database sees the same counter.
    const auth = createAuth({ env: t.deps.env, db: t.database.db, log: t.deps.log, rateLimits: limits });
    const otherApp = createApp({
      ...t.deps,
      auth,
      resolveViewer: createViewerResolver({ auth, db: t.database.db }),
    });
    const other = {
      ...t,
      app: otherApp,
      request: (path: string, init?: RequestInit) =>
        Promise.resolve(otherApp.request(`http://flowvault.test${path}`, init)),
    };
    expect((await requestReset(other, 'a@example.com', ip)).status).toBe(429);
  });

  it('limits sign-ups', async () => {
    const t = await createTestApp({
      rateLimits: {
        signIn: { window: 60, max: 3 },
        signUp: { window: 60, max: 1 },
        reset: { window: 60, max: 2 },
      },
    });
    const ip = '198.51.100.2';
    expect((await signUpRequest(t, 'one@example.com', TEST_PASSWORD, ip)).status).toBe(200);
    expect((await signUpRequest(t, 'two@example.com', TEST_PASSWORD, ip)).status).toBe(429);
  });
});
