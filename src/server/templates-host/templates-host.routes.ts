// A member's private templates host for their own n8n (issue 42, decision 0026), at
// /t/<token>/api/…: the endpoints n8n's template browser calls, in n8n's shapes, over the member search
// index and deploy's workflow preparation. The token in the path is the only credential: no cookie is
// read, nothing changes state, CORS answers only the member's n8n origin.
import { and, count, eq, inArray } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { selectAutomation } from '#server/catalog/catalog.queries.ts';
import type { DbHandle } from '#server/db/client.ts';
import type { AutomationEventKind } from '#server/db/schema/catalog.ts';
import { automationEvents } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { errorBody } from '#server/lib/error-handler.ts';
import { createRateLimiter, type RateRule } from '#server/lib/rate-limit.ts';
import { validate } from '#server/lib/validate.ts';
import type { LibraryDeps } from '#server/library/library-deps.ts';
import { recordEvent } from '#server/library/record-event.ts';
import { BASELINE_CAPABILITIES, type InstanceCapabilities } from '#server/n8n/instance-capabilities.ts';
import { preflightWorkflow } from '#server/n8n/preflight.ts';
import { tableReleaseFor } from '#server/n8n-releases/node-availability.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import type { IndexEntry, SearchIndex } from '#server/search/index.ts';
import { N8nTemplateIdParamSchema, N8nTemplateSearchQuerySchema } from '#shared/schemas/templates-host.ts';
import { type HostMember, resolveHostToken } from './host-tokens.ts';
import {
  categoriesFrom,
  categoryOf,
  loadBrandIcons,
  TEMPLATE_CATEGORIES,
  templateNodes,
  templateNumber,
  templateWorkflow,
} from './template-shapes.ts';

type HostEnv = { Variables: AppEnv['Variables'] & { host: HostMember } };

/** Per token: the template browser makes a handful of calls per screen; a script gets 429 soon. */
export const HOST_RATE_RULE: RateRule = { windowMs: 60_000, max: 240 };
/** Headers n8n's editor sends to a templates host (n8n-version; its REST client's own). */
const ALLOWED_HEADERS = 'n8n-version, browser-id, push-ref, content-type, accept';
/** The member's own saved templates, as one collection. */
const SAVED_COLLECTION = { id: 1, name: 'Your saved templates' };
const DEFAULT_PAGE_SIZE = 20;
const VERSION = /^\d+\.\d+\.\d+/;

/**
 * What n8n's editor takes on import: the editor pastes the workflow onto its canvas (no public-API
 * body check), so the baseline node keys and settings plus the execution order every n8n since 1.37
 * keeps (without it a template would run in the old v0 order).
 */
export const EDITOR_CAPABILITIES: InstanceCapabilities = {
  ...BASELINE_CAPABILITIES,
  settings: { ...BASELINE_CAPABILITIES.settings, executionOrder: { type: 'string', enum: ['v0', 'v1'] } },
};

/** A template n8n can import: it has a workflow and the library judges it deployable. */
const importable = (e: IndexEntry) => e.card.deployable && e.card.readiness !== 'guide';

export type TemplatesHostDeps = {
  database: DbHandle;
  bus: EventBus;
  index: SearchIndex;
  webRoot?: string;
  now?: () => Date;
};

