// `npm run admin:create -- email`: creates an operator (admin role) or promotes an existing user.
import { connectDatabase } from '#server/db/connect.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { createLogger } from '#server/lib/logger.ts';
import { deliverDueMail } from '#server/mail/outbox.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { createAuth } from './create-auth.ts';
import { createOperator } from './create-operator.ts';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run admin:create -- operator@example.com');
  process.exit(1);
}

try {
  const env = loadEnv();
  const log = createLogger({ NODE_ENV: env.NODE_ENV, LOG_LEVEL: env.LOG_LEVEL ?? 'info' });
  const database = await connectDatabase(env);
  await migrateDatabase(database);
  const auth = createAuth({ env, db: database.db, log });
  const result = await createOperator({ auth, db: database.db }, email);
  if (result.outcome === 'created') {
    const transport = createMailTransport(env.SMTP_URL);
    if (transport) await deliverDueMail({ db: database.db, transport, from: env.MAIL_FROM, log });
    console.log(
      `Created the operator ${result.email}. A password-reset mail ${transport ? 'was sent' : 'is in the outbox (its link is in the log above)'}: choose the password through it.`,
    );
  } else if (result.outcome === 'promoted') {
    console.log(`${result.email} is now an operator (admin role). Their password is unchanged.`);
  } else {
    console.log(`${result.email} is already an operator.`);
  }
  await database.close();
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
