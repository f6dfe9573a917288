// Operator: verify every published template on one of their own n8n connections (decision 0018).
// Progress: GET once, then the operator's stream at GET /api/events ('verification' events).
import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import type { N8nDeps } from '#server/n8n/connections.ts';
import { createConsoleVerifier } from '#server/n8n/verify/console-run.ts';

const StartSchema = z.object({ connectionId: z.uuid('Choose one of your n8n connections.') });

export function verificationRoutes(deps: N8nDeps) {
  const verifier = createConsoleVerifier(deps);
  return new Hono<AppEnv>()
    .get('/n8n-verification', requireAdmin, (c) => c.json(verifier.progress()))
    .post('/n8n-verification', requireAdmin, validate('json', StartSchema), async (c) => {
      const { connectionId } = c.req.valid('json');
      return c.json(await verifier.start({ actor: c.var.viewer, connectionId }), 202);
    })
    .post('/n8n-verification/stop', requireAdmin, async (c) =>
      c.json(await verifier.stop({ actor: c.var.viewer })),
    );
}
