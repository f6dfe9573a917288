// Operator user tools that reach outside: a refund through the PayPal sandbox over HTTP (revokes
// access once, mails the member) and a ban with better-auth's admin fields (ends sessions, blocks sign-in).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles, session } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { AdminPayment, RefundResult } from '#shared/schemas/admin.ts';
import { createBillingTestApp } from '#tests/support/billing.ts';
import { signIn, signInRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const send = (t: TestApp, headers: Record<string, string>, path: string, body: unknown) =>
  t.request(path, { method: 'POST', headers: json(headers), body: JSON.stringify(body) });

describe('refund through PayPal', () => {
  it('refunds a completed payment once, revokes access, mails the member and audits the reason', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const admin = await signIn(t, 'admin');
    const buyer = await signIn(t, 'user');
    const checkout = await send(t, buyer.headers, '/api/billing/checkout', { planId: 'lifetime' });
    const { orderId } = (await checkout.json()) as { orderId: string };
    await sandbox.approve(orderId);
    const [pending] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerOrderId, orderId));
    expect((await send(t, admin.headers, `/api/admin/payments/${pending!.id}/process`, {})).status).toBe(200);

    const list = (await (
      await t.request(`/api/admin/users/${buyer.userId}/payments`, { headers: admin.headers })
    ).json()) as AdminPayment[];
    expect(list.map((p) => [p.id, p.status, p.amount])).toEqual([[pending!.id, 'completed', '35.00']]);

    const noReason = await send(t, admin.headers, `/api/admin/payments/${pending!.id}/refund`, {
      reason: '',
    });
    expect(noReason.status).toBe(422);

    const res = await send(t, admin.headers, `/api/admin/payments/${pending!.id}/refund`, {
      reason: 'Asked within 30 days',
    });
    expect(res.status).toBe(200);
    const refund = (await res.json()) as RefundResult;
    expect(refund).toMatchObject({ success: true, refundStatus: 'COMPLETED', accessRevoked: true });

    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, pending!.id));
    expect(after!.status).toBe('refunded');
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.userId, buyer.userId));
    expect(profile!.hasPaid).toBe(false);
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, buyer.email), eq(mailOutbox.kind, 'access-revoked')));
    expect(mails).toHaveLength(1);

    // A second click: nothing completed is left to refund, and nothing is revoked or mailed twice.
    const again = await send(t, admin.headers, `/api/admin/payments/${pending!.id}/refund`, {
      reason: 'Again',
    });
    expect(again.status).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund'));
    expect(audit.map((a) => [a.target, a.reason])).toEqual([[pending!.id, 'Asked within 30 days']]);
  });
});

describe('ban', () => {
  it('ends the user’s sessions, blocks sign-in until unbanned, needs a reason, not on oneself', async () => {
    const t = await createTestApp();
    const admin = await signIn(t, 'admin');
    const target = await signIn(t, 'user');
    const sessions = () => t.database.db.select().from(session).where(eq(session.userId, target.userId));
    expect((await sessions()).length).toBeGreaterThan(0);

    expect(
      (await send(t, admin.headers, `/api/admin/users/${target.userId}/ban`, { banned: true, reason: '' }))
        .status,
    ).toBe(422);
    expect(
      (
        await send(t, admin.headers, `/api/admin/users/${admin.userId}/ban`, {
          banned: true,
          reason: 'Testing',
        })
      ).status,
    ).toBe(409);

    const ban = await send(t, admin.headers, `/api/admin/users/${target.userId}/ban`, {
      banned: true,
      reason: 'Chargeback fraud',
    });
    expect(await ban.json()).toMatchObject({ success: true, banned: true });
    expect(await sessions()).toEqual([]);
    const me = (await (await t.request('/api/me', { headers: target.headers })).json()) as { user: unknown };
    expect(me.user).toBeNull();
    expect((await signInRequest(t, target.email, TEST_PASSWORD)).status).not.toBe(200);

    await send(t, admin.headers, `/api/admin/users/${target.userId}/ban`, {
      banned: false,
      reason: 'Resolved',
    });
    expect((await signInRequest(t, target.email, TEST_PASSWORD)).status).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.target, target.userId));
    expect(audit.map((a) => [a.action, a.reason]).sort()).toEqual([
      ['user.ban', 'Chargeback fraud'],
      ['user.unban', 'Resolved'],
    ]);
  });
});
