import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client address rate limits key on. From the socket; behind a trusted proxy (TRUST_PROXY) the
 * address that proxy appended. Requests made in-process (tests) have no socket and may name one with
 * X-Forwarded-For.
 */
export function clientIp(c: Context, trustProxy: boolean): string | undefined {
  const forwarded = c.req
    .header('x-forwarded-for')
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  let socket: string | undefined;
  try {
    socket = getConnInfo(c).remote.address;
  } catch {
    socket = undefined;
  }
  if (trustProxy && forwarded?.length) return forwarded[forwarded.length - 1];
  if (socket) return socket;
  return forwarded?.[forwarded.length - 1];
}

/**
 * Whether the TCP peer is this machine: a loopback address, or the very address the connection came in
 * on (a server bound to one interface, called from its own host). Never X-Forwarded-For.
 */
export function fromThisMachine(c: Context): boolean {
  try {
    const address = getConnInfo(c).remote.address ?? '';
    if (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')) return true;
    const local = (c.env as { incoming?: { socket?: { localAddress?: string } } } | undefined)?.incoming
      ?.socket?.localAddress;
    return address !== '' && address === local;
  } catch {
    return false; // no socket (an in-process request): not known to be local
  }
}
