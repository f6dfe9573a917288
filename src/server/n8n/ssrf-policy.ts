// Which targets a member's n8n URL may reach (the policy half of the SSRF guard; ssrf-guard.ts is
// the fetch that applies it on every connection): http(s) only, no user:password@ in the URL, ports
// from an allow-list, and every address a name resolves to judged by `classifyAddress`.
// See docs/decisions/0003-n8n-deploy.md.

import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

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

/**
 * For a member whose self-hosted n8n was refused: the operator setting that would allow it (issue 43),
 * as a sentence to append, or '' when no setting allows it (metadata endpoints, link-local).
 */
export function operatorHint(error: SsrfBlockedError): string {
  if (error.refusal === 'port')
    return ' The operator of this Flowvault can allow another port with N8N_ALLOWED_PORTS.';
  if (error.refusal === 'address' && error.range && PRIVATE_RANGES.has(error.range))
    return ' An n8n on a private network or on this server can be used only if the operator of this Flowvault sets N8N_ALLOW_PRIVATE_TARGETS=true.';
  return '';
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

export function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** What the guard lets through; ssrf-guard.ts adds its timeouts and size cap. */
export type SsrfPolicy = {
  /** Operator setting for self-hosted installs: allow private, loopback, ULA and CGNAT targets. */
  allowPrivateTargets?: boolean;
  /** Ports a URL may name; the scheme's default port counts as named. */
  allowedPorts?: readonly number[];
  resolver?: Resolver;
};

/**
 * Checks a URL before any connection: scheme, credentials, port, and a literal IP host (WHATWG URL
 * parsing has already turned decimal/octal/hex IPv4 forms into dotted quads).
 */
export function checkTargetUrl(input: string | URL, options: SsrfPolicy = {}): URL {
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
  const refusal = isIP(host) ? addressRefusal(host, options) : null;
  if (refusal) throw refusal;
  return url;
}

/** The refusal of one literal address, or null when it is allowed. */
export function addressRefusal(address: string, options: SsrfPolicy): SsrfBlockedError | null {
  const verdict = classifyAddress(address, options);
  if (verdict.allowed) return null;
  return new SsrfBlockedError('address', `Address ${address} is not allowed (${verdict.range})`, {
    address,
    range: verdict.range,
  });
}

/** The refusal of a name when any address it resolves to is not allowed, or null. */
export function resolvedRefusal(
  hostname: string,
  addresses: readonly ResolvedAddress[],
  options: SsrfPolicy,
): SsrfBlockedError | null {
  for (const a of addresses) {
    const verdict = classifyAddress(a.address, options);
    if (!verdict.allowed) {
      // The message names the rule, never the resolved address (it would map the private network).
      return new SsrfBlockedError(
        'address',
        `${hostname} resolves to an address that is not allowed (${verdict.range})`,
        { address: a.address, range: verdict.range },
      );
    }
  }
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for net/tls.connect that refuses the host when any of its addresses is not allowed. */
export function createGuardedLookup(options: SsrfPolicy) {
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
        const refusal = resolvedRefusal(hostname, addresses, options);
        if (refusal) {
          callback(refusal, '');
          return;
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
