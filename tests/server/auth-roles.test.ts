import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requireAdmin, requireMember, requireUser } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { appAs } from '#tests/support/app-as.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

type Access = 'public' | 'user' | 'member' | 'admin' | 'middleware';

/**
 * Every registered route and who may call it. A route that is not listed fails the test: whoever
 * adds a route decides its access here. `middleware` marks app-wide `.use()` entries.
 */
const ACCESS: Record<string, Access> = {
  'ALL /*': 'middleware',
  'ALL /api/*': 'middleware',
  // The development mail viewer: never in production, only this machine (tests/server/mail-viewer.test.ts).
  'ALL /__mail': 'middleware',
  'ALL /__mail/*': 'middleware',
  'GET /api/health': 'public',
  // Not a role: its own bearer token or peer address list, 404 unless configured (tests/server/metrics.test.ts).
  'GET /metrics': 'public',
  'POST /api/client-errors': 'public',
  // `npm run admin:create`'s way into a running server: its own token from DATA_DIR/flowvault.lock and
  // this machine only, 404 to anyone else (tests/server/embedded-commands.test.ts).
  'POST /api/local-admin/operators': 'middleware',
  // better-auth's own endpoints: public entry points (sign-up, sign-in, reset…), each checking its own session.
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  // Signed out it answers the reset state (200), so visitors' pages log no failed request.
  'GET /api/me': 'public',
  'PUT /api/account/profile': 'user',
  'GET /api/account/export': 'user',
  'POST /api/account/sign-out': 'user',
  // Public catalogue figures.
  'GET /api/catalog/counters': 'public',
  'GET /api/catalog/trending': 'public',
  // A published template's share image (card facts only; 404 for unpublished ids): tests/server/share-images.test.ts.
  'GET /og/automation/:file': 'public',
  'GET /api/catalog/automations': 'member',
  'GET /api/catalog/ai-agents': 'member',
  'GET /api/catalog/automations/:id': 'member',
  'GET /api/catalog/automations/:id/related': 'member',
  'GET /api/catalog/automations/:id/variants': 'member',
  'GET /api/catalog/integrations': 'member',
  'GET /api/catalog/stack': 'member',
  'PUT /api/catalog/stack': 'member',
  'GET /api/catalog/automations/:id/by-author': 'member',
  // Template versions and update alerts (decision 0025).
  'GET /api/catalog/automations/:id/versions': 'member',
  'GET /api/n8n/template-updates': 'member',
  'GET /api/n8n/deployments/:id/update-preview': 'member',
  'POST /api/n8n/deployments/:id/update': 'member',
  'POST /api/n8n/deployments/:id/restore': 'member',
  'GET /api/admin/catalog/items/:id/versions': 'admin',
  'PATCH /api/admin/catalog/items/:id/versions/:version': 'admin',
  // The public catalogue (issue 18): server-rendered pages and the sitemap, paywall-safe; members get
  // the app's full page at /automation/:id (tests/server/public-catalogue.test.ts).
  'GET /library': 'public',
  'GET /automation/:id': 'public',
  'GET /sitemap.xml': 'public',
  'GET /sitemaps/:file{[a-z0-9-]+\\.xml}': 'public',
  // The member's own library: collections, ratings, events, overview figures.
  'GET /api/library/overview': 'member',
  'GET /api/library/collections': 'member',
  'POST /api/library/collections': 'member',
  'PATCH /api/library/collections/:automationId': 'member',
  'DELETE /api/library/collections/:automationId': 'member',
  'GET /api/library/ratings/:automationId': 'member',
  'PUT /api/library/ratings/:automationId': 'member',
  'POST /api/library/events': 'member',
  // The member's Server-Sent Events stream (collection events only to their owner).
  'GET /api/events': 'member',
  // Settings → Notifications and Privacy & Data → Import Data.
  'GET /api/library/settings/notifications': 'member',
  'PUT /api/library/settings/notifications': 'member',
  'POST /api/library/import': 'member',
  'GET /api/library/collections/archive': 'member',
  // Public forms: validated, rate limited, honeypot.
  'POST /api/contact': 'public',
  'POST /api/newsletter/subscribe': 'public',
  'POST /api/newsletter/confirm': 'public',
  'POST /api/newsletter/unsubscribe': 'public',
  'GET /api/billing/config': 'public',
  'POST /api/billing/checkout': 'user',
  'POST /api/billing/capture': 'user',
  'GET /api/billing/debug': 'admin',
  'POST /api/billing/debug/test-order': 'admin',
  // The operator console (src/server/admin): 404 for everyone but the admin role.
  'GET /api/admin/n8n-verification': 'admin',
  'POST /api/admin/n8n-verification': 'admin',
  'POST /api/admin/n8n-verification/stop': 'admin',
  'GET /api/admin/payments/pending': 'admin',
  'POST /api/admin/payments/:id/process': 'admin',
  'GET /api/admin/payments/health': 'admin',
  'POST /api/admin/payment-recovery/reconcile': 'admin',
  'POST /api/admin/payment-recovery/fix-all': 'admin',
  'GET /api/admin/users': 'admin',
  'PUT /api/admin/users/:id/role': 'admin',
  'POST /api/admin/users/:id/access': 'admin',
  'POST /api/admin/users/:id/password-reset': 'admin',
  'POST /api/admin/users/:id/end-sessions': 'admin',
  'GET /api/admin/audit': 'admin',
  'POST /api/admin/users/:id/ban': 'admin',
  'GET /api/admin/users/:id/payments': 'admin',
  'POST /api/admin/payments/:id/refund': 'admin',
  'POST /api/admin/payments/:id/abandon': 'admin',
  'GET /api/admin/inbox/messages': 'admin',
  'POST /api/admin/inbox/messages/:id/handled': 'admin',
  'POST /api/admin/inbox/messages/:id/reply': 'admin',
  'GET /api/admin/inbox/subscribers.csv': 'admin',
  'GET /api/admin/inbox/outbox': 'admin',
  'POST /api/admin/inbox/outbox/:id/retry': 'admin',
  'POST /api/admin/users/:id/resend-verification': 'admin',
  'GET /api/admin/users/:id/sign-ins': 'admin',
  'POST /api/admin/test-login': 'admin',
  'POST /api/admin/catalog/imports': 'admin',
  'GET /api/admin/catalog/imports': 'admin',
  'GET /api/admin/catalog/imports/:id': 'admin',
  'GET /api/admin/catalog/imports/:id/events': 'admin',
  'GET /api/admin/catalog/items': 'admin',
  'PATCH /api/admin/catalog/items/:id': 'admin',
  'PUT /api/admin/catalog/items/:id/published': 'admin',
  'PUT /api/admin/catalog/items/:id/deploy-override': 'admin',
  'GET /api/admin/editorial': 'admin',
  'GET /api/admin/editorial/export.csv': 'admin',
  'POST /api/admin/editorial/import': 'admin',
  'GET /api/admin/editorial/settings': 'admin',
  'PUT /api/admin/editorial/settings': 'admin',
  'GET /api/admin/editorial/items/:id': 'admin',
  'PATCH /api/admin/editorial/items/:id': 'admin',
  // The member's templates host settings (issue 42, decision 0026).
  'GET /api/templates-host': 'member',
  'POST /api/templates-host': 'member',
  'POST /api/templates-host/rotate': 'member',
  'PUT /api/templates-host/origin': 'member',
  'DELETE /api/templates-host': 'member',
  // What the member's n8n editor calls: no session, the long random token in the path is the key; an
  // unknown, rotated or revoked token and any other origin get nothing (tests/server/templates-host.test.ts).
  'ALL /t/:token/api/*': 'middleware',
  'GET /t/:token/api/health': 'public',
  'GET /t/:token/api/templates/categories': 'public',
  'GET /t/:token/api/templates/search': 'public',
  'GET /t/:token/api/templates/collections': 'public',
  'GET /t/:token/api/templates/collections/:id': 'public',
  'GET /t/:token/api/templates/workflows/:id': 'public',
  'GET /t/:token/api/workflows/templates/:id': 'public',
  // Verified against PayPal before anything is stored.
  'POST /api/webhooks/paypal': 'public',
  // n8n integration: the /api/n8n group sits behind requireMember, except listing and removing.
  'ALL /api/n8n/*': 'middleware',
  // A user without access (unpaid, refunded) still lists and removes their stored n8n keys (issue 43).
  'GET /api/n8n/connections': 'user',
  'POST /api/n8n/connections': 'member',
  'PATCH /api/n8n/connections/:id': 'member',
  'DELETE /api/n8n/connections/:id': 'user',
  'POST /api/n8n/connections/:id/test': 'member',
  'GET /api/n8n/connections/:id/health': 'member',
  'POST /api/n8n/test': 'member',
  'POST /api/n8n/preflight': 'member',
  'POST /api/n8n/deploy': 'member',
  'GET /api/n8n/deployments': 'member',
  'POST /api/n8n/emergency-stop': 'member',
  'POST /api/n8n/deployments/:id/publish': 'member',
  'GET /api/n8n/runs': 'member',
  'GET /api/n8n/quick-actions': 'member',
  'POST /api/n8n/quick-actions/deploy-latest': 'member',
  'POST /api/n8n/quick-actions/used/:action': 'member',
};

