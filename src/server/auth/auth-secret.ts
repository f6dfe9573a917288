import type { Env } from '#server/env.ts';
import { localSecret } from '#server/lib/local-secret.ts';
import type { Logger } from '#server/lib/logger.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

let warned = false;

/**
 * AUTH_SECRET, or outside production a random secret generated on first start and kept in
 * DATA_DIR/auth-secret (0600). Never a constant: a known secret lets anyone sign verification tokens.
 */
export function resolveAuthSecret(
  env: Pick<Env, 'AUTH_SECRET' | 'NODE_ENV' | 'DATA_DIR'>,
  log?: Logger,
): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production')
    throw new Error('Invalid configuration: NODE_ENV=production needs AUTH_SECRET');
  if (!warned && log && env.NODE_ENV !== 'test') {
    warned = true;
    log.warn(`AUTH_SECRET is not set: using the secret generated in ${env.DATA_DIR}/${AUTH_SECRET_FILE}`);
  }
  return localSecret({ dataDir: env.DATA_DIR, name: AUTH_SECRET_FILE, nodeEnv: env.NODE_ENV });
}
