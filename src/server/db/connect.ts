import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '#server/env.ts';
import { createPglite, type DbHandle, openDatabase, pingDatabase } from './client.ts';
import { type LockHolder, lockDataDir } from './data-dir-lock.ts';
import { copyTemplate, defaultTemplateDir, templateFor } from './template.ts';

export class DatabaseConnectError extends Error {
  override name = 'DatabaseConnectError';
}

export type ConnectOptions = {
  templateDir?: string;
  /** Who holds the embedded database's lock (data-dir-lock.ts): `server`, or the npm script. */
  lockAs?: Omit<LockHolder, 'pid' | 'start' | 'nonce'>;
};

/**
 * Opens the configured database and proves it answers; errors name the variable to fix. A new
 * embedded database starts from the build's template when there is one (`templateDir`). The embedded
 * database is opened by one process at a time: DataDirLockedError names the one that has it.
 */
export async function connectDatabase(
  env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>,
  options: ConnectOptions = {},
): Promise<DbHandle> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ kind: 'pg', url: env.DATABASE_URL });
    try {
      await pingDatabase(handle.db);
    } catch (error) {
      await handle.close().catch(() => {});
      const u = new URL(env.DATABASE_URL);
      const reason = describeError(error);
      throw new DatabaseConnectError(
        `Invalid configuration: DATABASE_URL could not connect to ${u.hostname}:${u.port || 5432}${u.pathname} (${reason})`,
      );
    }
    return handle;
  }
  const dir = path.resolve(env.DATA_DIR, 'pglite');
  const lock = lockDataDir(path.resolve(env.DATA_DIR), {
    command: options.lockAs?.command ?? path.basename(process.argv[1] ?? 'node'),
    ...options.lockAs,
  });
  mkdirSync(dir, { recursive: true });
  try {
    const template = templateFor(dir, options.templateDir ?? defaultTemplateDir());
    if (template) copyTemplate(template, dir);
    const handle = await openDatabase({ kind: 'pglite', pglite: await createPglite(dir) });
    return {
      ...handle,
      close: () => handle.close().finally(lock.release),
    };
  } catch (error) {
    lock.release();
    throw new DatabaseConnectError(
      `Invalid configuration: DATA_DIR could not open the embedded database at ${dir} (${describeError(error)})`,
    );
  }
}

function describeError(error: unknown): string {
  // Drivers wrap the socket error (drizzle's "Failed query", pg's AggregateError): report the root cause.
  let current: unknown = error;
  for (let depth = 0; depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.length > 0) current = current.errors[0];
    else if (current instanceof Error && current.cause !== undefined) current = current.cause;
    else break;
  }
  if (!(current instanceof Error)) return String(current).replace(/\s+/g, ' ');
  const code = (current as { code?: string }).code;
  return [code, current.message.replace(/\s+/g, ' ').trim()].filter(Boolean).join(' ');
}
