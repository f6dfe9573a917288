import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { parseStoredWorkflow } from '#server/catalog/get-automation.ts';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import type { AppEnv, Viewer } from '#server/lib/context.ts';
import type { SearchIndex } from '#server/search/index.ts';
import { buildCanvasModel } from '#shared/catalog/canvas-model.ts';
import { LIBRARY_PAGE_SIZE, libraryHref, parseLibraryQuery } from '#shared/catalog/library-query.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE } from '#shared/routes.ts';
import type { PageRenderer, TemplateView } from '#shared/site/page-render.ts';
import { type ClaimSource, fixedClaims } from '../claim-figures.ts';
import {
  type Frame,
  fillClaimPage,
  framePage,
  type HtmlPage,
  loadFrame,
  loadHtmlPage,
  type Page,
  pageOf,
  sendPage,
} from '../pages.ts';
import { createSitemaps, SITEMAP_LIMIT } from './sitemap.ts';

// The public catalogue (issue 18, decision 0015): /library and a visitor's /automation/:id, rendered on
// request into the prerendered frame, plus the sitemap of every published template. Template pages and
// /library views are kept per process and dropped when the search index's content tag changes (an
// import, an unpublish, an edit or new activity), so nothing is rebuilt per import and nothing stale is
// served.

const RELATED = 6;

// Members get the app at the same URL: every answer here depends on the session cookie.
const send = (c: Context, page: Page | HtmlPage, status: 200 | 404) => sendPage(c, page, status, true);
const MAX_CACHED_PAGES = 5_000;
// Any query string makes a /library view: fewer of them are kept, so made-up queries cannot fill memory.
const MAX_CACHED_VIEWS = 200;

