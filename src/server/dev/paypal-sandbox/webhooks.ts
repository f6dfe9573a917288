// The sandbox's webhook side: events signed with the sandbox's key and delivered to our webhook route
// with a few quick retries (PayPal retries a delivery that gets no 2xx), and the signature check that
// stands in for PayPal's verify-webhook-signature postback.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { paypalId, type SandboxConfig } from './state.ts';

export type SandboxWebhookDelivery = { eventId: string; eventType: string; status: number | null };

export function createSandboxWebhooks(options: {
  config: SandboxConfig;
  /** Where webhooks go; undefined → recorded as not delivered. */
  url: () => string | undefined;
  lose: () => Promise<boolean>;
  publicUrl: () => string;
}) {
  const deliveries: SandboxWebhookDelivery[] = [];
  const pending = new Set<Promise<void>>();

  const config = options.config;
  function sign(transmissionId: string, time: string, body: string): string {
    const message = `${transmissionId}|${time}|${config.webhookId}|${crc32(body)}`;
    return createHmac('sha256', Buffer.from(config.signingKey, 'base64')).update(message).digest('base64');
  }

  function signedHeaders(body: string) {
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    return {
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': sign(transmissionId, time, body),
      'paypal-cert-url': `${options.publicUrl()}/certs/sandbox.pem`,
      'paypal-auth-algo': 'SHA256withRSA',
    };
  }

  async function deliver(eventId: string, eventType: string, body: string) {
    const url = options.url();
    if (!url || (await options.lose())) {
      deliveries.push({ eventId, eventType, status: null });
      return;
    }
    const headers = signedHeaders(body);
    let status: number | null = null;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel();
        status = res.status;
        if (res.ok) break;
      } catch {
        status = null;
      }
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
    deliveries.push({ eventId, eventType, status });
  }

  return {
    /** Sends an event in the background (like PayPal, after the API call has answered). */
    send(eventType: string, resourceType: string, resource: unknown) {
      const eventId = `WH-${paypalId(20)}`;
      const body = JSON.stringify({
        id: eventId,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        event_type: eventType,
        summary: eventType,
        resource,
      });
      const delivery = deliver(eventId, eventType, body).catch(() => {
        deliveries.push({ eventId, eventType, status: null });
      });
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    /** Whether a delivery's signature is the sandbox's own (the verification endpoint). */
    verify(input: { id: string; time: string; sig: string; webhookId: string; event: unknown }) {
      // Like PayPal's postback, the check is over the event as sent; we re-serialise it the same way.
      const expected =
        input.webhookId === config.webhookId ? sign(input.id, input.time, JSON.stringify(input.event)) : '';
      return (
        expected.length === input.sig.length && timingSafeEqual(Buffer.from(expected), Buffer.from(input.sig))
      );
    },
    signedHeaders,
    deliveries: () => [...deliveries],
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
