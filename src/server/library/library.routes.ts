import { Hono } from 'hono';
import { z } from 'zod';
import { requireMember } from '#server/auth/guards.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { validate } from '#server/lib/validate.ts';
import {
  AddToCollectionSchema,
  AutomationIdSchema,
  NotificationSettingsSchema,
  RateSchema,
  RecordEventSchema,
  UpdateCollectionSchema,
} from '#shared/schemas/library.ts';
import { buildCollectionArchive } from './collection-archive.ts';
import {
  addToCollection,
  listCollection,
  removeFromCollection,
  updateCollectionItem,
} from './collections.ts';
import { getOverview } from './get-overview.ts';
import type { LibraryDeps } from './library-deps.ts';
import { getNotificationSettings, importMemberData, updateNotificationSettings } from './member-settings.ts';
import { getRating, rateAutomation } from './ratings.ts';
import { recordEvent } from './record-event.ts';

const IdParamSchema = z.object({ automationId: AutomationIdSchema });

/** The member's own library: collections, ratings, events and overview figures. Members only. */
export function libraryRoutes(deps: LibraryDeps) {
  return (
    new Hono<AppEnv>()
      .get('/overview', requireMember, async (c) => {
        const viewer = c.var.viewer;
        return c.json(await getOverview(deps, viewer));
      })
      .get('/collections', requireMember, async (c) =>
        c.json(await listCollection(deps, c.var.viewer.userId)),
      )
      // The whole collection as one ZIP of workflow JSON files (beyond the spec).
      .get('/collections/archive', requireMember, async (c) => {
        const archive = await buildCollectionArchive(deps, c.var.viewer.userId);
        c.header('Content-Type', 'application/zip');
        c.header('Content-Disposition', `attachment; filename="${archive.fileName}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(archive.bytes as Uint8Array<ArrayBuffer>);
      })
      .post('/collections', requireMember, validate('json', AddToCollectionSchema), async (c) => {
        const item = await addToCollection(deps, { userId: c.var.viewer.userId, ...c.req.valid('json') });
        return c.json(item, 201);
      })
      .patch(
        '/collections/:automationId',
        requireMember,
        validate('param', IdParamSchema),
        validate('json', UpdateCollectionSchema),
        async (c) => {
          const item = await updateCollectionItem(deps, {
            userId: c.var.viewer.userId,
            automationId: c.req.valid('param').automationId,
            changes: c.req.valid('json'),
          });
          return c.json(item);
        },
      )
      .delete('/collections/:automationId', requireMember, validate('param', IdParamSchema), async (c) => {
        const result = await removeFromCollection(deps, {
          userId: c.var.viewer.userId,
          automationId: c.req.valid('param').automationId,
        });
        return c.json(result);
      })
      .get('/ratings/:automationId', requireMember, validate('param', IdParamSchema), async (c) => {
        const state = await getRating(deps, {
          userId: c.var.viewer.userId,
          automationId: c.req.valid('param').automationId,
        });
        return c.json(state);
      })
      .put(
        '/ratings/:automationId',
        requireMember,
        validate('param', IdParamSchema),
        validate('json', RateSchema),
        async (c) => {
          const state = await rateAutomation(deps, {
            userId: c.var.viewer.userId,
            automationId: c.req.valid('param').automationId,
            stars: c.req.valid('json').stars,
          });
          return c.json(state);
        },
      )
      .post('/events', requireMember, validate('json', RecordEventSchema), async (c) => {
        const result = await recordEvent(deps, { userId: c.var.viewer.userId, ...c.req.valid('json') });
        return c.json(result, result.recorded ? 201 : 200);
      })
      .get('/settings/notifications', requireMember, async (c) =>
        c.json(await getNotificationSettings(deps, c.var.viewer.userId)),
      )
      .put(
        '/settings/notifications',
        requireMember,
        validate('json', NotificationSettingsSchema),
        async (c) =>
          c.json(
            await updateNotificationSettings(deps, {
              userId: c.var.viewer.userId,
              settings: c.req.valid('json'),
            }),
          ),
      )
      // Import Data: the body is the export file as is (read as text, so bad JSON gets its own 400).
      .post('/import', requireMember, async (c) =>
        c.json(await importMemberData(deps, { userId: c.var.viewer.userId, text: await c.req.text() })),
      )
  );
}
