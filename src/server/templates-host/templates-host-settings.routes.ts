import { Hono } from 'hono';
import { requireMember } from '#server/auth/guards.ts';
import type { Database } from '#server/db/client.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { TemplatesHostEnableSchema, TemplatesHostOriginSchema } from '#shared/schemas/templates-host.ts';
import {
  getTemplatesHostStatus,
  issueTemplatesHostToken,
  setTemplatesHostOrigin,
  turnOffTemplatesHost,
} from './host-tokens.ts';

/** Settings → "Flowvault in your n8n": the member's own templates-host token. Members only. */
export function templatesHostSettingsRoutes(deps: { db: Database; baseUrl: string }) {
  return (
    new Hono<AppEnv>()
      .get('/', requireMember, async (c) => c.json(await getTemplatesHostStatus(deps, c.var.viewer.userId)))
      // Turns it on (or makes a new token for a new origin): the answer is the only time the host URL is shown.
      .post('/', requireMember, validate('json', TemplatesHostEnableSchema), async (c) =>
        c.json(
          await issueTemplatesHostToken(deps, {
            userId: c.var.viewer.userId,
            allowedOrigin: c.req.valid('json').allowedOrigin,
          }),
        ),
      )
      .post('/rotate', requireMember, async (c) =>
        c.json(await issueTemplatesHostToken(deps, { userId: c.var.viewer.userId })),
      )
      .put('/origin', requireMember, validate('json', TemplatesHostOriginSchema), async (c) =>
        c.json(
          await setTemplatesHostOrigin(deps, {
            userId: c.var.viewer.userId,
            allowedOrigin: c.req.valid('json').allowedOrigin,
          }),
        ),
      )
      .delete('/', requireMember, async (c) => c.json(await turnOffTemplatesHost(deps, c.var.viewer.userId)))
  );
}
