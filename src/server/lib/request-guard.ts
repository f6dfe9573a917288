// One gate in front of every /api route (issue 20):
// - cross-site requests that change state are refused (Origin / Sec-Fetch-Site), so the session cookie
//   cannot be ridden by another site's form or text/plain fetch (SameSite=Lax alone let them through);
// - bodies must be JSON (415 otherwise): a form or text/plain body is what a cross-site page can send
//   without a preflight; the operator's catalogue upload is the one multipart route;
// - better-auth's admin plugin is not reachable over HTTP: the same 404 as any unknown path (the product
//   uses its server API only: src/server/auth/create-operator.ts);
// - responses to requests that carry a session are never stored by caches.
import type { Context, MiddlewareHandler } from 'hono';
import { CATALOG_UPLOAD_PATH } from '#server/admin/admin.routes.ts';
import { trustedOrigins } from '#server/auth/create-auth.ts';
import type { Env } from '#server/env.ts';
import type { AppEnv } from './context.ts';
import { errorBody } from './error-handler.ts';

/** Server-to-server: PayPal signs its webhooks; browsers never call it. */
const CROSS_SITE_ALLOWED = new Set(['/api/webhooks/paypal']);
const MULTIPART_ALLOWED = new Set([CATALOG_UPLOAD_PATH]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ADMIN_PLUGIN = /^\/api\/auth\/admin(\/|$)/;
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/;

export const CROSS_SITE_MESSAGE = 'This request must come from the Flowvault site itself.';
export const JSON_ONLY_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

export function requestGuard(env: Pick<Env, 'baseUrl' | 'BASE_URL' | 'NODE_ENV' | 'PORT'>) {
  const origins = new Set(trustedOrigins(env));
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    const path = c.req.path;
    if (ADMIN_PLUGIN.test(path)) {
      return c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'No such API endpoint.'), 404);
    }
    if (!SAFE_METHODS.has(c.req.method) && !CROSS_SITE_ALLOWED.has(path)) {
      if (!sameSite(c, origins)) {
        c.var.log.warn({ path, origin: c.req.header('origin') ?? null }, 'cross-site request refused');
        return c.json(errorBody(c.var.requestId, 'FORBIDDEN', CROSS_SITE_MESSAGE), 403);
      }
      const type = c.req.header('content-type');
      if (type !== undefined && !acceptedType(type, MULTIPART_ALLOWED.has(path))) {
        return c.json(errorBody(c.var.requestId, 'UNSUPPORTED_MEDIA_TYPE', JSON_ONLY_MESSAGE), 415);
      }
    }
    await next();
    if (SESSION_COOKIE.test(c.req.header('cookie') ?? '') || c.res.headers.has('set-cookie')) {
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