export function templatesHostRoutes(deps: TemplatesHostDeps) {
  const db = deps.database.db;
  const limiter = createRateLimiter(HOST_RATE_RULE);
  const library: LibraryDeps = { database: deps.database, bus: deps.bus };
  // Template numbers per index content tag (rebuilt when the catalogue changes).
  let numbered: { tag: string; byNumber: Map<number, IndexEntry> } | undefined;
  const byNumber = async (n: number) => {
    const tag = await deps.index.tag();
    if (numbered?.tag !== tag) {
      const map = new Map<number, IndexEntry>();
      for (const e of await deps.index.all()) {
        const k = templateNumber(e.card.id);
        if (!map.has(k)) map.set(k, e);
      }
      numbered = { tag, byNumber: map };
    }
    const e = numbered.byNumber.get(n);
    return e && importable(e) ? e : undefined;
  };
  const icons = () => loadBrandIcons(deps.webRoot);

  const views = async (ids: string[]): Promise<Map<string, number>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: automationEvents.automationId, n: count() })
      .from(automationEvents)
      .where(and(inArray(automationEvents.automationId, ids), eq(automationEvents.kind, 'view')))
      .groupBy(automationEvents.automationId);
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  };

  const savedEntries = async (userId: string): Promise<IndexEntry[]> => {
    const rows = await db
      .select({ id: collections.automationId })
      .from(collections)
      .where(eq(collections.userId, userId))
      .orderBy(collections.createdAt);
    const out: IndexEntry[] = [];
    for (const r of rows) {
      const e = await deps.index.get(r.id);
      if (e && importable(e)) out.push(e);
    }
    return out;
  };

  const record = async (c: Context<HostEnv>, automationId: string, kind: AutomationEventKind) => {
    try {
      await recordEvent(library, { userId: c.var.host.userId, automationId, kind });
    } catch (error) {
      c.var.log.warn({ err: error, automationId, kind }, 'templates host event not recorded');
    }
  };

  const notFound = (c: Context<HostEnv>) =>
    c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'Template not found.'), 404);

  return new Hono<HostEnv>()
    .use('/:token/api/*', async (c, next) => {
      const origin = c.req.header('origin');
      const member = await resolveHostToken(db, c.req.param('token'), deps.now?.());
      // An unknown, rotated, turned-off or revoked token, or another site: nothing, not even CORS.
      if (!member)
        return c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'No such templates host.'), 404, {
          'Cache-Control': 'no-store',
        });
      if (origin !== undefined && origin !== member.allowedOrigin)
        return c.json(
          errorBody(c.var.requestId, 'FORBIDDEN', 'This templates host answers only its own n8n.'),
          403,
          { 'Cache-Control': 'no-store', Vary: 'Origin' },
        );
      const cors: Record<string, string> = {
        Vary: 'Origin',
        ...(origin
          ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' }
          : {}),
      };
      if (c.req.method === 'OPTIONS') {
        return c.body(null, 204, {
          ...cors,
          'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': '600',
        });
      }
      const wait = limiter.hit(member.tokenHash);
      if (wait !== null)
        return c.json(
          errorBody(c.var.requestId, 'RATE_LIMITED', `Too many requests. Try again in ${wait} s.`),
          429,
          { ...cors, 'Retry-After': String(wait), 'Cache-Control': 'no-store' },
        );
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
        return c.json(errorBody(c.var.requestId, 'BAD_REQUEST', 'This templates host is read-only.'), 405, {
          ...cors,
          Allow: 'GET, HEAD, OPTIONS',
        });
      c.set('host', member);
      await next();
      for (const [k, v] of Object.entries(cors)) c.res.headers.set(k, v);
      // Personal: the member's browser may keep it, no shared cache may; never indexed.
      c.res.headers.set('Cache-Control', 'private, no-cache');
      c.res.headers.set('X-Robots-Tag', 'noindex');
    })
    .get('/:token/api/health', (c) => c.json({ status: 'OK' as const }))
    .get('/:token/api/templates/categories', (c) => c.json({ categories: TEMPLATE_CATEGORIES }))
    .get('/:token/api/templates/search', validate('query', N8nTemplateSearchQuerySchema), async (c) => {
      const q = c.req.valid('query');
      const size = q.limit ?? q.rows ?? DEFAULT_PAGE_SIZE;
      const wanted = categoriesFrom([q.category]);
      // The member search itself (ranking, typos, variants grouped), every hit, then what n8n can import.
      const found = await deps.index.search({
        q: q.search,
        chips: [],
        page: 1,
        pageSize: Number.MAX_SAFE_INTEGER,
      });
      const hits = found.items.filter(
        (e) => importable(e) && (wanted.size === 0 || wanted.has(e.card.category)),
      );
      const page = hits.slice((q.page - 1) * size, q.page * size);
      const counted = await views(page.map((e) => e.card.id));
      return c.json({
        totalWorkflows: hits.length,
        workflows: page.map((e) => templateWorkflow(e, counted.get(e.card.id) ?? 0, icons())),
        filters: [],
      });
    })
    .get('/:token/api/templates/collections', async (c) => {
      const wanted = categoriesFrom([
        ...(c.req.queries('category') ?? []),
        ...(c.req.queries('category[]') ?? []),
      ]);
      const search = (c.req.query('search') ?? '').trim().toLowerCase().slice(0, 200);
      const saved = await savedEntries(c.var.host.userId);
      const shown = saved.filter(
        (e) =>
          (wanted.size === 0 || wanted.has(e.card.category)) &&
          (!search ||
            SAVED_COLLECTION.name.toLowerCase().includes(search) ||
            e.card.title.toLowerCase().includes(search)),
      );
      if (shown.length === 0) return c.json({ collections: [] });
      return c.json({
        collections: [
          {
            ...SAVED_COLLECTION,
            nodes: templateNodes(
              shown.flatMap((e) => e.nodeTypes),
              icons(),
            ).slice(0, 10),
            workflows: shown.map((e) => ({ id: templateNumber(e.card.id) })),
          },
        ],
      });
    })
    .get('/:token/api/templates/collections/:id', validate('param', N8nTemplateIdParamSchema), async (c) => {
      if (c.req.valid('param').id !== SAVED_COLLECTION.id) return notFound(c);
      const saved = await savedEntries(c.var.host.userId);
      if (saved.length === 0) return notFound(c);
      const counted = await views(saved.map((e) => e.card.id));
      const categories = TEMPLATE_CATEGORIES.filter((cat) => saved.some((e) => e.card.category === cat.name));
      return c.json({
        collection: {
          ...SAVED_COLLECTION,
          description: 'The templates you saved to your collection in Flowvault.',
          image: [],
          categories,
          createdAt: saved[0]!.card.createdAt,
          nodes: templateNodes(
            saved.flatMap((e) => e.nodeTypes),
            icons(),
          ).slice(0, 10),
          workflows: saved.map((e) => templateWorkflow(e, counted.get(e.card.id) ?? 0, icons())),
        },
      });
    })
    .get('/:token/api/templates/workflows/:id', validate('param', N8nTemplateIdParamSchema), async (c) => {
      const entry = await byNumber(c.req.valid('param').id);
      const prepared = entry && (await prepare(db, entry, c.req.header('n8n-version')));
      if (!entry || !prepared) return notFound(c);
      await record(c, entry.card.id, 'view');
      const counted = await views([entry.card.id]);
      const types = new Map<string, number>();
      for (const n of prepared.nodes) types.set(n.type, (types.get(n.type) ?? 0) + 1);
      return c.json({
        workflow: {
          ...templateWorkflow(entry, counted.get(entry.card.id) ?? 0, icons()),
          description: prepared.description,
          image: [],
          categories: categoryOf(entry.card),
          workflowInfo: {
            nodeCount: prepared.nodes.length,
            nodeTypes: Object.fromEntries([...types].map(([t, n]) => [t, { count: n }])),
          },
          workflow: { nodes: prepared.nodes, connections: prepared.connections },
        },
      });
    })
    .get('/:token/api/workflows/templates/:id', validate('param', N8nTemplateIdParamSchema), async (c) => {
      const id = c.req.valid('param').id;
      const entry = await byNumber(id);
      const prepared = entry && (await prepare(db, entry, c.req.header('n8n-version')));
      if (!entry || !prepared) return notFound(c);
      // Using a template in n8n is a copy of it into the member's n8n: a run, as copy and download are.
      await record(c, entry.card.id, 'copy');
      return c.json({
        id,
        name: prepared.name,
        workflow: { nodes: prepared.nodes, connections: prepared.connections, settings: prepared.settings },
      });
    });
}

/**
 * The template's workflow prepared as deploy prepares it (preflight.ts): credentials by name, Start
 * replaced and duplicate names and ids repaired for the member's n8n release (from the editor's
 * `n8n-version` header), fresh webhook ids and paths, private fields dropped.
 */
async function prepare(db: DbHandle['db'], entry: IndexEntry, n8nVersion: string | undefined) {
  const row = await selectAutomation(db, entry.card.id);
  if (!row?.workflowJson) return null;
  const version = n8nVersion && VERSION.test(n8nVersion) ? VERSION.exec(n8nVersion)![0] : null;
  const release = tableReleaseFor(version, version ? Number(version.split('.')[0]) >= 2 : true);
  const result = preflightWorkflow(row.workflowJson, EDITOR_CAPABILITIES, {
    name: row.title,
    renewWebhookIds: true,
    release,
  });
  if (!result.ok) return null;
  return { ...result.payload, description: row.description };
}