function routesOf(t: TestApp): string[] {
  return [...new Set(t.app.routes.map((r) => `${r.method} ${r.path}`))];
}

function concretePath(path: string): string {
  return path.replace(/:[A-Za-z]+(\{[^}]*\})?/g, 'probe-id').replace(/\*$/, 'probe');
}

async function call(t: TestApp, route: string, headers: Record<string, string> = {}) {
  const [method, path] = route.split(' ') as [string, string];
  const init: RequestInit = {
    method: method === 'ALL' ? 'GET' : method,
    headers: { origin: t.deps.env.baseUrl, ...headers },
  };
  if (init.method !== 'GET' && init.method !== 'HEAD') {
    init.headers = { ...init.headers, 'content-type': 'application/json' };
    init.body = '{}';
  }
  return t.request(concretePath(path), init);
}

describe('role matrix over every registered route', () => {
  it('has an access entry for every route', async () => {
    const t = await createTestApp();
    const unlisted = routesOf(t).filter((r) => !(r in ACCESS));
    expect(unlisted, 'add these routes to ACCESS in tests/server/auth-roles.test.ts').toEqual([]);
  });

  it('refuses the wrong role on every user, member and admin route', async () => {
    const { t, viewer: user } = await appAs('user');
    const member = await signIn(t, 'member');
    const admin = await signIn(t, 'admin');
    const routes = routesOf(t);
    const checked: string[] = [];
    for (const route of routes) {
      const access = ACCESS[route];
      if (access === 'user' || access === 'member') {
        expect((await call(t, route)).status, `${route} signed out`).toBe(401);
      }
      if (access === 'member') {
        expect((await call(t, route, user.headers)).status, `${route} as a non-member`).toBe(403);
      }
      if (access === 'admin') {
        for (const [who, headers] of [
          ['signed out', {}],
          ['user', user.headers],
          ['member', member.headers],
        ] as const) {
          const res = await call(t, route, headers);
          expect(res.status, `${route} as ${who}`).toBe(404);
          // Nothing leaked: the same answer as a path that does not exist at all.
          const { requestId: _r, ...error } = ((await res.json()) as { error: Record<string, unknown> })
            .error;
          expect(error, `${route} as ${who}`).toEqual({
            code: 'NOT_FOUND',
            message: 'No such API endpoint.',
          });
        }
        // The operator gets through the guard (a probe id may still be unknown to the service).
        const asAdmin = await call(t, route, admin.headers);
        const body = await asAdmin.text();
        expect(body, `${route} as admin`).not.toContain('No such API endpoint.');
      }
      if (access !== 'public' && access !== 'middleware') checked.push(route);
    }
    expect(checked.length).toBeGreaterThan(0);
  });

  it('the guards hold with real sessions: member-only refuses users, admin-only answers 404 to non-admins', async () => {
    const t = await createTestApp();
    const probe = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('viewer', await t.deps.resolveViewer!(c.req.raw.headers));
        await next();
      })
      .get('/user', requireUser, (c) => c.text('ok'))
      .get('/member', requireMember, (c) => c.text('ok'))
      .get('/admin', requireAdmin, (c) => c.text('ok'));
    probe.onError((error, c) => c.json({ error: error.message }, (error as { status?: 401 }).status ?? 500));
    const status = async (path: string, headers: Record<string, string> = {}) =>
      (await probe.request(`http://flowvault.test${path}`, { headers })).status;

    const user = await signIn(t, 'user');
    const member = await signIn(t, 'member');
    const admin = await signIn(t, 'admin');
    expect([await status('/user'), await status('/member'), await status('/admin')]).toEqual([401, 401, 404]);
    expect([
      await status('/user', user.headers),
      await status('/member', user.headers),
      await status('/admin', user.headers),
    ]).toEqual([200, 403, 404]);
    expect([
      await status('/user', member.headers),
      await status('/member', member.headers),
      await status('/admin', member.headers),
    ]).toEqual([200, 200, 404]);
    expect([
      await status('/user', admin.headers),
      await status('/member', admin.headers),
      await status('/admin', admin.headers),
    ]).toEqual([200, 200, 200]);
  });
});

