// One access module (decision 0019): checkout, the operator's grant/revoke, Fix All's repair and a
// refund write the same profile fields; each change lands with its audit entry or not at all; and the
// member's next request (answered from the viewer cache) sees every change.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeAccess, changeRole, setBanned } from '#server/admin/users.ts';
import { grantAccess, refundAccess, revokeAccess } from '#server/billing/access.ts';
import { auditLog } from '#server/db/schema/admin.ts';
import { profiles, user } from '#server/db/schema/auth.ts';
import { payments } from '#server/db/schema/billing.ts';
import { approvedCheckout, billingDepsFor, createBillingTestApp } from '#tests/support/billing.ts';
import { type SignedIn, signIn } from '#tests/support/sessions.ts';
import type { TestApp } from '#tests/support/test-app.ts';

/** 200 for a member, 403 for a signed-in non-member: what the viewer cache answers. */
const searchStatus = async (t: TestApp, who: SignedIn) =>
  (await t.client.api.catalog.automations.$get({ query: { q: 'slack' } }, { headers: who.headers })).status;

/** The operator's routes that change access, as this operator. */
function operator(t: TestApp, admin: SignedIn) {
  const api = t.client.api.admin;
  const as = { headers: admin.headers };
  return {
    process: (id: string) => api.payments[':id'].process.$post({ param: { id } }, as),
    refund: (id: string, reason: string) =>
      api.payments[':id'].refund.$post({ param: { id }, json: { reason } }, as),
    fixAll: () => api['payment-recovery']['fix-all'].$post({}, as),
    access: (id: string, json: { action: 'grant' | 'revoke'; reason: string }) =>
      api.users[':id'].access.$post({ param: { id }, json }, as),
  };
}

async function accessOf(t: TestApp, userId: string) {
  const [p] = await t.database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return {
    hasPaid: p!.hasPaid,
    subscriptionStatus: p!.subscriptionStatus,
    subscriptionPeriod: p!.subscriptionPeriod,
    subscriptionTier: p!.subscriptionTier,
    subscriptionExpiresAt: p!.subscriptionExpiresAt,
    subscriptionAutoRenew: p!.subscriptionAutoRenew,
    nextBillingDate: p!.nextBillingDate,
    paid: p!.paymentDate !== null,
  };
}

/** A buyer whose PayPal order is approved and captured through the operator's 'Process'. */
async function buyThroughCheckout(
  t: TestApp,
  sandbox: { approve(id: string): Promise<unknown> },
  admin: SignedIn,
) {
  const buyer = await signIn(t, 'user');
  const { payment } = await approvedCheckout(t, sandbox, buyer);
  expect((await operator(t, admin).process(payment.id)).status).toBe(200);
  return { buyer, paymentId: payment.id };
}

