// Outbound HTTP for members' n8n URLs. A member types any URL into Settings and our server then
// calls it with their API key, so every call goes through this guard:
// - http(s) only, no user:password@ in the URL, ports from an allow-list;
// - every address a name resolves to is checked when the socket connects (a validating
//   `lookup` on the undici connector), so a name that answered a public address when the URL was
//   saved and a private one now (DNS rebinding) still fails; literal IPs are checked too, because
//   net.connect does not call `lookup` for them;
// - `redirect: 'error'` (following a redirect would forward X-N8N-API-KEY elsewhere);
// - connect and total timeouts and a response size cap.
// See docs/decisions/0003-n8n-deploy.md.

import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

export const DEFAULT_ALLOWED_PORTS: readonly number[] = [80, 443, 5678];

/**
 * Cloud metadata endpoints. Refused even when private targets are allowed: a self-hosted n8n never
 * lives there, and they hand out cloud credentials.
 */
export const METADATA_ADDRESSES: readonly string[] = [
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
  '169.254.170.2', // AWS ECS task metadata
  '169.254.170.23', // AWS EKS pod identity
  '169.254.0.23', // Tencent Cloud
  '100.100.100.200', // Alibaba Cloud
  '192.0.0.192', // Oracle Cloud (legacy)
  'fd00:ec2::254', // AWS IMDS over IPv6
  'fd00:ec2::23', // AWS EKS pod identity over IPv6
];

/** Ranges that `allowPrivateTargets` opens (a self-hosted n8n on the same host or network). */
const PRIVATE_RANGES = new Set(['private', 'loopback', 'uniqueLocal', 'carrierGradeNat']);

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Answers every address of a host name (A and AAAA). Injectable so tests can lie like DNS can. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) reject(error);
      else resolve(addresses.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })));
    });
  });

export type SsrfRefusal =
  | 'scheme'
  | 'credentials-in-url'
  | 'port'
  | 'address'
  | 'redirect'
  | 'invalid-url'
  | 'no-address';

/** The guard refused a target. `message` names the rule, never the API key. */
export class SsrfBlockedError extends Error {
  override name = 'SsrfBlockedError';
  readonly refusal: SsrfRefusal;
  readonly address: string | undefined;
  readonly range: string | undefined;
  constructor(refusal: SsrfRefusal, message: string, extra: { address?: string; range?: string } = {}) {
    super(message);
    this.refusal = refusal;
    this.address = extra.address;
    this.range = extra.range;
  }
}

export type AddressVerdict = { allowed: true; range: string } | { allowed: false; range: string };

/**
 * Classifies one IP address. Only global unicast passes; with `allowPrivateTargets` also RFC 1918,
 * loopback, unique-local and CGNAT. IPv4-mapped/translated IPv6 forms are refused outright unless
 * private targets are allowed, in which case the embedded IPv4 address is judged instead.
 * Metadata addresses, unspecified, link-local, multicast, broadcast and reserved ranges never pass.
 */
export function classifyAddress(ip: string, options: { allowPrivateTargets?: boolean } = {}): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(ip.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return { allowed: false, range: 'invalid' };
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) {
      if (!options.allowPrivateTargets) return { allowed: false, range: 'ipv4Mapped' };
      return classifyAddress(v6.toIPv4Address().toString(), options);
    }
    // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291): ipaddr.js calls ::7f00:1 "unicast", but
    // stacks may reach the embedded IPv4 address. Refused like the mapped form.
    const parts = v6.parts;
    if (parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || parts[7]! > 1)) {
      if (!options.allowPrivateTargets) return { allowed: false, range: 'ipv4Compatible' };
      const embedded = ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString();
      return classifyAddress(embedded, options);
    }
  }
  const normalized = parsed.toNormalizedString();
  const isMetadata = METADATA_ADDRESSES.some((m) => {
    const meta = ipaddr.parse(m);
    return meta.kind() === parsed.kind() && meta.toNormalizedString() === normalized;
  });
  if (isMetadata) return { allowed: false, range: 'metadata' };
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, range };
  if (options.allowPrivateTargets && PRIVATE_RANGES.has(range)) return { allowed: true, range };
  return { allowed: false, range };
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export type SsrfGuardOptions = {
  /** Operator setting for self-hosted installs: allow private, loopback, ULA and CGNAT targets. */
  allowPrivateTargets?: boolean;
  /** Ports a URL may name; the scheme's default port counts as named. */
  allowedPorts?: readonly number[];
  resolver?: Resolver;
  connectTimeoutMs?: number;
  /** Whole request, from connect to the last body byte. */
  timeoutMs?: number;
  maxResponseBytes?: number;
};

/**
 * Checks a URL before any connection: scheme, credentials, port, and a literal IP host (WHATWG URL
 * parsing has already turned decimal/octal/hex IPv4 forms into dotted quads).
 */
export function checkTargetUrl(input: string | URL, options: SsrfGuardOptions = {}): URL {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : input;
  } catch {
    throw new SsrfBlockedError('invalid-url', 'The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SsrfBlockedError('scheme', `Only http and https URLs are allowed, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new SsrfBlockedError('credentials-in-url', 'URLs with a user name or password are not allowed');
  }
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const allowedPorts = options.allowedPorts ?? DEFAULT_ALLOWED_PORTS;
  if (!allowedPorts.includes(port)) {
    throw new SsrfBlockedError('port', `Port ${port} is not allowed (allowed: ${allowedPorts.join(', ')})`);
  }
  const host = stripBrackets(url.hostname);
  if (isIP(host)) assertAddressAllowed(host, options);
  return url;
}

