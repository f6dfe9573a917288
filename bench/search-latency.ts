import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { latencyQueries, pct } from './search-queries.ts';

// Search latency as a member sees it (issue 16 budgets): every query once on a server that has not
// seen it (uncached: the word index, ranking, counts and facet all run), then the same list again
// (answered from the 512-entry result cache). One request at a time, the member's session cookie on
// each, timed from request to the last byte of the body.

export type Latency = {
  queries: number;
  uncached: { p50: number; p95: number };
  cached: { p50: number; p95: number };
};

/**
 * One kept-alive connection, as a browser tab holds one, speaking HTTP/1.1 directly: node:http's
 * client (its parser, IncomingMessage streams, agent) took ~0.5 ms of every request on this machine,
 * and fetch 1-2 ms, which is the client's time, not the server's. wrk, the peer harness's client, also
 * writes the request and reads bytes. The request asks for brotli or gzip as browsers do; the time
 * ends at the last byte of the body (Content-Length or chunked).
 */
class Connection {
  private socket: Socket | undefined;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: (() => void) | undefined;
  private failed: Error | undefined;

  private readonly base: URL;

  constructor(base: URL) {
    this.base = base;
  }

  private async open(): Promise<Socket> {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = connect(Number(this.base.port || 80), this.base.hostname);
    socket.setNoDelay(true);
    await once(socket, 'connect');
    this.buffer = Buffer.alloc(0);
    this.failed = undefined;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    const fail = (error: Error) => {
      this.failed = error;
      this.waiting?.();
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('the server closed the connection')));
    this.socket = socket;
    return socket;
  }

  private more(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve) => {
      this.waiting = () => {
        this.waiting = undefined;
        resolve();
      };
    });
  }

  /** GET `path`; resolves with the status once the whole body has arrived. */
  async get(path: string, cookie: string): Promise<number> {
    const socket = await this.open();
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: ${this.base.host}\r\nCookie: ${cookie}\r\n` +
        'Accept-Encoding: br, gzip\r\nConnection: keep-alive\r\n\r\n',
    );
    let headEnd = this.buffer.indexOf('\r\n\r\n');
    while (headEnd < 0) {
      await this.more();
      headEnd = this.buffer.indexOf('\r\n\r\n');
    }
    const head = this.buffer.subarray(0, headEnd).toString('latin1');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
    let rest = headEnd + 4;
    if (length !== undefined) {
      while (this.buffer.length < rest + Number(length)) await this.more();
      rest += Number(length);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      for (;;) {
        let line = this.buffer.indexOf('\r\n', rest);
        while (line < 0) {
          await this.more();
          line = this.buffer.indexOf('\r\n', rest);
        }
        const size = Number.parseInt(this.buffer.subarray(rest, line).toString('latin1'), 16);
        while (this.buffer.length < line + 2 + size + 2) await this.more();
        rest = line + 2 + size + 2;
        if (size === 0) break;
      }
    } else throw new Error(`GET ${path}: HTTP ${status} without a length the bench can read`);
    this.buffer = this.buffer.subarray(rest);
    return status;
  }

  close() {
    this.socket?.destroy();
  }
}

async function pass(connection: Connection, cookie: string, qs: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const q of qs) {
    const t = performance.now();
    const status = await connection.get(
      `/api/catalog/automations?q=${encodeURIComponent(q)}&pageSize=20`,
      cookie,
    );
    if (status !== 200) throw new Error(`search ${JSON.stringify(q)}: HTTP ${status}`);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Apps a member might search for that are not in the measured list: a server meets members after it
 * has answered others, so the measured queries are new to its result cache, not to its compiled code.
 */
const WARM_UP_APPS = [
  'hubspot',
  'stripe',
  'jira',
  'trello',
  'asana',
  'twilio',
  'mailchimp',
  'dropbox',
  'postgres',
  'mysql',
  'shopify',
  'zendesk',
  'typeform',
  'clickup',
  'supabase',
  'pinecone',
  'youtube',
  'reddit',
  'linkedin',
  'todoist',
  'pipedrive',
];

/**
 * Distinct warm-up searches of every kind the measured list has (one app, two apps with a stop word, a
 * typo, a prefix while typing, a phrase that finds nothing): each is new to the server, so the warm-up
 * runs the uncached path — word index, ranking, counts, "did you mean", compression — not the cache.
 */
function warmUpQueries(measured: Set<string>): string[] {
  const out = new Set<string>();
  WARM_UP_APPS.forEach((app, i) => {
    const other = WARM_UP_APPS[(i + 7) % WARM_UP_APPS.length]!;
    const typo = app.length >= 5 ? app.slice(0, 2) + app[3] + app[2] + app.slice(4) : `${app}x`;
    for (const q of [
      app,
      `${app} to ${other}`,
      `${app} ${other}`,
      `${typo} notification`,
      `${app} ${other.slice(0, 3)}`,
      `${typo} when a ${other} row is added qzx`,
    ])
      if (!measured.has(q)) out.add(q);
  });
  return [...out];
}

/** The uncached pass, then the cached pass, over the same distinct queries. */
export async function searchLatency(
  base: string,
  cookie: string,
  qs: string[] = latencyQueries(),
): Promise<Latency> {
  const measured = new Set(qs);
  // Warm the HTTP path (connection, session, compiled code) on queries outside the measured list:
  // once new (the uncached path), then twice more (the cached path).
  const warm = warmUpQueries(measured);
  const connection = new Connection(new URL(base));
  try {
    for (let round = 0; round < 3; round++) await pass(connection, cookie, warm);
    const uncached = await pass(connection, cookie, qs);
    const cached = await pass(connection, cookie, qs);
    const figures = (s: number[]) => ({ p50: pct(s, 50), p95: pct(s, 95) });
    return { queries: qs.length, uncached: figures(uncached), cached: figures(cached) };
  } finally {
    connection.close();
  }
}

export function printLatency(label: string, l: Latency, budgetP95: number) {
  const load = loadavg()[0]!.toFixed(1);
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  console.log(
    `Search latency, ${label} (${l.queries} distinct queries, member session, c=1; load ${load}):\n` +
      `  uncached (first time seen) p50 ${ms(l.uncached.p50)} p95 ${ms(l.uncached.p95)} — budget p95 ≤ ${budgetP95} ms: ${l.uncached.p95 <= budgetP95 ? 'met' : 'MISSED'}\n` +
      `  cached (same queries again) p50 ${ms(l.cached.p50)} p95 ${ms(l.cached.p95)}`,
  );
}
