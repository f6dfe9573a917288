import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { requireMember } from '#server/auth/guards.ts';
import type { DbHandle } from '#server/db/client.ts';
import { createEncodedAnswers, ownBytes } from '#server/lib/compress.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import { isFresh, PRIVATE_REVALIDATE, weakEtag } from '#server/lib/etag.ts';
import type { Logger } from '#server/lib/logger.ts';
import { validate } from '#server/lib/validate.ts';
import { type EventBus, processBus } from '#server/realtime/event-bus.ts';
import { createSearchIndex, type IndexEntry, type SearchIndex } from '#server/search/index.ts';
import { matchesSearch, type SearchDoc } from '#server/search/rules.ts';
import { type AutomationCard, CatalogSearchQuerySchema } from '#shared/schemas/catalog.ts';
import {
  type CatalogCounters,
  TRENDING_MIN_TEMPLATES,
  TRENDING_MIN_USES,
  type TrendingItem,
  type TrendingResponse,
} from '#shared/schemas/catalog-public.ts';
import { selectLatestStats } from './catalog.queries.ts';
import { createDetailCache } from './detail-cache.ts';
import { getAutomationDetail } from './get-automation.ts';
import { getStack, saveStack } from './member-stack.ts';
import { catalogReads } from './search-reads.ts';

const IdParamSchema = z.object({ id: z.string().min(1).max(300) });
const StackSchema = z.object({
  stack: z
    .array(z.string().max(100, 'An integration name is at most 100 characters.'))
    .max(100, 'A stack holds at most 100 integrations.'),
});
const TrendingQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).optional().default(6) });
const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(24),
});
const AiAgentsQuerySchema = PageQuerySchema.extend({ q: z.string().max(200).optional().default('') });

type Answers = ReturnType<typeof createEncodedAnswers>;

/**
 * A member read built from the search index: its ETag comes from the index's content tag and the
 * request, so a repeat answers 304 before any result is serialised. Never stored by shared caches.
 */
async function indexRead(
  c: Context,
  answers: Answers,
  tag: string,
  build: () => Promise<string | Uint8Array>,
): Promise<Response> {
  const url = new URL(c.req.url);
  return etagged(c, answers, weakEtag(tag, url.pathname, url.search), build);
}

/** 304 for a fresh ETag; otherwise the answer, built and compressed once per ETag and encoding. */
async function etagged(
  c: Context,
  answers: Answers,
  etag: string,
  build: () => Promise<string | Uint8Array>,
): Promise<Response> {
  const request = c.req.raw;
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': PRIVATE_REVALIDATE };
  if (isFresh(request.headers.get('if-none-match') ?? undefined, etag)) {
    // Through the context, not `new Response`: a raw Response drops what middleware set before the
    // route (the request id).
    return c.body(null, 304, headers);
  }
  const { body, encoding } = await answers.answer(
    request.headers.get('accept-encoding') ?? undefined,
    etag,
    async () => {
      const built = await build();
      return typeof built === 'string' ? Buffer.from(built) : built;
    },
  );
  headers['content-type'] = 'application/json; charset=UTF-8';
  headers['Content-Length'] = String(body.byteLength);
  headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}
const COMMA = 0x2c;
/**
 * `before` + a JSON array of cards + `after`, as bytes: each card's JSON is encoded once per index
 * build (`IndexEntry.cardBytes`) and copied into each answer (building the answer as one string cost
 * three copies of it per request).
 */
function withCards(before: string, entries: IndexEntry[], after: string): Buffer {
  const head = Buffer.from(`${before}[`);
  const tail = Buffer.from(`]${after}`);
  let size = head.byteLength + tail.byteLength + Math.max(0, entries.length - 1);
  for (const e of entries) size += e.cardEnd - e.cardStart;
  const out = Buffer.allocUnsafe(size);
  let at = head.copy(out, 0);
  entries.forEach((e, i) => {
    if (i > 0) out[at++] = COMMA;
    at += e.cardBytes.copy(out, at, e.cardStart, e.cardEnd);
  });
  tail.copy(out, at);
  return out;
}
/** What the search rule reads of a card (the card holds no description, node types or notes). */
const cardDoc = (card: AutomationCard): SearchDoc => ({
  ...card,
  description: '',
  nodeTypes: [],
  notes: '',
});

