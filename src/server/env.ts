// The only reader of process.env. Everything else receives a typed `Env`.
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();

const postgresUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL with a host');

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  BASE_URL: z.url({ error: 'must be an absolute URL such as https://flowvault.example' }).optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_ROOT: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Flowvault <support@flowvault.local>'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_MODE: z.enum(['sandbox', 'live', 'local']).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  /** Made an operator on boot (created with a password-reset mail when new; see npm run admin:create). */
  OPERATOR_EMAIL: z.email('must be an email address').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  TRUST_PROXY: bool,
  /**
   * Multiplies the sign-in, sign-up and reset limits. Only for test rigs where every browser shares one
   * address (the end-to-end suite); refused in production.
   */
  AUTH_RATE_LIMIT_FACTOR: z.coerce.number().int().min(1).max(100).default(1),
  /** Key material for the members' n8n API keys at rest (AES-256-GCM); 32+ characters. */
  N8N_KEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Self-hosted installs where n8n runs on the same host or network: allow private targets. */
  N8N_ALLOW_PRIVATE_TARGETS: bool,
  /** Allow http:// n8n instance URLs (https only otherwise). */
  N8N_ALLOW_HTTP: bool,
  /** Production on a private network without TLS: allow an http:// BASE_URL (https only otherwise). */
  ALLOW_HTTP_BASE_URL: bool,
  /** Extra ports members' n8n instances may use, comma separated (80, 443 and 5678 always). */
  N8N_ALLOWED_PORTS: z
    .string()
    .regex(/^\d{1,5}(\s*,\s*\d{1,5})*$/, 'must be a comma-separated list of port numbers')
    .transform((v) => v.split(',').map((p) => Number(p.trim())))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), 'ports must be from 1 to 65535')
    .optional(),
  /** Bearer token that may read /metrics (Authorization: Bearer …); 16+ characters. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Addresses or CIDR ranges whose TCP peer may read /metrics without the token, comma separated. */
  METRICS_ALLOW: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine(
      (list) => list.every((a) => (a.includes('/') ? isCidr(a) : ipaddr.isValid(a))),
      'must be a comma-separated list of IP addresses or CIDR ranges',
    )
    .optional(),
  /** Import the bundled samples into an empty catalogue: on by default, off when NODE_ENV=production. */
  IMPORT_SAMPLES: bool,
});

function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

export type Env = z.infer<typeof EnvSchema> & { baseUrl: string };

// Secrets production cannot run without (DESIGN.md §6). Named so the error says which one is missing.
const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'BASE_URL',
  'AUTH_SECRET',
  'SMTP_URL',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYPAL_MODE',
  'PAYPAL_WEBHOOK_ID',
  'N8N_KEY_SECRET',
] as const;

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses configuration; throws EnvError with one line naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings mean "unset" (a common .env habit), so defaults still apply.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => {
      const name = String(i.path[0] ?? 'environment');
      const got = cleaned[name];
      const shown =
        got === undefined || /SECRET|PASSWORD|KEY|TOKEN/.test(name) ? '' : ` (got "${redact(got)}")`;
      return `${name} ${i.message}${shown}`;
    });
    throw new EnvError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const env = result.data;
  if (env.NODE_ENV === 'production') {
    const missing = PRODUCTION_REQUIRED.filter((k) => env[k] === undefined);
    if (missing.length > 0) {
      throw new EnvError(`Invalid configuration: NODE_ENV=production needs ${missing.join(', ')}`);
    }
    if (env.AUTH_RATE_LIMIT_FACTOR !== 1) {
      throw new EnvError('Invalid configuration: AUTH_RATE_LIMIT_FACTOR is refused when NODE_ENV=production');
    }
    if (env.PAYPAL_MODE === 'local') {
      throw new EnvError(
        'Invalid configuration: PAYPAL_MODE=local (the test-payment sandbox) is refused when NODE_ENV=production',
      );
    }
    const problems = productionProblems(env);
    if (problems.length > 0) throw new EnvError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return { ...env, baseUrl: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '') };
}

/** Estimated randomness a secret must carry (a 48-byte `openssl rand -base64 48` carries ~380 bits). */
export const MIN_SECRET_BITS = 100;

/**
 * A secret's randomness, estimated from how evenly its characters vary (Shannon entropy per character
 * times its length): `aaaa…` is 0, `abab…` 1 bit a character, random base64 about 5.5.
 */
export function estimatedBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const length = [...secret].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return perChar * length;
}

/** What production refuses beyond missing values (issue 41): guessable or shared secrets, plain http. */
function productionProblems(env: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  for (const name of ['AUTH_SECRET', 'N8N_KEY_SECRET'] as const) {
    if (estimatedBits(env[name]!) < MIN_SECRET_BITS)
      problems.push(`${name} is too predictable (generate one with: openssl rand -base64 48)`);
  }
  if (env.AUTH_SECRET === env.N8N_KEY_SECRET)
    problems.push('N8N_KEY_SECRET must differ from AUTH_SECRET (one leaked secret must not open both)');
  if (new URL(env.BASE_URL!).protocol !== 'https:' && !env.ALLOW_HTTP_BASE_URL)
    problems.push(
      'BASE_URL must be an https:// address, as sessions and reset links travel over it (ALLOW_HTTP_BASE_URL=true allows http on a private network)',
    );
  return problems;
}

/**
 * A value as it may be shown: the password of a URL (postgres://user:secret@host, smtp://u:p@host)
 * becomes ***, also when the rest does not parse as a URL.
 */
export function redact(value: string): string {
  return value
    .replace(/^([^:/?#@\s]*:\/\/[^:/?#@\s]*:)[^@\s]*@/, '$1***@')
    .replace(/^([^:/?#@\s]+:)[^@/\s]+@/, '$1***@');
}

/** Whether an empty catalogue gets the bundled samples: IMPORT_SAMPLES when set, else not in production. */
export function shouldImportSamples(env: Pick<Env, 'NODE_ENV' | 'IMPORT_SAMPLES'>): boolean {
  return env.IMPORT_SAMPLES ?? env.NODE_ENV !== 'production';
}

/**
 * This process's own address (loopback for a wildcard HOST): how it calls itself and how a command on
 * the same machine reaches it, whatever BASE_URL (a balancer, a proxy) says.
 */
export function ownUrl(env: Pick<Env, 'HOST' | 'PORT'>): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
