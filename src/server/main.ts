// Boot: configuration → database (migrated) → HTTP server, with graceful shutdown.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '#server/app.ts';
import { createAuth } from '#server/auth/create-auth.ts';
import { createOperator } from '#server/auth/create-operator.ts';
import { createViewerResolver } from '#server/auth/viewer.ts';
import { LOCAL_SANDBOX_PATH, setUpPayPal } from '#server/billing/paypal-setup.ts';
import { paymentReconciliationJob } from '#server/billing/reconcile-job.ts';
import { importRecoveryJob, recoverImportsAtBoot } from '#server/catalog/import-jobs.ts';
import { importSamplesIfEmpty } from '#server/catalog/import-samples.ts';
import { templateUpdateMailJob } from '#server/catalog/template-update-mail.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { DataDirLockedError, lockedLine } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { type Env, loadEnv, ownUrl, shouldImportSamples } from '#server/env.ts';
import { createScheduler } from '#server/jobs/scheduler.ts';
import { createLogger } from '#server/lib/logger.ts';
import { reportUnhandledRejections } from '#server/lib/process-faults.ts';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import { weeklyReportJob } from '#server/library/weekly-report.ts';
import { mailDeliveryJob, sendQueuedMailPromptly } from '#server/mail/mail-job.ts';
import { MAIL_VIEWER_PATH } from '#server/mail/mail-viewer.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { automationAlertsJob } from '#server/n8n/automation-alerts.ts';
import { createN8nDeps } from '#server/n8n/n8n.routes.ts';
import { bridgeDatabaseEvents, processBus } from '#server/realtime/event-bus.ts';
import { createEventHub } from '#server/realtime/event-hub.ts';
import { createMetrics } from '#server/system/metrics.ts';

function fail(message: string): never {
  // One line, no stack: configuration mistakes should read like instructions.
  console.error(message);
  process.exit(1);
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const log = createLogger(env);

const version = (
  JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const startedAt = Date.now();

// On the embedded database the lock file carries the token of the local admin endpoint, through which
// `npm run admin:create` reaches this process instead of opening the database beside it (issue 41).
const localAdminToken = env.DATABASE_URL ? undefined : randomBytes(32).toString('base64url');
const database = await connectDatabase(env, {
  lockAs: { command: 'server', baseUrl: env.baseUrl, adminUrl: ownUrl(env), adminToken: localAdminToken },
}).catch((error: unknown) => {
  if (error instanceof DataDirLockedError)
    fail(
      lockedLine(
        error,
        error.holder.command === 'server'
          ? 'stop it, or give this server another DATA_DIR'
          : 'wait for it to finish, or stop it',
      ),
    );
  fail(error instanceof Error ? error.message : String(error));
});
await migrateDatabase(database);
const metrics = createMetrics({
  database,
  eventStreams: () => events.size(),
  processMetrics: true,
});
reportUnhandledRejections({ log, counter: metrics.unhandledRejections });
log.info({ driver: database.driver }, 'database ready');
if (shouldImportSamples(env)) await importSamplesIfEmpty(database, path.join(PROJECT_ROOT, 'samples'), log);
else log.info('sample import is off (IMPORT_SAMPLES, off by default when NODE_ENV=production)');
// An import whose process died is reported failed (its staged rows never reached members).
await recoverImportsAtBoot({ database, log });
await bridgeDatabaseEvents(database, processBus, (error) => log.warn({ err: error }, 'event bridge problem'));

const auth = createAuth({ env, db: database.db, log });
if (env.OPERATOR_EMAIL) {
  // The operator account on first boot: a new one chooses a password through the mailed reset link.
  const operator = await createOperator({ auth, db: database.db }, env.OPERATOR_EMAIL);
  if (operator.outcome !== 'already-admin') log.info(operator, 'operator account ready');
}
const mailTransport = createMailTransport(env.SMTP_URL);
if (!mailTransport)
  log.info(
    `SMTP_URL is not set: mail stays in the mail_outbox table${env.NODE_ENV === 'production' ? '' : ` (read it at ${env.baseUrl}${MAIL_VIEWER_PATH})`}`,
  );
const paypal = await setUpPayPal(env, database.db);
if (paypal.mode === 'local') {
  log.info(
    `No PayPal credentials: test payments go through the built-in sandbox at ${env.baseUrl}${LOCAL_SANDBOX_PATH}`,
  );
}
const billing = {
  db: database.db,
  paypal: paypal.client,
  log,
  baseUrl: env.baseUrl,
  smtpConfigured: mailTransport !== undefined,
};
const n8n = createN8nDeps({ env, database, log });
const scheduler = createScheduler({
  db: database.db,
  log,
  onRunFinished: metrics.jobFinished,
  jobs: [
    paymentReconciliationJob(billing),
    importRecoveryJob({ database, log }),
    weeklyReportJob({
      db: database.db,
      baseUrl: env.baseUrl,
      log,
      smtpConfigured: mailTransport !== undefined,
    }),
    automationAlertsJob({ ...n8n, baseUrl: env.baseUrl, smtpConfigured: mailTransport !== undefined }),
    templateUpdateMailJob({
      db: database.db,
      baseUrl: env.baseUrl,
      log,
      smtpConfigured: mailTransport !== undefined,
    }),
    ...(mailTransport
      ? [mailDeliveryJob({ db: database.db, transport: mailTransport, from: env.MAIL_FROM, log })]
      : []),
  ],
});
scheduler.start();
if (mailTransport) sendQueuedMailPromptly(processBus, scheduler);

const events = createEventHub({ bus: processBus });
let app: ReturnType<typeof createApp>;
try {
  app = createApp({
    n8n,
    events,
    env,
    database,
    log,
    version,
    startedAt,
    webRoot: env.WEB_ROOT ?? path.join(PROJECT_ROOT, 'dist/client'),
    auth,
    resolveViewer: createViewerResolver({ auth, db: database.db }),
    paypal,
    metrics,
    localAdminToken,
  });
} catch (error) {
  // `npm run serve` never builds: a missing build is an instruction, not a stack trace.
  fail(error instanceof Error ? error.message : String(error));
}
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }) as Server;

