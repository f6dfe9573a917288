import { Hono } from 'hono';
import { clientIp } from '#server/lib/client-ip.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { errorBody } from '#server/lib/error-handler.ts';
import { NUL_MESSAGE, scanJson } from '#server/lib/validate.ts';
import { tooManyRequestsMessage } from './auth-messages.ts';
import { type Auth, CLIENT_IP_HEADER } from './create-auth.ts';

const SIGN_UP_PATH = '/api/auth/sign-up/email';
const SIGN_UP_USER_FIELDS = ['id', 'email', 'name', 'emailVerified', 'image', 'createdAt', 'updatedAt'];

/**
 * Sign-up answers the same for a new and an existing email (better-auth's stand-in user for an existing
 * one lacks the plugin fields, e.g. `role: null`): only the fields every answer has the same way.
 */
async function sameForEveryEmail(response: Response): Promise<Response> {
  const body = (await response.json()) as { token?: unknown; user?: Record<string, unknown> };
  const user = Object.fromEntries(SIGN_UP_USER_FIELDS.map((k) => [k, body.user?.[k] ?? null]));
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ token: body.token ?? null, user }), { status: 200, headers });
}

/** A NUL in the path or the query, however it is encoded. */
function hasNul(url: string): boolean {
  const rest = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  try {
    return decodeURIComponent(rest.replaceAll('+', ' ')).includes('\u0000');
  } catch {
    return rest.includes('\u0000');
  }
}

/** better-auth's handler at /api/auth/*, with a trusted client address and a clear 429. */
export function authRoutes(deps: { auth?: Auth; trustProxy: boolean }) {
  return new Hono<AppEnv>().on(['GET', 'POST'], '/auth/*', async (c) => {
    if (!deps.auth) return c.notFound();
    // better-auth's routes have no validate(): a NUL anywhere in what they read is refused here, as
    // validate() refuses it for ours (PostgreSQL cannot store it; it was a 500).
    const body = c.req.method === 'GET' ? '' : await c.req.text();
    if (hasNul(c.req.url) || scanJson(body).nul) {
      const error = errorBody(c.var.requestId, 'VALIDATION_FAILED', NUL_MESSAGE);
      return c.json({ ...error, code: 'VALIDATION_FAILED', message: NUL_MESSAGE }, 422);
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, deps.trustProxy);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    const init: RequestInit & { duplex?: 'half' } = { method: c.req.method, headers };
    if (c.req.method !== 'GET') {
      init.body = body;
    }
    const response = await deps.auth.handler(new Request(c.req.url, init));
    if (c.req.path === SIGN_UP_PATH && response.status === 200) return sameForEveryEmail(response);
    if (response.status !== 429) return response;
    const retryAfter = Number(response.headers.get('x-retry-after')) || null;
    c.var.log.warn({ path: c.req.path }, 'auth rate limit reached');
    const message = tooManyRequestsMessage(retryAfter);
    return c.json(
      { code: 'RATE_LIMITED', message, error: { code: 'RATE_LIMITED', message, requestId: c.var.requestId } },
      429,
      retryAfter ? { 'Retry-After': String(retryAfter), 'X-Retry-After': String(retryAfter) } : {},
    );
  });
}
