// Issue 41 item 9: the development sandbox (npm start's test payments, its state in the database)
// answers bad input as PayPal would, never with a 500: a NUL in an order id was a database error.
import { expect, it } from 'vitest';
import { setUpPayPal } from '#server/billing/paypal-setup.ts';
import { databaseSandboxStore } from '#server/dev/paypal-sandbox/state.ts';
import { createTestApp } from '#tests/support/test-app.ts';

it('answers an id with a NUL like an unknown one', async () => {
  const t = await createTestApp();
  // The sandbox app npm start mounts at /__paypal-sandbox, on this database.
  const sandbox = (await setUpPayPal(t.deps.env, t.database.db)).sandbox!.app;
  const config = (await databaseSandboxStore(t.database.db).get('config', 'local'))!;
  const tokenAnswer = await sandbox.request('/v1/oauth2/token', {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const bearer = {
    authorization: `Bearer ${((await tokenAnswer.json()) as { access_token: string }).access_token}`,
  };
  const answers = [
    await sandbox.request('/checkoutnow?token=%00'),
    await sandbox.request('/checkoutnow/approve?token=%00', { method: 'POST' }),
    await sandbox.request('/v2/checkout/orders/%00', { headers: bearer }),
    await sandbox.request('/v2/checkout/orders/a%00b/capture', { method: 'POST', headers: bearer }),
    await sandbox.request('/v2/payments/captures/%00', { headers: bearer }),
    await sandbox.request('/v2/payments/captures/%00/refund', { method: 'POST', headers: bearer }),
  ];
  for (const res of answers) {
    expect(res.status, res.url).toBeGreaterThanOrEqual(400);
    expect(res.status, res.url).toBeLessThan(500);
  }
});
