// Operator user tools that reach outside: a refund through the PayPal sandbox over HTTP (revokes
// access once, mails the member) and a ban with better-auth's admin fields (ends sessions, blocks sign-in).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles, session } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { AdminPayment, RefundResult } from '#shared/schemas/admin.ts';
import { appAs } from '#tests/support/app-as.ts';
import { approvedCheckout, createBillingTestApp } from '#tests/support/billing.ts';
import { type SignedIn, signIn, signInRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import type { TestApp } from '#tests/support/test-app.ts';

/** Ban or unban a user, as this operator. */
const ban = (t: TestApp, admin: SignedIn, id: string, json: { banned: boolean; reason: string }) =>
  t.client.api.admin.users[':id'].ban.$post({ param: { id }, json }, { headers: admin.headers });

describe('refund through PayPal', () => {
  it('refunds a completed payment once, revokes access, mails the member and audits the reason', async () => {
    const { t, sandbox } = await createBillingTestApp();
    await sandbox.setFaults({ loseWebhooks: true });
    const admin = await signIn(t, 'admin');
    const buyer = await signIn(t, 'user');
    const { payment: pending } = await approvedCheckout(t, sandbox, buyer);
    const as = { headers: admin.headers };
    const payment = { param: { id: pending!.id } };
    const operator = t.client.api.admin;
    expect((await operator.payments[':id'].process.$post(payment, as)).status).toBe(200);

    const list = (await (
      await operator.users[':id'].payments.$get({ param: { id: buyer.userId } }, as)
    ).json()) as AdminPayment[];
    const refundFor = (reason: string) =>
      operator.payments[':id'].refund.$post({ ...payment, json: { reason } }, as);
    expect(list.map((p) => [p.id, p.status, p.amount])).toEqual([[pending!.id, 'completed', '35.00']]);

    const noReason = await refundFor('');
    expect(noReason.status).toBe(422);

    const res = await refundFor('Asked within 30 days');
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
    const again = await refundFor('Again');
    expect(again.status).toBe(409);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment.refund'));
    expect(audit.map((a) => [a.target, a.reason])).toEqual([[pending!.id, 'Asked within 30 days']]);
  });
});

describe('ban', () => {
  it('ends the user’s sessions, blocks sign-in until unbanned, needs a reason, not on oneself', async () => {
    const { t, viewer: admin } = await appAs('admin');
    const target = await signIn(t, 'user');
    const sessions = () => t.database.db.select().from(session).where(eq(session.userId, target.userId));
    expect((await sessions()).length).toBeGreaterThan(0);

    expect((await ban(t, admin, target.userId, { banned: true, reason: '' })).status).toBe(422);
    expect((await ban(t, admin, admin.userId, { banned: true, reason: 'Testing' })).status).toBe(409);

    const banned = await ban(t, admin, target.userId, { banned: true, reason: 'Chargeback fraud' });
    expect(await banned.json()).toMatchObject({ success: true, banned: true });
    expect(await sessions()).toEqual([]);
    const me = (await (await t.client.api.me.$get({}, { headers: target.headers })).json()) as {
      user: unknown;
    };
    expect(me.user).toBeNull();
    expect((await signInRequest(t, target.email, TEST_PASSWORD)).status).not.toBe(200);

    await ban(t, admin, target.userId, { banned: false, reason: 'Resolved' });
    expect((await signInRequest(t, target.email, TEST_PASSWORD)).status).toBe(200);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.target, target.userId));
    expect(audit.map((a) => [a.action, a.reason]).sort()).toEqual([
      ['user.ban', 'Chargeback fraud'],
      ['user.unban', 'Resolved'],
    ]);
  });
});
