// `npm run db:migrate`: applies migrations to the configured database and exits.
import { loadEnv } from '#server/env.ts';
import { connectDatabase } from './connect.ts';
import { DataDirLockedError, lockedLine } from './data-dir-lock.ts';
import { migrateDatabase } from './migrate.ts';

try {
  const handle = await connectDatabase(loadEnv(), { lockAs: { command: 'db:migrate' } }).catch(
    (error: unknown) => {
      if (!(error instanceof DataDirLockedError)) throw error;
      // The server migrates when it starts; a command migrates only a database no process has open.
      throw new Error(
        lockedLine(
          error,
          error.holder.command === 'server'
            ? 'it applied the migrations when it started; stop it to run db:migrate'
            : 'wait for it to finish, then run db:migrate',
        ),
      );
    },
  );
  await migrateDatabase(handle);
  await handle.close();
  console.log(`Migrations applied (${handle.driver === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