describe('npm run admin:create', () => {
  it('creates an operator with a reset mail and no usable known password, or promotes a user', async () => {
    const { createOperator } = await import('#server/auth/create-operator.ts');
    const { latestMail, linkIn } = await import('#tests/support/sessions.ts');
    const t = await createTestApp();
    const deps = { auth: t.deps.auth!, db: t.database.db };
    expect(await createOperator(deps, 'Ops@Example.com')).toEqual({
      email: 'ops@example.com',
      outcome: 'created',
    });
    const mail = await latestMail(t, 'ops@example.com', 'reset');
    // It says what happened: an account was made for them, nobody asked to reset anything (issue 43).
    expect(mail.subject).toBe('Your Flowvault operator account');
    expect(mail.text).toContain('An operator account of Flowvault was created for this email address.');
    expect(mail.text).not.toContain('asked to reset');
    const token = new URL(linkIn(mail.text, 'http://flowvault.test/auth?mode=reset&token=')).searchParams.get(
      'token',
    );
    const reset = await t.request('/api/auth/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://flowvault.test' },
      body: JSON.stringify({ newPassword: 'operator chosen password', token }),
    });
    expect(reset.status).toBe(200);
    const { signInRequest } = await import('#tests/support/sessions.ts');
    const signedIn = await signInRequest(t, 'ops@example.com', 'operator chosen password');
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(await (await t.client.api.me.$get({}, { headers: { cookie } })).json()).toMatchObject({
      user: { role: 'admin' },
    });

    const plain = await signIn(t, 'user');
    expect(await createOperator(deps, plain.email)).toMatchObject({ outcome: 'promoted' });
    expect(await createOperator(deps, plain.email)).toMatchObject({ outcome: 'already-admin' });
    await expect(createOperator(deps, 'not an email')).rejects.toThrow('is not a valid email address');
  });
});
