import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin, requireMember } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import type { N8nDeps } from '#server/n8n/connections.ts';
import { TemplateVersionEditSchema, TemplateVersionParamSchema } from '#shared/schemas/template-versions.ts';
import { editTemplateVersion, listTemplateVersions } from './versions.ts';

const IdParam = z.object({ id: z.string().min(1).max(300) });

/**
 * Template versions (decision 0025): the history members read on the detail page, and the operator's
 * note and publish/hold per version (updating a deployment: src/server/n8n/template-update.routes.ts).
 */
export function templateVersionRoutes(deps: N8nDeps) {
  return new Hono<AppEnv>()
    .get('/catalog/automations/:id/versions', requireMember, validate('param', IdParam), async (c) =>
      c.json({ items: await listTemplateVersions(deps.db, c.req.valid('param').id, { includeHeld: false }) }),
    )
    .get('/admin/catalog/items/:id/versions', requireAdmin, validate('param', IdParam), async (c) =>
      c.json({ items: await listTemplateVersions(deps.db, c.req.valid('param').id, { includeHeld: true }) }),
    )
    .patch(
      '/admin/catalog/items/:id/versions/:version',
      requireAdmin,
      validate('param', TemplateVersionParamSchema),
      validate('json', TemplateVersionEditSchema),
      async (c) => {
        const { id, version } = c.req.valid('param');
        const item = await editTemplateVersion(deps, {
          actor: c.var.viewer!,
          automationId: id,
          version,
          edit: c.req.valid('json'),
        });
        return c.json(item);
      },
    );
}
