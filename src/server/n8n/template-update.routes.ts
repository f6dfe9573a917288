import { Hono } from 'hono';
import { z } from 'zod';
import { requireMember } from '#server/auth/guards.ts';
import { templateUpdatesFor } from '#server/catalog/versions.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import { TemplateUpdateSchema } from '#shared/schemas/template-versions.ts';
import type { N8nDeps } from './connections.ts';
import { restoreDeployment } from './template-restore.ts';
import { updateDeployment } from './template-update.ts';
import { previewTemplateUpdate } from './template-update-preview.ts';

const DeploymentParam = z.object({ id: z.uuid('Invalid id.') });

/**
 * A member's deployments that have a newer template version (decision 0025): which ones, the
 * three-way preview against their n8n, the update itself, and restoring the state before it.
 */
export function templateUpdateRoutes(deps: N8nDeps) {
  return new Hono<AppEnv>()
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
    .post('/n8n/deployments/:id/restore', requireMember, validate('param', DeploymentParam), async (c) =>
      c.json(await restoreDeployment(deps, c.var.viewer!, c.req.valid('param').id)),
    );
}
