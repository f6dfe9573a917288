import { Hono } from 'hono';
import type { DbHandle } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { ClientErrorReportSchema } from '#shared/schemas/system.ts';
import { checkHealth } from './check-health.ts';

export function systemRoutes(deps: {
  database: Pick<DbHandle, 'db' | 'driver'>;
  version: string;
  startedAt: number;
}) {
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      const health = await checkHealth(deps);
      return c.json(health, health.status === 'ok' ? 200 : 503);
    })
    .post('/client-errors', validate('json', ClientErrorReportSchema), (c) => {
      const report = c.req.valid('json');
      c.var.log.warn({ clientError: report }, `browser reported ${report.kind}: ${report.message}`);
      return c.body(null, 204);
    });
}
