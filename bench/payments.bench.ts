// Create-order and settle latency through the PayPal-compatible sandbox over loopback HTTP, and
// 100 concurrent checkouts that must end in exactly 100 grants.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import type { BillingDeps } from '../src/server/billing/billing-deps.ts';
import { createCheckout } from '../src/server/billing/create-checkout.ts';
import { createPayPalClient } from '../src/server/billing/paypal-client.ts';
import { settleOrder } from '../src/server/billing/settle-order.ts';
import { createPglite, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { profiles, user } from '../src/server/db/schema/auth.ts';
import { paymentEvents, payments } from '../src/server/db/schema/billing.ts';
import { createPayPalSandbox } from '../src/server/dev/paypal-sandbox/sandbox.ts';

const CREDENTIALS = { clientId: 'bench', clientSecret: 'bench-secret', webhookId: 'WH-BENCH' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

export async function run() {
  let url = '';
  const sandbox = createPayPalSandbox({
    config: { ...CREDENTIALS, signingKey: 'YmVuY2gtc2lnbmluZy1rZXktMzItYnl0ZXMtbG9uZyE=' },
    publicUrl: () => url,
  });
  const server = serve({ fetch: sandbox.app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const database = await openDatabase({
    kind: 'pglite',
    pglite: await createPglite(mkdtempSync(path.join(tmpdir(), 'fv-bench-pay-'))),
  });
  await migrateDatabase(database);
  const deps: BillingDeps = {
    db: database.db,
    paypal: createPayPalClient({ baseUrl: url, ...CREDENTIALS }),
    log: pino({ level: 'silent' }),
    baseUrl: 'http://flowvault.bench',
    smtpConfigured: false,
  };

  const users = Array.from({ length: 150 }, (_, i) => ({
    id: `bench-user-${i}`,
    email: `buyer${i}@example.com`,
  }));
  await database.db.insert(user).values(users.map((u) => ({ ...u, name: u.email, emailVerified: true })));
  await database.db.insert(profiles).values(users.map((u) => ({ userId: u.id })));
  const viewer = (i: number) => ({
    userId: users[i]!.id,
    email: users[i]!.email,
    role: 'user' as const,
    isMember: false,
  });

  // Sequential: latency of one create-order and one settle (capture + grant), 50 each.
  const createMs: number[] = [];
  const settleMs: number[] = [];
  for (let i = 0; i < 50; i++) {
    let t = performance.now();
    const { orderId } = await createCheckout(deps, { viewer: viewer(i), planId: 'lifetime' });
    createMs.push(performance.now() - t);
    await sandbox.approve(orderId);
    t = performance.now();
    const settled = await settleOrder(deps, { orderId, actingUserId: users[i]!.id, source: 'return' });
    settleMs.push(performance.now() - t);
    if (settled.outcome !== 'granted') throw new Error(`unexpected outcome ${settled.outcome}`);
  }
  console.log(
    `create-order (checkout) c=1: p50 ${percentile(createMs, 50)} ms, p95 ${percentile(createMs, 95)} ms`,
  );
  console.log(
    `settle (get + capture + grant) c=1: p50 ${percentile(settleMs, 50)} ms, p95 ${percentile(settleMs, 95)} ms`,
  );

  // 100 concurrent checkouts, each settled twice at once (return page + webhook), must grant exactly 100.
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: 100 }, async (_, k) => {
      const i = 50 + k;
      const { orderId } = await createCheckout(deps, { viewer: viewer(i), planId: 'lifetime' });
      await sandbox.approve(orderId);
      const both = await Promise.all([
        settleOrder(deps, { orderId, actingUserId: users[i]!.id, source: 'return' }),
        settleOrder(deps, { orderId, source: 'webhook' }),
      ]);
      return both.map((o) => o.outcome);
    }),
  );
  const wall = performance.now() - started;
  const granted = outcomes.flat().filter((o) => o === 'granted').length;
  const errors = outcomes.flat().filter((o) => o !== 'granted' && o !== 'already-granted').length;
  const grantEvents = (
    await database.db.select().from(paymentEvents).where(eq(paymentEvents.name, 'granted'))
  ).length;
  const paid = (await database.db.select().from(profiles).where(eq(profiles.hasPaid, true))).length;
  const completed = (await database.db.select().from(payments).where(eq(payments.status, 'completed')))
    .length;
  console.log(
    `100 concurrent checkouts (each settled twice at once): ${Math.round(wall)} ms wall, grants ${granted} (events ${grantEvents - 50}), other outcomes ${errors}, paid members ${paid - 50}, completed payments ${completed - 50}`,
  );
  if (granted !== 100 || grantEvents !== 150 || errors !== 0)
    throw new Error('payments bench: grant count is not exactly 100');

  server.closeAllConnections();
  server.close();
  await database.close();
}
