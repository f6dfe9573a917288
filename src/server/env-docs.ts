// What each configuration variable is for, in the words .env.example and the README use. Typed
// against the schema: a variable added to src/server/env.ts without a line here does not compile, and
// tests/server/env-example.test.ts keeps .env.example equal to what this renders.
import type { EnvSchema } from './env.ts';

type Doc = { doc: string; example?: string; production?: true };

export const ENV_DOCS = {
  NODE_ENV: {
    doc: 'production on a real install: JSON logs, HSTS, secure cookies, and the [production] variables required',
    example: 'production',
  },
  PORT: { doc: 'HTTP port' },
  HOST: { doc: 'address to listen on (127.0.0.1 behind a proxy on the same host)' },
  BASE_URL: {
    doc: 'the public address: canonical links, mail links, PayPal return URLs, cookie security',
    example: 'https://flowvault.example',
    production: true,
  },
  DATABASE_URL: {
    doc: 'PostgreSQL 15+; unset → the embedded PGlite under DATA_DIR (one process only)',
    example: 'postgres://flowvault:CHANGE-ME@db.internal:5432/flowvault',
    production: true,
  },
  DATA_DIR: { doc: 'embedded database folder (only without DATABASE_URL)' },
  WEB_ROOT: { doc: 'serve a web build from elsewhere than ./dist/client' },
  LOG_LEVEL: { doc: 'fatal, error, warn, info, debug, trace or silent (default info; silent in tests)' },
  AUTH_SECRET: {
    doc: 'signs sessions; 32+ random characters (openssl rand -base64 48); changing it signs everyone out',
    production: true,
  },
  SMTP_URL: {
    doc: 'smtp:// or smtps:// with user and password; unset → mail stays in the outbox table and the log',
    example: 'smtps://flowvault:CHANGE-ME@smtp.example.com:465',
    production: true,
  },
  MAIL_FROM: { doc: 'the sender of every mail', example: 'Flowvault <support@flowvault.example>' },
  PAYPAL_CLIENT_ID: {
    doc: 'PayPal REST app client id (developer.paypal.com → Apps & Credentials)',
    production: true,
  },
  PAYPAL_CLIENT_SECRET: { doc: 'PayPal REST app secret', production: true },
  PAYPAL_MODE: {
    doc: 'sandbox or live (local, the built-in test sandbox, is refused in production)',
    example: 'live',
    production: true,
  },
  PAYPAL_WEBHOOK_ID: {
    doc: 'id PayPal shows for the webhook you register at BASE_URL/api/webhooks/paypal',
    production: true,
  },
  OPERATOR_EMAIL: { doc: 'made an operator on boot; a new account gets a password-reset mail' },
  SHUTDOWN_TIMEOUT_MS: { doc: 'how long requests in flight get to finish after SIGTERM' },
  TRUST_PROXY: {
    doc: 'true only behind a reverse proxy or load balancer that sets X-Forwarded-For (rate limits key on it)',
  },
  AUTH_RATE_LIMIT_FACTOR: {
    doc: 'test rigs only: multiplies the sign-in, sign-up and reset limits; refused in production',
  },
  N8N_KEY_SECRET: {
    doc: "encrypts members' n8n API keys at rest; 32+ random characters; keep it (losing it loses the keys)",
    production: true,
  },
  N8N_ALLOW_PRIVATE_TARGETS: {
    doc: 'self-hosted: members may connect n8n on a private network or this host',
  },
  N8N_ALLOW_HTTP: { doc: 'self-hosted: members may connect n8n over plain http' },
  ALLOW_HTTP_BASE_URL: {
    doc: 'production on a private network without TLS: allow an http:// BASE_URL (refused otherwise)',
  },
  N8N_ALLOWED_PORTS: {
    doc: 'extra ports members\u2019 n8n may listen on, comma separated (80, 443, 5678 always)',
    example: '8443,5679',
  },
  METRICS_TOKEN: { doc: '/metrics answers requests with Authorization: Bearer <this>; 16+ characters' },
  METRICS_ALLOW: {
    doc: '/metrics also answers these peer addresses or CIDR ranges (the TCP peer, never X-Forwarded-For)',
    example: '127.0.0.1,10.0.0.0/8',
  },
  IMPORT_SAMPLES: {
    doc: 'import the bundled samples into an empty catalogue (default: yes, but not in production)',
  },
} satisfies Record<keyof typeof EnvSchema.shape, Doc>;
