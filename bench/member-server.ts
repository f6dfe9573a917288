// Benches measure what members hit: the server started by the operators' npm script, a member who
// registered, verified the address, signed in through better-auth and paid through the built-in
// PayPal sandbox, and that member's real session cookie on every request.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type SmtpCapture, startSmtpCapture } from '../tests/support/smtp-capture.ts';
import { ROOT } from './corpus.ts';

/** Fixed secret so every command the bench starts reads the same sessions (≥ 32 characters). */
const AUTH_SECRET = 'flowvault-bench-secret-0123456789abcdef';
const PASSWORD = 'bench-member-password-1';

export function hasScript(name: string): boolean {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  return typeof pkg.scripts[name] === 'string';
}

/** The commands operators start the server with: `npm start`, and `npm run serve` once it exists. */
export function serverScripts(): string[] {
  return hasScript('serve') ? ['start', 'serve'] : ['start'];
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** The server process under `npm run x` (npm → sh → node): the leaf of the tree, found by parent PID. */
function serverPidUnder(root: number): number | undefined {
  let current = root;
  for (let depth = 0; depth < 6; depth++) {
    const kids = childrenOf(current);
    if (kids.length === 0) return current === root ? undefined : current;
    current = kids.at(-1)!;
  }
  return current;
}

export const rssOf = (pid: number): { rssMb: number; hwmMb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
};

export type NpmServer = {
  script: string;
  url: string;
  /** The node process serving requests (not npm or the shell above it). */
  pid: number;
  log: string;
  stop(): Promise<void>;
};

/** `npm run <script>` with a temp DATA_DIR on PORT; default log level (written to a file). */
export async function startNpmServer(options: {
  script: string;
  dataDir: string;
  port: number;
  smtpUrl: string;
  logDir: string;
  /** Run on this PostgreSQL database instead of the embedded one. */
  databaseUrl?: string;
  /** More of the operator's configuration (production's secrets). */
  env?: Record<string, string>;
}): Promise<NpmServer> {
  const url = `http://127.0.0.1:${options.port}`;
  if (await healthy(url))
    throw new Error(`Something already answers on ${url}: stop it or pick another PORT`);
  const log = path.join(options.logDir, `server-${options.script}-${Date.now()}.log`);
  const fd = openSync(log, 'a');
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    BASE_URL: url,
    AUTH_SECRET,
    SMTP_URL: options.smtpUrl,
  };
  // What the operator has not set stays at its default: the log level, the embedded database.
  delete env.LOG_LEVEL;
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  const script = options.script === 'start' ? ['start'] : ['run', options.script];
  const child: ChildProcess = spawn('npm', script, { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 180_000;
  while (!(await healthy(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGTERM');
      const tail = readFileSync(log, 'utf8').split('\n').slice(-15).join('\n');
      throw new Error(`npm ${script.join(' ')} did not become healthy on ${url}:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = serverPidUnder(child.pid!);
  if (!pid) throw new Error(`npm ${script.join(' ')}: no server process under PID ${child.pid}`);
  return {
    script: options.script,
    url,
    pid,
    log,
    async stop() {
      // The server shuts down gracefully on SIGTERM; npm then exits with it.
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function healthy(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export async function withSmtp<T>(fn: (smtp: SmtpCapture) => Promise<T>): Promise<T> {
  const smtp = await startSmtpCapture();
  try {
    return await fn(smtp);
  } finally {
    await smtp.close();
  }
}

function cookiesOf(res: Response, jar: Map<string, string>) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
  }
}
const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

async function call(
  base: string,
  jar: Map<string, string>,
  route: string,
  body?: unknown,
): Promise<Response> {
  const res = await fetch(new URL(route, base), {
    method: body === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: {
      origin: base,
      cookie: cookieHeader(jar),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  cookiesOf(res, jar);
  return res;
}

async function expectOk(res: Response, what: string) {
  if (res.status >= 400) throw new Error(`${what}: HTTP ${res.status} ${await res.text()}`);
  return res;
}

/**
 * Registers a member over HTTP, opens the verification link from the mail, signs in and pays the
 * lifetime plan through the PayPal sandbox. Returns the `Cookie` header value the browser would send.
 */
export async function becomePayingMember(
  base: string,
  smtp: SmtpCapture,
): Promise<{ email: string; cookie: string }> {
  const email = `bench-${Date.now()}@example.com`;
  const jar = new Map<string, string>();
  await expectOk(
    await call(base, jar, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Bench member' }),
    'sign-up',
  );
  const mail = await smtp.waitFor(email, 30_000);
  const link = /https?:\/\/[^\s"'<>]+\/api\/auth\/verify-email[^\s"'<>]*/.exec(mail.body)?.[0];
  if (!link) throw new Error(`No verification link in the mail to ${email}`);
  await expectOk(await call(base, jar, link.replace(/&amp;/g, '&')), 'verify-email');
  jar.clear();
  await expectOk(await call(base, jar, '/api/auth/sign-in/email', { email, password: PASSWORD }), 'sign-in');
  const checkout = (await (
    await expectOk(await call(base, jar, '/api/billing/checkout', { planId: 'lifetime' }), 'checkout')
  ).json()) as { orderId: string; approvalUrl: string };
  // The buyer clicks "Approve payment" on the sandbox's approval page (a form POST).
  const approval = new URL(checkout.approvalUrl, base);
  const approve = await fetch(new URL(`checkoutnow/approve${approval.search}`, approval), {
    method: 'POST',
    redirect: 'manual',
  });
  if (approve.status !== 303) throw new Error(`sandbox approve: HTTP ${approve.status}`);
  const captured = (await (
    await expectOk(await call(base, jar, '/api/billing/capture', { orderId: checkout.orderId }), 'capture')
  ).json()) as { success: boolean; outcome: string };
  if (!captured.success) throw new Error(`capture: ${captured.outcome}`);
  return { email, cookie: await memberCookie(base, jar) };
}

/** Signs an existing member in (another server on the same database) and returns its Cookie header. */
export async function signIn(base: string, email: string): Promise<string> {
  const jar = new Map<string, string>();
  await expectOk(await call(base, jar, '/api/auth/sign-in/email', { email, password: PASSWORD }), 'sign-in');
  return memberCookie(base, jar);
}

/** The jar's Cookie header, once it is shown to be what grants a member's access. */
async function memberCookie(base: string, jar: Map<string, string>): Promise<string> {
  const cookie = cookieHeader(jar);
  const search = await fetch(`${base}/api/catalog/automations?q=&pageSize=1`, { headers: { cookie } });
  const anonymous = await fetch(`${base}/api/catalog/automations?q=&pageSize=1`);
  if (search.status !== 200 || anonymous.status === 200)
    throw new Error(
      `member search ${search.status}, anonymous ${anonymous.status}: the cookie is not what grants access`,
    );
  return cookie;
}

/**
 * What `npm run serve` (NODE_ENV=production) refuses to start without, for a bench on loopback: the
 * bench's own secrets, and PayPal's sandbox mode with placeholder credentials (the member paid through
 * the built-in sandbox under `npm start` on the same database; nothing calls PayPal while measured).
 */
export function productionEnv(): Record<string, string> {
  return {
    N8N_KEY_SECRET: 'flowvault-bench-n8n-key-secret-0123456789',
    // The bench serves on loopback over plain http: the private-network override of the https rule.
    ALLOW_HTTP_BASE_URL: 'true',
    PAYPAL_MODE: 'sandbox',
    PAYPAL_CLIENT_ID: 'bench-placeholder',
    PAYPAL_CLIENT_SECRET: 'bench-placeholder',
    PAYPAL_WEBHOOK_ID: 'bench-placeholder',
    MAIL_FROM: 'Flowvault bench <bench@example.com>',
  };
}
