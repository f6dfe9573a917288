// Runs inside the e2e server process (e2e/serve.ts): makes verified, signed-in, paying members through
// the product's own services — better-auth's adapter and sign-in, then a real checkout through the
// built-in PayPal sandbox settled like the return page does — so specs need not click through it.
// Loopback only, on a port of its own that the specs read from E2E_MAIL_DIR/member-factory.url.
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Auth } from '../src/server/auth/create-auth.ts';
import type { BillingDeps } from '../src/server/billing/billing-deps.ts';
import { createCheckout } from '../src/server/billing/create-checkout.ts';
import type { PayPalSetup } from '../src/server/billing/paypal-setup.ts';
import { settleOrder } from '../src/server/billing/settle-order.ts';

export type MemberFactoryDeps = { auth: Auth; billing: BillingDeps; paypal: PayPalSetup };

export async function makeMember(
  deps: MemberFactoryDeps,
  input: { email: string; password: string; paid: boolean },
) {
  const ctx = await deps.auth.$context;
  const created = await ctx.internalAdapter.createUser(
    { email: input.email, name: '', emailVerified: true },
    { method: 'email-password' },
  );
  await ctx.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: await ctx.password.hash(input.password),
  });
  if (input.paid) {
    const viewer = { userId: created.id, email: input.email, role: 'user' as const, isMember: false };
    const { orderId } = await createCheckout(deps.billing, { viewer, planId: 'lifetime' });
    if (!deps.paypal.sandbox) throw new Error('The member factory needs the built-in PayPal sandbox');
    await deps.paypal.sandbox.approve(orderId);
    const settled = await settleOrder(deps.billing, { orderId, actingUserId: created.id, source: 'return' });
    // The sandbox's CHECKOUT.ORDER.APPROVED webhook may settle the order first ('already-granted'):
    // paid either way, as a member whose return page loads after the webhook is.
    if (settled.outcome !== 'granted' && settled.outcome !== 'already-granted')
      throw new Error(`payment not granted: ${settled.outcome}`);
  }
  const signedIn = await deps.auth.api.signInEmail({
    body: { email: input.email, password: input.password },
    asResponse: true,
  });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.status} ${await signedIn.text()}`);
  return { userId: created.id, setCookies: signedIn.headers.getSetCookie() };
}

export function startMemberFactory(deps: MemberFactoryDeps, dir: string) {
  const app = new Hono().post('/members', async (c) => {
    const body = (await c.req.json()) as { email: string; password: string; paid?: boolean };
    try {
      return c.json(await makeMember(deps, { ...body, paid: body.paid !== false }));
    } catch (error) {
      return c.json({ error: error instanceof Error ? error.message : String(error) }, 500);
    }
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
    writeFileSync(path.join(dir, 'member-factory.url'), `http://127.0.0.1:${info.port}`);
  });
  server.unref();
}
