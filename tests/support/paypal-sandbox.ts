import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach } from 'vitest';
import { createPayPalSandbox, type PayPalSandbox } from '#server/dev/paypal-sandbox/sandbox.ts';

export const SANDBOX_CREDENTIALS = {
  clientId: 'sandbox-client',
  clientSecret: 'sandbox-secret',
  webhookId: 'WH-SANDBOX',
};

const running: Server[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map(
      (s) =>
        new Promise((resolve) => {
          s.closeAllConnections();
          s.close(resolve);
        }),
    ),
  );
});

/** Starts the PayPal-compatible sandbox on a random loopback port for one test. */
export async function startPayPalSandbox(
  options: { webhookUrl?: string } = {},
): Promise<PayPalSandbox & { url: string }> {
  let url = '';
  const sandbox = createPayPalSandbox({
    config: { ...SANDBOX_CREDENTIALS, signingKey: randomBytes(32).toString('base64') },
    webhookUrl: options.webhookUrl,
    publicUrl: () => url,
  });
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  running.push(server);
  return Object.assign(sandbox, { url });
}
