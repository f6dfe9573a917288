import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({ ok: z.boolean(), driver: z.enum(['pglite', 'pg']), latencyMs: z.number().nullable() }),
});
export type Health = z.infer<typeof HealthSchema>;

/** What the browser's error fallback reports, so "this has been logged" is true. */
export const ClientErrorReportSchema = z.object({
  kind: z.enum(['render', 'loading', 'not-found']),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  path: z.string().max(2000),
});
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
