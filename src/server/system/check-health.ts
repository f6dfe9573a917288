import type { DbHandle } from '#server/db/client.ts';
import { pingDatabase } from '#server/db/client.ts';
import type { Health } from '#shared/schemas/system.ts';

export async function checkHealth(deps: {
  database: Pick<DbHandle, 'db' | 'driver'>;
  version: string;
  startedAt: number;
  now?: () => number;
}): Promise<Health> {
  const now = deps.now ?? Date.now;
  const start = performance.now();
  let ok = true;
  try {
    await pingDatabase(deps.database.db);
  } catch {
    ok = false;
  }
  return {
    status: ok ? 'ok' : 'degraded',
    version: deps.version,
    uptimeSeconds: Math.round((now() - deps.startedAt) / 1000),
    database: {
      ok,
      driver: deps.database.driver,
      latencyMs: ok ? Math.round((performance.now() - start) * 100) / 100 : null,
    },
  };
}