server.on('listening', () => {
  log.info(`Flowvault ${version} is listening on ${env.baseUrl}`);
  // Where a newcomer reads the verification and reset mail (development only, src/server/mail/mail-viewer.ts).
  if (env.NODE_ENV !== 'production')
    log.info(`Mail viewer (every outbox mail): ${env.baseUrl}${MAIL_VIEWER_PATH}`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE') fail(`Invalid configuration: PORT ${env.PORT} is already in use`);
  if (error.code === 'EACCES') fail(`Invalid configuration: PORT ${env.PORT} needs more privileges`);
  fail(`Server error: ${error.message}`);
});

let stopping = false;
/**
 * How long keep-alive connections that are idle when the drain starts stay open. A client may be
 * sending its next request on one at the very moment it is closed (ECONNRESET: issue 41, 4-10 of
 * 2,000 under load); kept a moment, that request is answered with `Connection: close` instead.
 */
const IDLE_GRACE_MS = 1_000;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  // Requests in flight get SHUTDOWN_TIMEOUT_MS to finish; after that the rest are cut.
  const force = setTimeout(() => {
    log.warn('shutdown timeout reached: closing the remaining connections');
    server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  // Every answer from now on ends its connection, so clients open their next one elsewhere.
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => res.setHeader('Connection', 'close'));
  // Stop accepting connections, leaving open ones be (http.Server#close would close idle ones at once).
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  // Server-Sent Events streams never end on their own: end them so browsers reconnect elsewhere.
  events.closeAll();
  // Then the connections still idle (nobody asked anything on them meanwhile) are closed, and the
  // others as their last answer ends.
  await new Promise((resolve) => setTimeout(resolve, Math.min(IDLE_GRACE_MS, env.SHUTDOWN_TIMEOUT_MS)));
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  server.closeIdleConnections();
  await closed;
  clearInterval(sweep);
  clearTimeout(force);
  await scheduler.stop();
  mailTransport?.close?.();
  await database.close().catch((error: unknown) => log.error({ err: error }, 'closing the database failed'));
  log.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The end-to-end harness (e2e/serve.ts) imports this module and makes its signed-in members through
// these same services instead of through the browser.
export { auth, billing, database, paypal };
