// The payments fault matrix's crash rows (issue 20): a real server process in local PayPal mode (the
// built-in sandbox, its state in the database) killed with SIGKILL after each step of a payment, then
// started again; and two processes sharing one PostgreSQL database. Each case checks exactly one grant.
import { describe, expect, it } from 'vitest';
import { type Cluster, type Instance, signUpOn, startCluster, until } from '#tests/support/crash-harness.ts';

const SANDBOX = '/__paypal-sandbox';
type Buyer = Awaited<ReturnType<typeof signUpOn>>;

function post(cluster: Cluster, server: Instance, path: string, body: unknown, buyer: Buyer) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.baseUrl, cookie: buyer.cookie },
    body: JSON.stringify(body),
  });
}

async function checkout(cluster: Cluster, server: Instance, buyer: Buyer): Promise<string> {
  const res = await post(cluster, server, '/api/billing/checkout', { planId: 'lifetime' }, buyer);
  expect(res.status).toBe(201);
  return ((await res.json()) as { orderId: string }).orderId;
}

/** The buyer presses "Approve payment" on the sandbox's approval page served by `server`. */
async function approve(server: Instance, orderId: string) {
  const res = await fetch(`${server.url}${SANDBOX}/checkoutnow/approve?token=${orderId}`, {
    method: 'POST',
    redirect: 'manual',
  });
  expect(res.status, await res.text()).toBe(303);
}

async function capture(cluster: Cluster, server: Instance, orderId: string, buyer: Buyer) {
  const res = await post(cluster, server, '/api/billing/capture', { orderId }, buyer);
  return { status: res.status, body: (await res.json()) as { outcome?: string } };
}

const setFaults = (cluster: Cluster, faults: Record<string, unknown>) =>
  cluster.query(
    `insert into paypal_sandbox_records (kind, id, data) values ('faults', 'current', $1)
     on conflict (kind, id) do update set data = excluded.data`,
    [JSON.stringify(faults)],
  );

async function outcome(cluster: Cluster, orderId: string) {
  const [payment] = await cluster.query<{ id: string; status: string; user_id: string; email: string }>(
    'select id, status, user_id, email from payments where provider_order_id = $1',
    [orderId],
  );
  const [grants] = await cluster.query<{ n: number }>(
    "select count(*)::int as n from payment_events where payment_id = $1 and kind = 'state' and name = 'granted'",
    [payment!.id],
  );
  const [receipts] = await cluster.query<{ n: number }>(
    'select count(*)::int as n from mail_outbox where kind = \'receipt\' and "to" = $1',
    [payment!.email],
  );
  const [profile] = await cluster.query<{ has_paid: boolean }>(
    'select has_paid from profiles where user_id = $1',
    [payment!.user_id],
  );
  return { status: payment!.status, grants: grants!.n, receipts: receipts!.n, hasPaid: profile!.has_paid };
}

/** What counts is one grant and one receipt; which settler (return, webhook, job) won may vary. */
const paid = ['granted', 'already-granted'];
const grantedOnce = { status: 'completed', grants: 1, receipts: 1, hasPaid: true };
const settled = (cluster: Cluster, orderId: string) =>
  until('the payment to be completed', async () => (await outcome(cluster, orderId)).status === 'completed');

/** Lets the reconciliation job run at the next boot tick (as if its interval had passed). */
const reconciliationDue = (cluster: Cluster) =>
  cluster.query(
    "update jobs set locked_by = null, locked_until = null, last_started_at = null where name = 'payment-reconciliation'",
  );

