// PayPal sends the buyer back to the host they started the checkout on (where their session cookie
// is), when that host is one the app trusts; any other Origin gets BASE_URL.
import { describe, expect, it } from 'vitest';
import { createCheckout } from '#server/billing/create-checkout.ts';
import { billingDepsFor, createBillingTestApp } from '#tests/support/billing.ts';
import { signIn } from '#tests/support/sessions.ts';

/** Approves the order on the sandbox's approval page and returns where it sends the buyer. */
async function returnUrlAfterApproval(approvalUrl: string): Promise<string> {
  const url = new URL(approvalUrl);
  const res = await fetch(`${url.origin}/checkoutnow/approve${url.search}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('checkout return and cancel URLs', () => {
  it('lead back to the trusted host the buyer started on, else to BASE_URL', async () => {
    const { t, paypal } = await createBillingTestApp();
    const deps = {
      ...billingDepsFor(t, paypal),
      trustedOrigins: ['http://flowvault.test', 'http://127.0.0.1:3000'],
    };
    for (const [origin, expected] of [
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000/payment-success?token='],
      ['https://evil.example', 'http://flowvault.test/payment-success?token='],
      [undefined, 'http://flowvault.test/payment-success?token='],
    ] as const) {
      const buyer = await signIn(t, 'user');
      const viewer = { userId: buyer.userId, email: buyer.email, role: 'user' as const, isMember: false };
      const { approvalUrl } = await createCheckout(deps, { viewer, planId: 'lifetime', origin });
      expect(await returnUrlAfterApproval(approvalUrl), String(origin)).toMatch(
        new RegExp(`^${expected.replaceAll('?', '\\?')}`),
      );
    }
  });
});
