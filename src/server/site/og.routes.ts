import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { isFresh, weakEtag } from '#server/lib/etag.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { SHARE_IMAGE, shareCardSvg, svgToPng } from './share-image.ts';

// GET /og/automation/:id.png — a template page's share image (1200×630 PNG), drawn on request from the
// card facts only (title, summary, category, apps, node count: nothing a member pays for), kept per
// process and dropped when the catalogue changes. Unpublished or unknown ids answer 404. Decision 0016.

/** Images kept per process: about 200 KB each, so about 10 MB; shared caches keep the rest an hour. */
const CACHE_ENTRIES = 48;
/** Shared caches may keep an image an hour; an edit shows within that. */
const CACHE_CONTROL = 'public, max-age=3600';

export const SHARE_IMAGE_PATH = '/og/automation';

type Image = { png: Buffer; etag: string };

async function drawTemplateImage(db: Database, id: string): Promise<Image | undefined> {
  const [card] = await db
    .select({
      title: automations.title,
      summary: automations.summary,
      category: automations.category,
      nodeCount: automations.nodeCount,
      integrations: automations.integrations,
    })
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.published, true)))
    .limit(1);
  if (!card) return undefined;
  const nodes = `${card.nodeCount} node${card.nodeCount === 1 ? '' : 's'}`;
  const svg = shareCardSvg({
    eyebrow: `n8n workflow template${card.category ? ` · ${card.category}` : ''}`,
    title: card.title,
    text: card.summary || undefined,
    chips: [...card.integrations.slice(0, 4), nodes],
  });
  const png = await svgToPng(svg, SHARE_IMAGE.width);
  return { png, etag: weakEtag(svg) };
}

export function shareImageRoutes(deps: { db: Database; bus: EventBus }) {
  const cache = new Map<string, Promise<Image | undefined>>();
  deps.bus.subscribe('catalog.changed', () => cache.clear());

  const imageOf = (id: string) => {
    const cached = cache.get(id);
    if (cached) {
      cache.delete(id); // most recently used last
      cache.set(id, cached);
      return cached;
    }
    const drawing = drawTemplateImage(deps.db, id);
    cache.set(id, drawing);
    drawing.catch(() => cache.delete(id));
    while (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    return drawing;
  };

  return new Hono<AppEnv>().get(`${SHARE_IMAGE_PATH}/:file`, async (c) => {
    const match = /^(.{1,300})\.png$/.exec(c.req.param('file'));
    const image = match ? await imageOf(match[1]!) : undefined;
    if (!image) {
      c.header('Cache-Control', 'no-store');
      return c.text('No such template image.', 404);
    }
    c.header('Cache-Control', CACHE_CONTROL);
    c.header('ETag', image.etag);
    if (isFresh(c.req.header('If-None-Match'), image.etag)) return c.body(null, 304);
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(image.png));
  });
}
