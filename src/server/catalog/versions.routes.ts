import { Hono } from 'hono';
import { z } from 'zod';
import { requireAdmin, requireMember } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import type { N8nDeps } from '#server/n8n/connections.ts';
import { updateDeployment } from '#server/n8n/template-update.ts';
import { previewTemplateUpdate } from '#server/n8n/template-update-preview.ts';
import {
  TemplateUpdateSchema,
  TemplateVersionEditSchema,
  TemplateVersionParamSchema,
} from '#shared/schemas/template-versions.ts';
import { editTemplateVersion, listTemplateVersions, templateUpdatesFor } from './versions.ts';

const IdParam = z.object({ id: z.string().min(1).max(300) });
const DeploymentParam = z.object({ id: z.uuid('Invalid id.') });

/**
 * Template versions (decision 0025): the history members read on the detail page, the operator's
 * note and publish/hold per version, and the member's deployments that have an update.
 */
export function templateVersionRoutes(deps: N8nDeps) {
  return new Hono<AppEnv>()
    .get('/catalog/automations/:id/versions', requireMember, validate('param', IdParam), async (c) =>
      c.json({ items: await listTemplateVersions(deps.db, c.req.valid('param').id, { includeHeld: false }) }),
    )
    .get('/n8n/template-updates', requireMember, async (c) =>
      c.json({ items: await templateUpdatesFor(deps.db, c.var.viewer!.userId) }),
    )
    .get(
      '/n8n/deployments/:id/update-preview',
      requireMember,
      validate('param', DeploymentParam),
      async (c) => c.json(await previewTemplateUpdate(deps, c.var.viewer!.userId, c.req.valid('param').id)),
    )
    .post(
      '/n8n/deployments/:id/update',
      requireMember,
      validate('param', DeploymentParam),
      validate('json', TemplateUpdateSchema),
      async (c) =>
        c.json(
          await updateDeployment(deps, c.var.viewer!, {
            deploymentId: c.req.valid('param').id,
            resolutions: c.req.valid('json').resolutions,
          }),
        ),
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