describe('one access module', () => {
  it('every grant path and every revoke path sets the same fields, and the next request sees it', async () => {
    const { t, sandbox } = await createBillingTestApp();
    sandbox.setFaults({ loseWebhooks: true });
    const admin = await signIn(t, 'admin');

    const bought = await buyThroughCheckout(t, sandbox, admin);
    const comp = await signIn(t, 'user');
    expect(await searchStatus(t, comp)).toBe(403);
    const grant = await operator(t, admin).access(comp.userId, {
      action: 'grant',
      reason: 'Conference speaker',
    });
    expect(grant.status).toBe(200);
    // Paid at PayPal, profile flag lost: Fix All's repair grants through the same module.
    const lost = await signIn(t, 'user');
    await t.database.db.insert(payments).values({
      userId: lost.userId,
      email: lost.email,
      planId: 'lifetime',
      providerOrderId: 'ORDERLOST-ACCESS',
      captureId: 'CAPLOST-ACCESS',
      amountCents: 3500,
      currency: 'USD',
      status: 'completed',
      grantedAt: new Date(Date.now() - 60_000),
    });
    expect(await searchStatus(t, lost)).toBe(403);
    expect((await operator(t, admin).fixAll()).status).toBe(200);

    const granted = await Promise.all([bought.buyer, comp, lost].map((who) => accessOf(t, who.userId)));
    // Lifetime access, paid for: active for good, so nothing expires, renews or is billed again.
    const forGood = { subscriptionExpiresAt: null, subscriptionAutoRenew: false, nextBillingDate: null };
    expect(granted[0]).toEqual({
      ...forGood,
      hasPaid: true,
      paid: true,
      subscriptionStatus: 'active',
      subscriptionPeriod: 'lifetime',
      subscriptionTier: 'Lifetime Access',
    });
    expect(granted[1]).toEqual(granted[0]);
    expect(granted[2]).toEqual(granted[0]);
    for (const who of [bought.buyer, comp, lost]) expect(await searchStatus(t, who)).toBe(200);

    // Revokes: a refund, an operator's revoke, and a repair of a paid flag with no payment behind it.
    const refund = await operator(t, admin).refund(bought.paymentId, 'Asked');
    expect(refund.status).toBe(200);
    const revoke = await operator(t, admin).access(comp.userId, {
      action: 'revoke',
      reason: 'Talk cancelled',
    });
    expect(revoke.status).toBe(200);
    await t.database.db.delete(payments).where(eq(payments.userId, lost.userId));
    expect((await operator(t, admin).fixAll()).status).toBe(200);

    const revoked = await Promise.all([bought.buyer, comp, lost].map((who) => accessOf(t, who.userId)));
    expect(revoked.map((r) => r.subscriptionStatus)).toEqual(['refunded', 'revoked', null]);
    const rest = revoked.map(({ subscriptionStatus: _, ...r }) => r);
    expect(rest[0]).toMatchObject({ hasPaid: false, subscriptionTier: null });
    expect(rest[1]).toEqual(rest[0]);
    expect(rest[2]).toEqual(rest[0]);
    for (const who of [bought.buyer, comp, lost]) expect(await searchStatus(t, who)).toBe(403);
  });

  it('a failing audit write rolls back the change it records', async () => {
    const { t, paypal, sandbox } = await createBillingTestApp();
    sandbox.setFaults({ loseWebhooks: true });
    const admin = await signIn(t, 'admin');
    const db = t.database.db;
    // An operator whose account no longer exists: the audit entry's actor reference cannot be written.
    const ghost = { userId: 'deleted-operator', email: 'gone@example.com' };
    const deps = { db };

    const unpaid = await signIn(t, 'user');
    const audit = { actor: ghost, action: 'user.grant-access', target: unpaid.userId };
    await expect(grantAccess(deps, { userId: unpaid.userId, audit })).rejects.toThrow();
    expect((await accessOf(t, unpaid.userId)).hasPaid).toBe(false);
    await expect(
      changeAccess(deps, { actor: ghost, userId: unpaid.userId, action: 'grant', reason: 'x' }),
    ).rejects.toThrow();
    expect((await accessOf(t, unpaid.userId)).hasPaid).toBe(false);
    expect(await searchStatus(t, unpaid)).toBe(403);

    const member = await signIn(t, 'member');
    await expect(
      revokeAccess(deps, { userId: member.userId, audit: { ...audit, target: member.userId } }),
    ).rejects.toThrow();
    expect((await accessOf(t, member.userId)).hasPaid).toBe(true);
    expect(await searchStatus(t, member)).toBe(200);

    await expect(changeRole(deps, { actor: ghost, userId: unpaid.userId, role: 'admin' })).rejects.toThrow();
    await expect(
      setBanned(deps, { actor: ghost, userId: unpaid.userId, banned: true, reason: 'x' }),
    ).rejects.toThrow();
    const [row] = await db.select().from(user).where(eq(user.id, unpaid.userId));
    expect([row!.role, row!.banned ?? false]).toEqual(['user', false]);

    // A refund's revoke, payment status and mail go with its audit entry too.
    const bought = await buyThroughCheckout(t, sandbox, admin);
    const billing = billingDepsFor(t, paypal);
    await expect(
      refundAccess(billing, {
        paymentId: bought.paymentId,
        reason: 'refunded',
        audit: { actor: ghost, action: 'payment.refund', target: bought.paymentId },
      }),
    ).rejects.toThrow();
    const [payment] = await db.select().from(payments).where(eq(payments.id, bought.paymentId));
    expect(payment!.status).toBe('completed');
    expect((await accessOf(t, bought.buyer.userId)).hasPaid).toBe(true);

    expect((await db.select().from(auditLog)).map((a) => a.actorEmail)).toEqual([admin.email]);
  });
});
