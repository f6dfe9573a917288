import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch, OutboundError, type SsrfGuardOptions } from '#server/n8n/ssrf-guard.ts';
import { classifyAddress, type Resolver, SsrfBlockedError } from '#server/n8n/ssrf-policy.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';

type Standin = Awaited<ReturnType<typeof startN8nStandin>>;
let standin: Standin;
// A second loopback server that must never be reached: the target of redirects.
let sink: Server;
let sinkHits = 0;
let sinkUrl = '';

beforeAll(async () => {
  standin = await startN8nStandin({ version: 'newer' });
  sink = createServer((_req, res) => {
    sinkHits++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await standin.close();
  sink.closeAllConnections();
  await new Promise((resolve) => sink.close(resolve));
});

const answers =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const list = table[hostname];
    if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

type Case = {
  label: string;
  url: string | (() => string);
  options?: SsrfGuardOptions;
  /** The refusal expected; 'allowed' when the call must go through. */
  expect: SsrfBlockedError['refusal'] | 'allowed';
};

// Resolvers a hostile or mistaken DNS could give us.
const privateForPublicName = answers({ 'n8n.example.com': ['10.1.2.3'] });
const mixedAnswers = answers({ 'n8n.example.com': ['93.184.216.34', '127.0.0.1'] });
const wildcardDns = answers({ '127.0.0.1.nip.io': ['127.0.0.1'] });
const metadataName = answers({ 'metadata.google.internal': ['169.254.169.254'] });
let rebindCalls = 0;
// Answers a public address the first time (when a URL might be validated) and loopback after.
const rebinding: Resolver = async () => {
  rebindCalls++;
  return [{ address: rebindCalls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
};

/** A URL the guard must refuse for the address it names or resolves to. */
const byAddress = (label: string, url: string, options?: SsrfGuardOptions): Case => ({
  label,
  url,
  options,
  expect: 'address',
});
/** The same cases with private targets allowed (a loopback n8n): what stays refused even then. */
const withPrivateTargetsAllowed = (cases: Case[]): Case[] =>
  cases.map((c) => ({
    ...c,
    label: `${c.label} with private targets allowed`,
    options: { ...c.options, allowPrivateTargets: true },
  }));

const matrix: Case[] = [
  // Schemes and URL shapes.
  { label: 'file: scheme', url: 'file:///etc/passwd', expect: 'scheme' },
  { label: 'ftp: scheme', url: 'ftp://n8n.example.com/', expect: 'scheme' },
  { label: 'gopher: scheme', url: 'gopher://n8n.example.com:70/', expect: 'scheme' },
  {
    label: 'user:password in URL',
    url: 'https://admin:secret@n8n.example.com/',
    expect: 'credentials-in-url',
  },
  { label: 'port 22', url: 'https://n8n.example.com:22/', expect: 'port' },
  { label: 'port 6379', url: 'http://n8n.example.com:6379/', expect: 'port' },
  // Loopback, literal and encoded.
  byAddress('loopback 127.0.0.1', 'http://127.0.0.1/'),
  byAddress('loopback 127.5.6.7', 'http://127.5.6.7:5678/'),
  byAddress('loopback decimal 2130706433', 'http://2130706433/'),
  byAddress('loopback octal 0177.0.0.1', 'http://0177.0.0.1/'),
  byAddress('loopback hex 0x7f000001', 'http://0x7f000001/'),
  byAddress('loopback short 127.1', 'http://127.1/'),
  byAddress('IPv6 loopback [::1]', 'http://[::1]/'),
  byAddress('localhost by name', 'http://localhost:5678/', {
    resolver: answers({ localhost: ['127.0.0.1', '::1'] }),
  }),
  // Private networks.
  byAddress('private 10.0.0.5', 'http://10.0.0.5/'),
  byAddress('private 172.16.0.1', 'https://172.16.0.1/'),
  byAddress('private 172.31.255.255', 'https://172.31.255.255/'),
  byAddress('private 192.168.1.10', 'http://192.168.1.10:5678/'),
  byAddress('CGNAT 100.64.0.1', 'http://100.64.0.1/'),
  byAddress('CGNAT 100.127.255.254', 'http://100.127.255.254/'),
  // Link-local and metadata.
  byAddress('link-local 169.254.1.1', 'http://169.254.1.1/'),
  byAddress('metadata 169.254.169.254', 'http://169.254.169.254/latest/meta-data/'),
  ...withPrivateTargetsAllowed([
    byAddress('metadata 169.254.169.254', 'http://169.254.169.254/'),
    byAddress('metadata 100.100.100.200 (Alibaba)', 'http://100.100.100.200/'),
    byAddress('metadata [fd00:ec2::254]', 'http://[fd00:ec2::254]/'),
    byAddress('metadata.google.internal by name', 'http://metadata.google.internal/', {
      resolver: metadataName,
    }),
  ]),
  byAddress('IPv6 link-local [fe80::1]', 'http://[fe80::1]/'),
  // Unspecified, broadcast, multicast, reserved.
  byAddress('0.0.0.0', 'http://0.0.0.0:5678/'),
  byAddress('0.1.2.3 (0.0.0.0/8)', 'http://0.1.2.3/'),
  byAddress('decimal 0', 'http://0/'),
  byAddress('IPv6 unspecified [::]', 'http://[::]/'),
  byAddress('broadcast 255.255.255.255', 'http://255.255.255.255/'),
  byAddress('multicast 224.0.0.1', 'http://224.0.0.1/'),
  byAddress('reserved 240.0.0.1', 'http://240.0.0.1/'),
  byAddress('benchmarking 198.18.0.1', 'http://198.18.0.1/'),
  // IPv6 forms of IPv4 and local IPv6.
  byAddress('IPv4-mapped [::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]/'),
  byAddress('IPv4-mapped hex [::ffff:7f00:1]', 'http://[::ffff:7f00:1]/'),
  byAddress('IPv4-mapped [::ffff:169.254.169.254]', 'http://[::ffff:a9fe:a9fe]/'),
  byAddress('IPv4-mapped private [::ffff:10.0.0.1]', 'http://[::ffff:10.0.0.1]/'),
  ...withPrivateTargetsAllowed([byAddress('IPv4-mapped metadata', 'http://[::ffff:169.254.169.254]/')]),
  byAddress('NAT64 [64:ff9b::7f00:1]', 'http://[64:ff9b::7f00:1]/'),
  byAddress('6to4 [2002:7f00:1::1]', 'http://[2002:7f00:1::1]/'),
  byAddress('unique-local [fc00::1]', 'http://[fc00::1]/'),
  byAddress('unique-local [fd12:3456::1]', 'http://[fd12:3456::1]/'),
  byAddress('site-local [fec0::1]', 'http://[fec0::1]/'),
  // DNS tricks.
  byAddress('public name resolving to a private address', 'https://n8n.example.com/', {
    resolver: privateForPublicName,
  }),
  byAddress('public name with one public and one loopback address', 'https://n8n.example.com/', {
    resolver: mixedAnswers,
  }),
  byAddress('wildcard DNS 127.0.0.1.nip.io', 'http://127.0.0.1.nip.io/', { resolver: wildcardDns }),
  // Allowed targets.
  ...withPrivateTargetsAllowed([
    { label: 'loopback stand-in', url: () => `${standin.url}/api/v1/openapi.yml`, expect: 'allowed' },
    {
      label: 'public-looking name answered by the stand-in',
      url: () => `http://n8n.example.com:${standin.port}/api/v1/openapi.yml`,
      options: { resolver: answers({ 'n8n.example.com': ['127.0.0.1'] }) },
      expect: 'allowed',
    },
  ]),
];

async function attempt(c: Case): Promise<string> {
  const port = standin.port;
  const guarded = createGuardedFetch({
    allowedPorts: [80, 443, 5678, port],
    connectTimeoutMs: 500,
    timeoutMs: 2_000,
    resolver: answers({}),
    ...c.options,
  });
  try {
    const response = await guarded(typeof c.url === 'string' ? c.url : c.url(), {
      headers: { 'X-N8N-API-KEY': standin.apiKey },
    });
    return response.status === 200 ? 'allowed' : `status ${response.status}`;
  } catch (error) {
    if (error instanceof SsrfBlockedError) return error.refusal;
    return `other: ${(error as Error).message}`;
  } finally {
    await guarded.close();
  }
}

describe('SSRF guard', () => {
  it('refuses every blocked class and allows the allowed targets (matrix)', async () => {
    const failures: string[] = [];
    let passed = 0;
    const cases = [...matrix];
    for (const c of cases) {
      const outcome = await attempt(c);
      if (outcome === c.expect) passed++;
      else failures.push(`${c.label}: expected ${c.expect}, got ${outcome}`);
    }

    // DNS rebinding: the name answers public once, loopback at connect time.
    rebindCalls = 0;
    const rebindGuard = createGuardedFetch({ resolver: rebinding, connectTimeoutMs: 500, timeoutMs: 2_000 });
    const firstAnswer = await rebinding('n8n.example.com'); // what a save-time check would have seen
    expect(classifyAddress(firstAnswer[0]?.address ?? '').allowed).toBe(true);
    const rebind = await rebindGuard('http://n8n.example.com:5678/').then(
      () => 'allowed',
      (e: unknown) => (e instanceof SsrfBlockedError ? e.refusal : `other: ${(e as Error).message}`),
    );
    await rebindGuard.close();
    if (rebind === 'address') passed++;
    else failures.push(`DNS rebinding: expected address, got ${rebind}`);

    // A redirect from an allowed target is refused and never followed (it would carry the key).
    standin.setFaults({ redirectTo: sinkUrl });
    const requestsBefore = standin.requests.length;
    const redirect = await attempt({
      label: 'redirect',
      url: () => `${standin.url}/api/v1/workflows?limit=1`,
      options: { allowPrivateTargets: true },
      expect: 'redirect',
    });
    standin.setFaults({});
    if (redirect === 'redirect' && sinkHits === 0 && standin.requests.length === requestsBefore + 1) passed++;
    else failures.push(`redirect: expected redirect, got ${redirect} (sink hits ${sinkHits})`);

    // The private-for-public resolver must never have let a socket reach a server.
    const total = cases.length + 2;
    console.log(`ssrf matrix: ${passed}/${total}`);
    expect(failures).toEqual([]);
    expect(passed).toBe(total);
  });

  it('checks each resolved address at connect time, not only once', async () => {
    // The name answers loopback; the stand-in listens there. Without allowPrivateTargets no request
    // may reach it, whatever the port allow-list says.
    const before = standin.requests.length;
    const guarded = createGuardedFetch({
      allowedPorts: [standin.port],
      resolver: answers({ 'n8n.example.com': ['127.0.0.1'] }),
    });
    await expect(guarded(`http://n8n.example.com:${standin.port}/api/v1/openapi.yml`)).rejects.toMatchObject({
      refusal: 'address',
      address: '127.0.0.1',
      range: 'loopback',
    });
    await guarded.close();
    expect(standin.requests.length).toBe(before);
  });

  it('keeps the port allow-list when private targets are allowed', async () => {
    const guarded = createGuardedFetch({ allowPrivateTargets: true });
    await expect(guarded(`${standin.url}/api/v1/openapi.yml`)).rejects.toMatchObject({ refusal: 'port' });
    await guarded.close();
  });

  it('times out a slow instance and caps the response size', async () => {
    const slow = createGuardedFetch({
      allowPrivateTargets: true,
      allowedPorts: [standin.port],
      timeoutMs: 200,
    });
    standin.setFaults({ delayMs: 1_000 });
    const timedOut = await slow(`${standin.url}/api/v1/openapi.yml`).catch((e: unknown) => e);
    standin.setFaults({});
    await slow.close();
    expect(timedOut).toBeInstanceOf(OutboundError);
    expect((timedOut as OutboundError).kind).toBe('timeout');

    const capped = createGuardedFetch({
      allowPrivateTargets: true,
      allowedPorts: [standin.port],
      maxResponseBytes: 1_024,
    });
    const tooLarge = await capped(`${standin.url}/api/v1/openapi.yml`).catch((e: unknown) => e);
    await capped.close();
    expect(standin.openapiYaml.length).toBeGreaterThan(1_024);
    expect(tooLarge).toBeInstanceOf(OutboundError);
    expect((tooLarge as OutboundError).kind).toBe('too-large');
  });

  it('classifies public addresses as allowed', () => {
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1']) {
      expect(classifyAddress(ip)).toEqual({ allowed: true, range: 'unicast' });
    }
    expect(classifyAddress('192.168.0.10', { allowPrivateTargets: true }).allowed).toBe(true);
    expect(classifyAddress('::ffff:192.168.0.10', { allowPrivateTargets: true }).allowed).toBe(true);
    expect(classifyAddress('169.254.169.254', { allowPrivateTargets: true })).toEqual({
      allowed: false,
      range: 'metadata',
    });
  });
});