/** The catalogue API: public counters and trending; the rest for members only. */
export function catalogRoutes(deps: {
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>;
  bus?: EventBus;
  log?: Logger;
  /** The process's search index (app.ts shares it with the public catalogue pages). */
  index?: SearchIndex;
}) {
  const bus = deps.bus ?? processBus;
  const index =
    deps.index ?? createSearchIndex({ reads: catalogReads(deps.database.db), bus, log: deps.log });
  const details = createDetailCache({ bus });
  const answers = createEncodedAnswers();
  const notFound = () => new AppError('NOT_FOUND', { userMessage: 'Automation not found' });

  return (
    new Hono<AppEnv>()
      .get('/counters', async (c) => {
        const [stats, entries] = await Promise.all([selectLatestStats(deps.database.db), index.all()]);
        const integrations = new Set<string>();
        const categories = new Set<string>();
        for (const e of entries) {
          categories.add(e.card.category);
          for (const i of e.card.integrations) integrations.add(i);
        }
        const body: CatalogCounters = {
          totalWorkflows: stats?.totalWorkflows ?? 0,
          perSource: stats?.perSource ?? {},
          categories: categories.size,
          integrations: integrations.size,
          lastUpdated: stats ? stats.lastUpdated.toISOString() : null,
        };
        return c.json(body);
      })
      .get('/trending', validate('query', TrendingQuerySchema), async (c) => {
        const { limit } = c.req.valid('query');
        const used = await index.list('trending', (e) => e.card.runs >= TRENDING_MIN_USES);
        const ranking = used.length >= TRENDING_MIN_TEMPLATES ? 'trending' : 'new';
        const picked =
          ranking === 'trending' ? used.slice(0, limit) : await index.list('latest', () => true, limit);
        const items: TrendingItem[] = picked.map(({ card }) => ({
          id: card.id,
          title: card.title,
          summary: card.summary,
          category: card.category,
          difficulty: card.difficulty,
          runs: card.runs,
          integrations: card.integrations,
          hasVideo: card.hasVideo,
        }));
        const body: TrendingResponse = { ranking, items };
        return c.json(body);
      })
      .get('/automations', requireMember, validate('query', CatalogSearchQuerySchema), async (c) => {
        const params = c.req.valid('query');
        return indexRead(c, answers, await index.tag(), async () => {
          const r = await index.search(params);
          return withCards(
            '{"items":',
            r.items,
            `,"total":${r.total},"page":${params.page},"pageSize":${params.pageSize},${r.facetsJson}}`,
          );
        });
      })
      // Every integration with its count: the facet's own search box and the "My stack" picker.
      .get('/integrations', requireMember, async (c) => c.json({ items: await index.integrations() }))
      // "My stack": the member's saved integrations (decision 0010).
      .get('/stack', requireMember, async (c) =>
        c.json({ stack: await getStack({ database: deps.database, bus }, c.var.viewer.userId) }),
      )
      .put('/stack', requireMember, validate('json', StackSchema), async (c) =>
        c.json({
          stack: await saveStack(
            { database: deps.database, bus },
            { userId: c.var.viewer.userId, stack: c.req.valid('json').stack },
          ),
        }),
      )
      .get('/ai-agents', requireMember, validate('query', AiAgentsQuerySchema), async (c) => {
        const { page, pageSize, q } = c.req.valid('query');
        return indexRead(c, answers, await index.tag(), async () => {
          const agents = await index.list('newest', (e) => e.aiAgent);
          const rated = agents.filter((e) => e.card.rating !== null);
          const avg = rated.length
            ? rated.reduce((sum, e) => sum + (e.card.rating ?? 0), 0) / rated.length
            : 0;
          const stats = {
            count: agents.length,
            totalRuns: agents.reduce((sum, e) => sum + e.card.runs, 0),
            avgRating: Math.round(avg * 10) / 10,
          };
          // The tiles describe every agent; the search (the member search's rule over the card's
          // fields) narrows the list.
          const found = q.trim() ? agents.filter((e) => matchesSearch(q, cardDoc(e.card))) : agents;
          const items = found.slice((page - 1) * pageSize, page * pageSize);
          return withCards('{"items":', items, `,"total":${found.length},"stats":${JSON.stringify(stats)}}`);
        });
      })
      .get('/automations/:id', requireMember, validate('param', IdParamSchema), async (c) => {
        const id = c.req.valid('param').id;
        const tag = await index.tag();
        let answer = details.get(id, tag);
        if (!answer) {
          const since = details.epoch();
          const detail = await getAutomationDetail(deps.database.db, index, id);
          if (!detail) throw notFound();
          // The ETag hashes the answer (its row holds more than the index tag covers).
          const json = JSON.stringify(detail);
          answer = { body: ownBytes(Buffer.from(json)), etag: weakEtag(json) };
          details.set(id, { ...answer, tag, automationId: detail.id }, since);
        }
        const { body, etag } = answer;
        return etagged(c, answers, etag, async () => body);
      })
      .get('/automations/:id/related', requireMember, validate('param', IdParamSchema), async (c) => {
        const items = await index.related(c.req.valid('param').id, 3);
        if (!items) throw notFound();
        return indexRead(c, answers, await index.tag(), async () => withCards('{"items":', items, '}'));
      })
      .get('/automations/:id/variants', requireMember, validate('param', IdParamSchema), async (c) => {
        const items = await index.variantsOf(c.req.valid('param').id);
        if (!items) throw notFound();
        return indexRead(c, answers, await index.tag(), async () => withCards('{"items":', items, '}'));
      })
      .get('/automations/:id/by-author', requireMember, validate('param', IdParamSchema), async (c) => {
        const self = await index.get(c.req.valid('param').id);
        if (!self) throw notFound();
        const items = await index.list('latest', (e) => e !== self && e.card.author === self.card.author, 12);
        return indexRead(c, answers, await index.tag(), async () => withCards('{"items":', items, '}'));
      })
  );
}