function assertAddressAllowed(address: string, options: SsrfGuardOptions) {
  const verdict = classifyAddress(address, options);
  if (!verdict.allowed) {
    throw new SsrfBlockedError('address', `Address ${address} is not allowed (${verdict.range})`, {
      address,
      range: verdict.range,
    });
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net/tls.connect that refuses the host when any of its addresses is not allowed. */
export function createGuardedLookup(options: SsrfGuardOptions) {
  const resolver = options.resolver ?? systemResolver;
  return (
    hostname: string,
    lookupOptions: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ) => {
    resolver(hostname).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(new SsrfBlockedError('no-address', `${hostname} has no address`), '');
          return;
        }
        for (const a of addresses) {
          const verdict = classifyAddress(a.address, options);
          if (!verdict.allowed) {
            callback(
              // The message names the rule, never the resolved address (it would map the private network).
              new SsrfBlockedError(
                'address',
                `${hostname} resolves to an address that is not allowed (${verdict.range})`,
                { address: a.address, range: verdict.range },
              ),
              '',
            );
            return;
          }
        }
        const family = Number(lookupOptions.family) || 0;
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }),
            '',
          );
          return;
        }
        if (lookupOptions.all) callback(null, usable);
        else callback(null, usable[0]?.address ?? '', usable[0]?.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

export type GuardedResponse = {
  status: number;
  statusText: string;
  headers: Headers;
  body: string;
};

export type GuardedFetchInit = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
};

export type GuardedFetch = ((url: string | URL, init?: GuardedFetchInit) => Promise<GuardedResponse>) & {
  close(): Promise<void>;
  /**
   * Throws SsrfBlockedError when the guard would refuse this URL now (before saving it): scheme,
   * port, a literal address, or any address its name resolves to. A name that does not resolve
   * passes (it fails when called, like any unreachable instance).
   */
  check(url: string | URL): Promise<void>;
};

/** Raised for a timeout, a response over the size cap, or a network failure (not a refusal). */
export class OutboundError extends Error {
  override name = 'OutboundError';
  readonly kind: 'timeout' | 'too-large' | 'network';
  constructor(kind: OutboundError['kind'], message: string, cause?: unknown) {
    super(message, { cause });
    this.kind = kind;
  }
}

function findCause<T>(error: unknown, match: (e: unknown) => e is T): T | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 8; depth++) {
    if (match(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A fetch whose connections can only reach allowed addresses. Bodies are read whole (up to
 * `maxResponseBytes`) and returned as text: n8n's public API answers JSON or YAML.
 */
export function createGuardedFetch(options: SsrfGuardOptions = {}): GuardedFetch {
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const baseConnect = buildConnector({ timeout: connectTimeoutMs, lookup: createGuardedLookup(options) });
  const agent = new Agent({
    connect(connectOptions, callback) {
      // Literal IPs never reach `lookup`; check them here, on every connection.
      const host = stripBrackets(connectOptions.hostname);
      if (isIP(host)) {
        const verdict = classifyAddress(host, options);
        if (!verdict.allowed) {
          callback(
            new SsrfBlockedError('address', `Address ${host} is not allowed (${verdict.range})`, {
              address: host,
              range: verdict.range,
            }),
            null,
          );
          return;
        }
      }
      baseConnect(connectOptions, callback);
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: 8,
  });

  const guarded = async (input: string | URL, init: GuardedFetchInit = {}): Promise<GuardedResponse> => {
    const url = checkTargetUrl(input, options);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(url, {
        method: init.method ?? 'GET',
        headers: init.headers,
        body: init.body,
        redirect: 'error',
        signal,
        dispatcher: agent,
      });
    } catch (error) {
      throw translateError(error, timeout, timeoutMs);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxResponseBytes) {
      await response.body?.cancel();
      throw new OutboundError('too-large', `The response is larger than ${maxResponseBytes} bytes`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    try {
      if (response.body) {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          size += chunk.byteLength;
          if (size > maxResponseBytes) {
            throw new OutboundError('too-large', `The response is larger than ${maxResponseBytes} bytes`);
          }
          chunks.push(chunk);
        }
      }
    } catch (error) {
      await response.body?.cancel().catch(() => {});
      if (error instanceof OutboundError) throw error;
      throw translateError(error, timeout, timeoutMs);
    }
    return {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers as unknown as Headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
  };
  const check = async (input: string | URL) => {
    const url = checkTargetUrl(input, options);
    const host = stripBrackets(url.hostname);
    if (isIP(host)) return;
    const addresses = await (options.resolver ?? systemResolver)(host).catch(() => []);
    for (const a of addresses) {
      const verdict = classifyAddress(a.address, options);
      if (!verdict.allowed) {
        throw new SsrfBlockedError(
          'address',
          `${host} resolves to an address that is not allowed (${verdict.range})`,
          { address: a.address, range: verdict.range },
        );
      }
    }
  };
  return Object.assign(guarded, { close: () => agent.close(), check });
}

function translateError(error: unknown, timeout: AbortSignal, timeoutMs: number): Error {
  const blocked = findCause(error, (e): e is SsrfBlockedError => e instanceof SsrfBlockedError);
  if (blocked) return blocked;
  const redirect = findCause(
    error,
    (e): e is Error => e instanceof Error && e.message === 'unexpected redirect',
  );
  if (redirect) {
    return new SsrfBlockedError('redirect', 'The server answered with a redirect, which is not followed');
  }
  const connectTimeout = findCause(
    error,
    (e): e is Error => e instanceof Error && (e as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT',
  );
  if (timeout.aborted || connectTimeout) {
    return new OutboundError('timeout', `No answer within ${timeoutMs} ms`, error);
  }
  const cause = findCause(error, (e): e is NodeJS.ErrnoException => Boolean((e as { code?: string })?.code));
  return new OutboundError('network', cause?.code ? `Network error (${cause.code})` : 'Network error', error);
}