export function describeProcessCrashes(passed: string[]) {
  describe('a real process killed at each step (SIGKILL), then started again', () => {
    it('killed after create: the order survives and the buyer approves and pays after the restart', async () => {
      const cluster = await startCluster();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      await cluster.first.restart();
      await approve(cluster.first, orderId);
      const result = await capture(cluster, cluster.first, orderId, buyer);
      expect(paid).toContain(result.body.outcome);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('killed after create');
    });

    it('killed between approval and capture: the capture after the restart grants once', async () => {
      const cluster = await startCluster();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      await setFaults(cluster, { loseWebhooks: true });
      await approve(cluster.first, orderId);
      await cluster.first.restart();
      await setFaults(cluster, {});
      expect((await capture(cluster, cluster.first, orderId, buyer)).body.outcome).toBeOneOf(paid);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('killed after approval');
    });

    it('killed while the capture call is in flight: the order is still there and is captured once', async () => {
      const cluster = await startCluster();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      await setFaults(cluster, { loseWebhooks: true, captureDelayMs: 120_000 });
      await approve(cluster.first, orderId);
      const inFlight = capture(cluster, cluster.first, orderId, buyer).catch(() => 'cut');
      await new Promise((r) => setTimeout(r, 1_500));
      await cluster.first.kill();
      expect(await inFlight).toBe('cut');
      await setFaults(cluster, {});
      await cluster.first.restart();
      expect((await capture(cluster, cluster.first, orderId, buyer)).body.outcome).toBeOneOf(paid);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('killed during capture');
    });

    it('killed while handling the approval webhook: the stored event is processed after the restart', async () => {
      const cluster = await startCluster();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      await setFaults(cluster, { captureDelayMs: 120_000 });
      await approve(cluster.first, orderId);
      await until(
        'the webhook to be stored',
        async () =>
          (
            await cluster.query(
              "select 1 from paypal_webhook_events where event_type = 'CHECKOUT.ORDER.APPROVED'",
            )
          ).length === 1,
      );
      await new Promise((r) => setTimeout(r, 500));
      await cluster.first.kill();
      expect((await outcome(cluster, orderId)).grants).toBe(0);
      // As if a minute had passed: the event is due for its retry, the job for its next run.
      await cluster.query("update paypal_webhook_events set received_at = now() - interval '2 minutes'");
      await reconciliationDue(cluster);
      await setFaults(cluster, { loseWebhooks: true });
      await cluster.first.restart();
      // The event is marked processed once its settlement has returned.
      const event = await until('the stored webhook to be processed', async () => {
        const [row] = await cluster.query<{ processed_at: Date | null; processing_error: string | null }>(
          'select processed_at, processing_error from paypal_webhook_events',
        );
        return row?.processed_at && row;
      });
      expect(event.processing_error).toBeNull();
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('killed during webhook handling');
    });

    it('killed during reconciliation: once its lease expires, the next run settles the payment once', async () => {
      const cluster = await startCluster();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      await setFaults(cluster, { loseWebhooks: true, captureDelayMs: 120_000 });
      await approve(cluster.first, orderId);
      // The buyer never came back: the order is old enough for the job, which runs now.
      await cluster.query("update payments set created_at = now() - interval '5 minutes'");
      await cluster.query(
        "update jobs set last_started_at = null where name = 'payment-reconciliation' and locked_by is null",
      );
      await until(
        'the reconciliation run to hold its lease',
        async () =>
          (
            await cluster.query(
              "select 1 from jobs where name = 'payment-reconciliation' and locked_until > now() and run_count >= 2",
            )
          ).length === 1,
      );
      await new Promise((r) => setTimeout(r, 1_500));
      await cluster.first.kill();
      expect((await outcome(cluster, orderId)).grants).toBe(0);
      // The dead process's lease stands until it expires; here it has.
      await reconciliationDue(cluster);
      await setFaults(cluster, { loseWebhooks: true });
      await cluster.first.restart();
      await settled(cluster, orderId);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('killed during reconciliation');
    });
  });

  describe('two processes sharing one PostgreSQL database', () => {
    it('an order created on one process is approved and captured on the other (one sandbox)', async () => {
      const cluster = await startCluster();
      const other = await cluster.another();
      const buyer = await signUpOn(cluster, cluster.first);
      await setFaults(cluster, { loseWebhooks: true });
      const orderId = await checkout(cluster, cluster.first, buyer);
      await approve(other, orderId);
      expect((await capture(cluster, other, orderId, buyer)).body.outcome).toBeOneOf(paid);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('two processes: one sandbox');
    });

    it('one process is killed after approval; the other captures', async () => {
      const cluster = await startCluster();
      const other = await cluster.another();
      const buyer = await signUpOn(cluster, cluster.first);
      await setFaults(cluster, { loseWebhooks: true });
      const orderId = await checkout(cluster, cluster.first, buyer);
      await approve(cluster.first, orderId);
      await cluster.first.kill();
      expect((await capture(cluster, other, orderId, buyer)).body.outcome).toBeOneOf(paid);
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('two processes: one killed');
    });

    it('both processes capture the same order at the same moment: one grant, one receipt', async () => {
      const cluster = await startCluster();
      const other = await cluster.another();
      const buyer = await signUpOn(cluster, cluster.first);
      const orderId = await checkout(cluster, cluster.first, buyer);
      // Webhooks on: the approval webhook races the two captures too.
      await approve(other, orderId);
      const outcomes = await Promise.all([
        capture(cluster, cluster.first, orderId, buyer),
        capture(cluster, other, orderId, buyer),
      ]);
      expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
      await settled(cluster, orderId);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await outcome(cluster, orderId)).toEqual(grantedOnce);
      passed.push('two processes: concurrent capture');
    });
  });
}
