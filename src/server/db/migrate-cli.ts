// `npm run db:migrate`: applies migrations to the configured database and exits.
import { loadEnv } from '#server/env.ts';
import { connectDatabase } from './connect.ts';
import { migrateDatabase } from './migrate.ts';

try {
  const handle = await connectDatabase(loadEnv());
  await migrateDatabase(handle);
  await handle.close();
  console.log(`Migrations applied (${handle.driver === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
