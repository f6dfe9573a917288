import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE } from 'hono/streaming';
import { requireAdmin } from '#server/auth/guards.ts';
import { createImportRunner } from '#server/catalog/import-jobs.ts';
import { getImport, listImports, MAX_UPLOAD_BYTES, watchImport } from '#server/catalog/import-uploads.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { validate } from '#server/lib/validate.ts';
import {
  AdminCatalogQuerySchema,
  CatalogEditSchema,
  DeployOverrideSchema,
  PublishSchema,
} from '#shared/schemas/admin.ts';
import { type AdminDeps, AutomationIdParam, actorOn, UuidParam } from './admin-deps.ts';
import { listCatalogItems } from './catalog-admin.ts';
import { editCatalogItem, setDeployOverride, setPublished, startCatalogImport } from './catalog-curation.ts';

/** The catalogue console: uploads and their progress, the item list, edits, publish and deploy override. Admin role only (404 for anyone else). */
export function adminCatalogRoutes(deps: AdminDeps) {
  const catalog = { database: deps.database, bus: deps.bus, log: deps.log };
  const runner = createImportRunner(catalog);
  return new Hono<AppEnv>()
    .post(
      '/imports',
      requireAdmin,
      bodyLimit({
        maxSize: MAX_UPLOAD_BYTES,
        onError: () => {
          throw new AppError('PAYLOAD_TOO_LARGE', { userMessage: 'The upload is larger than 50 MB.' });
        },
      }),
      async (c) => {
        const form = await c.req.parseBody({ all: true });
        const given = form.files;
        const list = (Array.isArray(given) ? given : given ? [given] : []).filter(
          (f): f is File => typeof f !== 'string',
        );
        if (list.length === 0) {
          throw new AppError('BAD_REQUEST', {
            userMessage: 'Choose a ZIP, workflow .json files or a manifest to upload.',
          });
        }
        const uploads = await Promise.all(
          list.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
        );
        const importRow = await startCatalogImport({ ...catalog, runner }, { actor: c.var.viewer, uploads });
        return c.json(importRow, 202);
      },
    )
    .get('/imports', requireAdmin, async (c) => c.json(await listImports(catalog)))
    .get('/imports/:id', requireAdmin, validate('param', UuidParam), async (c) =>
      c.json(await getImport(catalog, c.req.valid('param').id)),
    )
    .get('/imports/:id/events', requireAdmin, validate('param', UuidParam), async (c) => {
      const watch = await watchImport(catalog, c.req.valid('param').id); // 404 before the stream starts
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        stream.onAbort(watch.close);
        try {
          for await (const row of watch.states)
            await stream.writeSSE({ event: 'progress', data: JSON.stringify(row) });
        } finally {
          watch.close();
        }
      });
    })
    .get('/items', requireAdmin, validate('query', AdminCatalogQuerySchema), async (c) =>
      c.json(await listCatalogItems(catalog, c.req.valid('query'))),
    )
    .patch(
      '/items/:id',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', CatalogEditSchema),
      async (c) => {
        const result = await editCatalogItem(catalog, { ...actorOn(c), edit: c.req.valid('json') });
        return c.json({ success: true, changed: Object.keys(result.changed) });
      },
    )
    .put(
      '/items/:id/published',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', PublishSchema),
      async (c) => {
        const result = await setPublished(catalog, { ...actorOn(c), ...c.req.valid('json') });
        return c.json({ success: true, published: result.published });
      },
    )
    .put(
      '/items/:id/deploy-override',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', DeployOverrideSchema),
      async (c) => {
        const result = await setDeployOverride(catalog, { ...actorOn(c), ...c.req.valid('json') });
        return c.json({ success: true, override: result.override, deployable: result.deployable });
      },
    );
}
