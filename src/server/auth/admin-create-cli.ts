// `npm run admin:create -- email`: creates an operator (admin role) or promotes an existing user. While
// the server runs on the embedded database it asks that server (its local admin endpoint, with the token
// in DATA_DIR/flowvault.lock); otherwise it opens the database itself (PostgreSQL, or no server running).
import { connectDatabase } from '#server/db/connect.ts';
import { DataDirLockedError, type LockHolder, lockedLine } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { type Env, loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { MAIL_VIEWER_PATH } from '#server/mail/mail-viewer.ts';
import { deliverDueMail } from '#server/mail/outbox.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { createAuth } from './create-auth.ts';
import { type CreateOperatorResult, createOperator } from './create-operator.ts';
import { LOCAL_OPERATORS_PATH } from './local-admin.routes.ts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:create -- operator@example.com');
  process.exit(1);
}

function report(result: CreateOperatorResult, mail: string) {
  if (result.outcome === 'created') {
    console.log(
      `Created the operator ${result.email}. A password-reset mail ${mail}: choose the password through it.`,
    );
  } else if (result.outcome === 'promoted') {
    console.log(`${result.email} is now an operator (admin role). Their password is unchanged.`);
  } else {
    console.log(`${result.email} is already an operator.`);
  }
}

/** Through the running server: its auth, its outbox, its BASE_URL in the mailed link. */
async function viaServer(holder: LockHolder, error: DataDirLockedError) {
  if (!holder.adminUrl || !holder.adminToken)
    throw new Error(lockedLine(error, 'stop it and run admin:create again'));
  const res = await fetch(`${holder.adminUrl}${LOCAL_OPERATORS_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${holder.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  }).catch((cause: unknown) => {
    throw new Error(`${lockedLine(error, 'it did not answer at')} ${holder.adminUrl} (${String(cause)})`);
  });
  const body = (await res.json().catch(() => ({}))) as CreateOperatorResult & {
    mailSent?: boolean;
    error?: { message?: string };
  };
  if (!res.ok) throw new Error(body.error?.message ?? `The running server answered ${res.status}`);
  report(
    body,
    body.mailSent ? 'was sent' : `is in the outbox (read it at ${holder.baseUrl}${MAIL_VIEWER_PATH})`,
  );
}

async function direct(env: Env) {
  const log = createLogger({ NODE_ENV: env.NODE_ENV, LOG_LEVEL: env.LOG_LEVEL ?? 'info' });
  const database = await connectDatabase(env, { lockAs: { command: 'admin:create' } });
  try {
    await migrateDatabase(database);
    const auth = createAuth({ env, db: database.db, log });
    const result = await createOperator({ auth, db: database.db }, email!);
    const transport = result.outcome === 'created' ? createMailTransport(env.SMTP_URL) : undefined;
    if (transport) await deliverDueMail({ db: database.db, transport, from: env.MAIL_FROM, log });
    report(result, transport ? 'was sent' : 'is in the outbox (its link is in the log above)');
  } finally {
    await database.close();
  }
}

try {
  const env = loadEnv();
  await direct(env).catch((error: unknown) => {
    if (error instanceof DataDirLockedError && error.holder.command === 'server')
      return viaServer(error.holder, error);
    if (error instanceof DataDirLockedError)
      throw new Error(lockedLine(error, 'wait for it to finish, then run admin:create again'));
    throw error;
  });
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
