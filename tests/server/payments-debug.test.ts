import { describe, expect, it } from 'vitest';
import { createBillingTestApp } from '#tests/support/billing.ts';
import { signIn } from '#tests/support/sessions.ts';

describe('PayPal debug panel API (operators only)', () => {
  it('shows the configuration and runs a create-order test for an admin', async () => {
    const { t } = await createBillingTestApp();
    const admin = await signIn(t, 'admin');
    const debug = t.client.api.billing.debug;
    const config = await debug.$get({}, { headers: admin.headers });
    expect(await config.json()).toEqual({
      configValid: true,
      mode: 'sandbox',
      testPayments: false,
      clientIdPresent: true,
      webhookIdPresent: true,
    });
    const test = await debug['test-order'].$post({}, { headers: admin.headers });
    expect(await test.json()).toMatchObject({ success: true, status: 'PAYER_ACTION_REQUIRED' });
  });

  it('answers 404 to members', async () => {
    const { t } = await createBillingTestApp();
    const member = await signIn(t, 'member');
    expect((await t.client.api.billing.debug.$get({}, { headers: member.headers })).status).toBe(404);
  });
});
