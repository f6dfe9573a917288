import type { Env } from '#server/env.ts';
import type { Logger } from '#server/lib/logger.ts';

// Development and tests only: production refuses to start without AUTH_SECRET (src/server/env.ts).
const DEVELOPMENT_SECRET = 'flowvault-development-only-secret-never-use-in-production';

let warned = false;

/** AUTH_SECRET, or in development/test a fixed development-only secret (said once in the log). */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'NODE_ENV'>, log?: Logger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.NODE_ENV === 'production')
    throw new Error('Invalid configuration: NODE_ENV=production needs AUTH_SECRET');
  if (!warned && log) {
    warned = true;
    log.warn(
      'AUTH_SECRET is not set: using a fixed development-only secret (sessions are not safe to expose)',
    );
  }
  return DEVELOPMENT_SECRET;
}
