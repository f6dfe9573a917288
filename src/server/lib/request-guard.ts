// One gate in front of every /api route (issue 20):
// - cross-site requests that change state are refused (Origin / Sec-Fetch-Site), so the session cookie
//   cannot be ridden by another site's form or text/plain fetch (SameSite=Lax alone let them through);
// - bodies must be JSON (415 otherwise): a form or text/plain body is what a cross-site page can send
//   without a preflight; the operator's catalogue upload is the one multipart route;
// - better-auth's admin plugin is not reachable over HTTP: the same 404 as any unknown path (the product
//   uses its server API only: src/server/auth/create-operator.ts);
// - responses to requests that carry a session are never stored by caches;
// - the few routes better-auth does not limit are rate-limited here (webhook, client error reports,
//   the operator's test sign-in).
import type { Context, MiddlewareHandler } from 'hono';
import type { Env } from '#server/env.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './context.ts';
import { errorBody } from './error-handler.ts';
import { createRateLimiter, type RateRule } from './rate-limit.ts';

/** Server-to-server: PayPal signs its webhooks; browsers never call it. */
const CROSS_SITE_ALLOWED = new Set(['/api/webhooks/paypal']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_PLUGIN = /^\/api\/auth\/admin(\/|$)/;
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=([^;]*)/;

/** `per: 'session'` keys on the session cookie (the operator's own attempts), else on the client address. */
export const ROUTE_LIMITS: { method: string; path: string; rule: RateRule; per: 'ip' | 'session' }[] = [
  { method: 'POST', path: '/api/webhooks/paypal', rule: { windowMs: 60_000, max: 120 }, per: 'ip' },
  { method: 'POST', path: '/api/client-errors', rule: { windowMs: 60_000, max: 20 }, per: 'ip' },
  { method: 'POST', path: '/api/admin/test-login', rule: { windowMs: 10 * 60_000, max: 5 }, per: 'session' },
];

export const CROSS_SITE_MESSAGE = 'This request must come from the Flowvault site itself.';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/** What the features tell the guard; lib/ imports nothing from them (app.ts wires this). */
export type GuardOptions = {
  /** The site's own origins (auth's trustedOrigins): every other origin is refused a state change. */
  origins: string[];
  /** The only paths that take multipart bodies (the operator's catalogue upload). */
  multipartPaths: string[];
  tooManyRequests: (retryAfterSeconds: number | null) => string;
};

export function requestGuard(env: Pick<Env, 'TRUST_PROXY'>, options: GuardOptions) {
  const origins = new Set(options.origins);
  const multipart = new Set(options.multipartPaths);
  const limits = ROUTE_LIMITS.map((l) => ({ ...l, limiter: createRateLimiter(l.rule) }));
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path;
    if (ADMIN_PLUGIN.test(path)) {
      return c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'No such API endpoint.'), 404);
    }
    const limit = limits.find((l) => l.method === c.req.method && l.path === path);
    if (limit) {
      const ip = clientIp(c, env.TRUST_PROXY ?? false) ?? 'unknown';
      const session = SESSION_COOKIE.exec(c.req.header('cookie') ?? '')?.[3];
      const wait = limit.limiter.hit(limit.per === 'session' && session ? `s:${session}` : `ip:${ip}`);
      if (wait !== null) {
        c.var.log.warn({ path, ip }, 'rate limit reached');
        return c.json(errorBody(c.var.requestId, 'RATE_LIMITED', options.tooManyRequests(wait)), 429, {
          'Retry-After': String(wait),
        });
      }
    }
    if (!SAFE_METHODS.has(c.req.method) && !CROSS_SITE_ALLOWED.has(path)) {
      if (!sameSite(c, origins)) {
        c.var.log.warn({ path, origin: c.req.header('origin') ?? null }, 'cross-site request refused');
        return c.json(errorBody(c.var.requestId, 'FORBIDDEN', CROSS_SITE_MESSAGE), 403);
      }
      const type = c.req.header('content-type');
      if (type !== undefined && !acceptedType(type, multipart.has(path))) {
        return c.json(errorBody(c.var.requestId, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE), 415);
      }
    }
    await next();
    // A route that says `private` (member catalogue reads with an ETag) keeps it: the member's own
    // browser may revalidate, no shared cache may store it. Everything else personal is no-store.
    const keptPrivate =
      /\bprivate\b/.test(c.res.headers.get('cache-control') ?? '') && !c.res.headers.has('set-cookie');
    if (
      !keptPrivate &&
      (SESSION_COOKIE.test(c.req.header('cookie') ?? '') || c.res.headers.has('set-cookie'))
    ) {
      noStore(c);
    }
  };
  return handler;
}

/**
 * Browsers send Sec-Fetch-Site and/or Origin on every cross-site POST; both, when present, must say
 * this site. A request with neither does not come from a browser page (curl, PayPal, tests), so it
 * cannot carry a victim's cookie by accident.
 */
function sameSite(c: Context<AppEnv>, origins: Set<string>): boolean {
  const fetchSite = c.req.header('sec-fetch-site');
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
  const origin = c.req.header('origin');
  if (origin !== undefined && !origins.has(origin)) return false;
  return true;
}

function acceptedType(header: string, multipartAllowed: boolean): boolean {
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) return true;
  return multipartAllowed && type === 'multipart/form-data';
}

function noStore(c: Context<AppEnv>) {
  try {
    c.res.headers.set('Cache-Control', 'no-store');
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy once, then set.
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Cache-Control', 'no-store');
  }
}