export function catalogueRoutes(deps: {
  index: SearchIndex;
  db: Database;
  baseUrl: string;
  webRoot?: string | undefined;
  resolveViewer: (headers: Headers) => Promise<Viewer | null>;
  /** The SSR entry's request-time renderers (src/web/entry-server.tsx), loaded on first use. */
  renderer: () => Promise<PageRenderer>;
  /** The live library figures the frame's claims are filled with (decision 0016). */
  claims?: ClaimSource;
  sitemapLimit?: number;
}) {
  const claims = deps.claims ?? fixedClaims();
  const frame: Frame = loadFrame(deps.webRoot, deps.baseUrl);
  let renderer: Promise<PageRenderer> | undefined;
  const pages = () => {
    renderer ??= deps.renderer();
    return renderer;
  };
  const shell = deps.webRoot ? loadHtmlPage(deps.webRoot, APP_SHELL_FILE, deps.baseUrl) : undefined;
  const notFound = deps.webRoot ? loadHtmlPage(deps.webRoot, NOT_FOUND_FILE, deps.baseUrl) : undefined;
  const sitemaps = createSitemaps({
    index: deps.index,
    baseUrl: deps.baseUrl,
    webRoot: deps.webRoot,
    limit: deps.sitemapLimit ?? SITEMAP_LIMIT,
  });

  /**
   * Pages built on request, kept per key (a template id, a clean /library URL) up to `max` and all
   * dropped when the index's content tag moves. `build` answers undefined for a page that does not exist
   * (not kept).
   */
  let cachedTag = '';
  const templateCache = new Map<string, Page>();
  const libraryCache = new Map<string, Page>();
  async function cachedPage(
    cache: Map<string, Page>,
    max: number,
    key: string,
    build: () => Promise<Page | undefined>,
  ) {
    const tag = await deps.index.tag();
    if (tag !== cachedTag) {
      templateCache.clear();
      libraryCache.clear();
      cachedTag = tag;
    }
    const hit = cache.get(key);
    if (hit) return hit;
    const page = await build();
    // A rebuild may have finished while this page was built: keep it only if it is still current.
    if (page && (await deps.index.tag()) === cachedTag) {
      if (cache.size >= max) cache.delete(cache.keys().next().value!);
      cache.set(key, page);
    }
    return page;
  }

  /** The visitor's page of a published template; undefined when unpublished. */
  const templateHtml = (id: string) =>
    cachedPage(templateCache, MAX_CACHED_PAGES, id, async () => {
      const [view, renderer] = await Promise.all([loadTemplateView(deps, id), pages()]);
      if (!view) return undefined;
      return pageOf(framePage(frame, renderer.renderTemplate(view, deps.baseUrl), await claims.current()));
    });

  const notFoundPage = async () => {
    const figures = await claims.current();
    return notFound
      ? fillClaimPage(notFound, figures)
      : pageOf(
          framePage(
            frame,
            {
              head: {
                title: 'Page not found | Flowvault',
                description: '',
                url: deps.baseUrl,
                noindex: true,
              },
              body: '<h1>404</h1><p>Oops! Page not found</p>',
            },
            figures,
          ),
        );
  };

  return new Hono<AppEnv>()
    .get('/library', async (c) => {
      const query = parseLibraryQuery(c.req.query());
      // The search form sends every field, empty ones too: one clean URL per view (links, history, caches).
      const clean = libraryHref(query);
      const asked = new URL(c.req.url);
      if (asked.search && `${asked.pathname}${asked.search}` !== clean) return c.redirect(clean, 302);
      const page = await cachedPage(libraryCache, MAX_CACHED_VIEWS, clean, async () => {
        const [result, renderer] = await Promise.all([
          deps.index.search({
            q: query.q,
            chips: query.tag ? [query.tag] : [],
            integrations: query.app ? [query.app] : [],
            sort: query.sort,
            page: query.page,
            pageSize: LIBRARY_PAGE_SIZE,
          }),
          pages(),
        ]);
        const rendered = renderer.renderLibrary(
          {
            query,
            total: result.total,
            cards: result.items.map((e) => e.card),
            chipCounts: result.chipCounts,
            integrationCounts: result.integrationCounts,
            didYouMean: result.didYouMean,
          },
          deps.baseUrl,
        );
        return pageOf(framePage(frame, rendered, await claims.current()));
      });
      return send(c, page!, 200);
    })
    .get('/automation/:id', async (c) => {
      // Members (and operators) get the app's full page at the same URL.
      const viewer = await deps.resolveViewer(c.req.raw.headers);
      if (shell && viewer && (viewer.isMember || viewer.role === 'admin')) {
        return send(c, fillClaimPage(shell, await claims.current()), 200);
      }
      const page = await templateHtml(c.req.param('id'));
      if (!page) {
        c.var.log.info({ path: c.req.path }, 'not found: no published automation with this id');
        return send(c, await notFoundPage(), 404);
      }
      return send(c, page, 200);
    })
    .get('/sitemap.xml', async (c) => {
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(await sitemaps.root(), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    })
    .get('/sitemaps/:file{[a-z0-9-]+\\.xml}', async (c) => {
      const body = await sitemaps.part(c.req.param('file'));
      if (body === undefined) return send(c, await notFoundPage(), 404);
      c.header('Cache-Control', 'public, max-age=3600');
      return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    });
}

/**
 * Everything a visitor's template page shows, for a published template (else undefined). The one place
 * its data is loaded: never the workflow JSON, node parameters or sticky-note text, only the card, the
 * generated steps, credential names and the paywall-safe canvas model.
 */
export async function loadTemplateView(
  deps: { index: SearchIndex; db: Database },
  id: string,
): Promise<TemplateView | undefined> {
  const entry = await deps.index.get(id);
  if (!entry) return undefined;
  // Only what the page is made of (the row's other columns are large and not shown).
  const [row] = await deps.db
    .select({
      howItWorks: automations.howItWorks,
      summarySource: automations.summarySource,
      credentials: automations.credentials,
      workflowJson: automations.workflowJson,
      deployable: automations.deployable,
      quality: automations.quality,
    })
    .from(automations)
    .where(and(eq(automations.id, id), eq(automations.published, true)))
    .limit(1);
  if (!row) return undefined;
  const [variants, related] = await Promise.all([deps.index.variantsOf(id), deps.index.related(id, RELATED)]);
  return {
    card: entry.card,
    howItWorks: row.howItWorks,
    summaryByAuthor: row.summarySource === 'author',
    // Names only: a credential's node list and type stay with members.
    credentials: row.credentials.map((c) => ({ name: c.name })),
    // The same messages members read; an operator's override (deployable after all) clears them.
    blockers: row.deployable
      ? []
      : (row.quality?.readiness?.flags ?? []).filter((f) => f.severity === 'blocks').map((f) => f.message),
    // The paywall-safe model: shapes and names, no parameters, no sticky-note text.
    canvas: buildCanvasModel(parseStoredWorkflow(row.workflowJson), { member: false }),
    // A few variants are enough to judge (a scaled library has dozens of one shape).
    variants: (variants ?? []).slice(0, RELATED).map((e) => e.card),
    variantCount: variants?.length ?? 0,
    related: (related ?? []).map((e) => e.card),
  };
}
