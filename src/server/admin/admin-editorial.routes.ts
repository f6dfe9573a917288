import { Hono } from 'hono';
import { requireAdmin } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  CatalogSettingsSchema,
  EditorialCsvSchema,
  EditorialEditSchema,
  EditorialQuerySchema,
} from '#shared/schemas/editorial.ts';
import { type AdminDeps, AutomationIdParam, actorOn } from './admin-deps.ts';
import {
  editorialCsv,
  getCatalogSettings,
  getEditorialItem,
  importEditorialCsv,
  listEditorialQueue,
  saveEditorial,
  setCatalogSettings,
} from './editorial.ts';

/** The editorial queue, its CSV round trip and the guides setting (decision 0023). Admin role only (404 for anyone else). */
export function adminEditorialRoutes(deps: AdminDeps) {
  const catalog = { database: deps.database, bus: deps.bus, log: deps.log };
  return new Hono<AppEnv>()
    .get('/', requireAdmin, validate('query', EditorialQuerySchema), async (c) =>
      c.json(await listEditorialQueue(deps.db, c.req.valid('query'))),
    )
    .get('/export.csv', requireAdmin, async (c) => {
      const csv = await editorialCsv(deps.db);
      c.header('Cache-Control', 'no-store');
      c.header('Content-Disposition', 'attachment; filename="flowvault-editorial.csv"');
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8' });
    })
    .post('/import', requireAdmin, validate('json', EditorialCsvSchema), async (c) =>
      c.json(await importEditorialCsv(catalog, { actor: c.var.viewer, csv: c.req.valid('json').csv })),
    )
    .get('/settings', requireAdmin, async (c) => c.json(await getCatalogSettings(deps.db)))
    .put('/settings', requireAdmin, validate('json', CatalogSettingsSchema), async (c) =>
      c.json(await setCatalogSettings(catalog, { actor: c.var.viewer, settings: c.req.valid('json') })),
    )
    .get('/items/:id', requireAdmin, validate('param', AutomationIdParam), async (c) =>
      c.json(await getEditorialItem(deps.db, c.req.valid('param').id)),
    )
    .patch(
      '/items/:id',
      requireAdmin,
      validate('param', AutomationIdParam),
      validate('json', EditorialEditSchema),
      async (c) => {
        const result = await saveEditorial(catalog, { ...actorOn(c), edit: c.req.valid('json') });
        return c.json({ success: true, changed: Object.keys(result.changed) });
      },
    );
}
