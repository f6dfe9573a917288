// The sandbox's approval page: what the buyer sees instead of PayPal's (Approve / Decline / Cancel).
import { Hono } from 'hono';
import { escapeHtml } from '#server/lib/escape-html.ts';
import type { Order, SandboxStore } from './state.ts';

export function sandboxPages(deps: {
  store: SandboxStore;
  /** Marks the order approved and sends CHECKOUT.ORDER.APPROVED; answers the order, or undefined. */
  approve(orderId: string, declineOnCapture: boolean): Promise<Order | undefined>;
}) {
  return new Hono()
    .get('/checkoutnow', async (c) => {
      const order = await deps.store.get('order', c.req.query('token') ?? '');
      if (!order)
        return c.html(page('Order not found', '<p>This test order does not exist or has expired.</p>'), 404);
      if (order.status !== 'PAYER_ACTION_REQUIRED') {
        return c.html(page('Order already approved', '<p>This test order was already approved.</p>'), 409);
      }
      const form = (action: string, label: string, primary = false) =>
        `<form method="post" action="checkoutnow/${action}?token=${order.id}"><button type="submit"${primary ? ' data-primary=""' : ''}>${label}</button></form>`;
      return c.html(
        page(
          'Test payment',
          `<p role="note">Test payments: no real money moves. This page stands in for PayPal's approval page.</p>
           <p>Pay <strong>${escapeHtml(order.amount.value)} ${escapeHtml(order.amount.currency_code)}</strong>${order.description ? ` for ${escapeHtml(order.description)}` : ''}.</p>
           <div data-actions="">${form('approve', 'Approve payment', true)}${form('decline', 'Approve with a card that will be declined')}${form('cancel', 'Cancel and return')}</div>`,
        ),
      );
    })
    .post('/checkoutnow/:action', async (c) => {
      const token = c.req.query('token') ?? '';
      const order = await deps.store.get('order', token);
      const action = c.req.param('action');
      if (order?.status !== 'PAYER_ACTION_REQUIRED')
        return c.text('This test order cannot be approved now.', 409);
      if (action === 'cancel') return c.redirect(withQuery(order.cancelUrl, { token: order.id }), 303);
      if (action !== 'approve' && action !== 'decline') return c.text('Unknown action', 400);
      const approved = await deps.approve(order.id, action === 'decline');
      if (!approved) return c.text('This test order cannot be approved now.', 409);
      return c.redirect(
        withQuery(order.returnUrl, { token: order.id, PayerID: approved.payerId ?? '' }),
        303,
      );
    });
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title} | Flowvault test payments</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a}[role=note]{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem;border-radius:.5rem}[data-actions]{display:flex;flex-direction:column;gap:.75rem;margin-top:1.5rem}button{width:100%;padding:.75rem;border-radius:.5rem;border:1px solid #94a3b8;background:#fff;font-size:1rem;cursor:pointer}button[data-primary]{background:#4f46e5;color:#fff;border-color:#4f46e5}button:focus-visible{outline:3px solid #6366f1;outline-offset:2px}@media (prefers-color-scheme:dark){body{background:#020617;color:#f1f5f9}button{background:#0f172a;color:#f1f5f9}[role=note]{color:#0f172a}}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;
}
