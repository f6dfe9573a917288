import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { pickEncoding } from '#server/lib/compress.ts';
import type { AppEnv, Viewer } from '#server/lib/context.ts';
import { isFresh } from '#server/lib/etag.ts';
import type { SearchIndex } from '#server/search/index.ts';
import { buildCanvasModel } from '#shared/catalog/canvas-model.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import { type ClaimFigures, fillClaims } from '#shared/claims.ts';
import { APP_SHELL_FILE, NOT_FOUND_FILE } from '#shared/routes.ts';
import { type ClaimSource, fixedClaims } from '../claim-figures.ts';
import { fillClaimPage, type HtmlPage, loadHtmlPage } from '../html-pages.ts';
import { compress } from './compress.ts';
import { type Frame, loadFrame } from './frame.ts';
import { libraryHref, libraryPage, parseLibraryQuery, searchLibrary } from './library-page.ts';
import { createSitemaps, SITEMAP_LIMIT } from './sitemap.ts';
import { templatePage } from './template-page.ts';

// The public catalogue (issue 18, decision 0015): /library and a visitor's /automation/:id, rendered on
// request into the prerendered frame, plus the sitemap of every published template. Template pages are
// kept per process and dropped when the search index's content tag changes (an import, an unpublish,
// an edit or new activity), so nothing is rebuilt per import and nothing stale is served.

const RELATED = 6;
const MAX_CACHED_PAGES = 5_000;

type Page = { raw: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

function pageOf(html: string): Page {
  const raw = Buffer.from(html);
  return { raw, etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"` };
}

/** Sends a rendered page, compressed on first need (fast settings: it is built on request). */
function send(c: Context<AppEnv>, page: Page | HtmlPage, status: 200 | 404) {
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', page.etag);
  // Members get the app at the same URL: the answer depends on the session cookie.
  c.header('Vary', 'Accept-Encoding, Cookie');
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (status === 200 && isFresh(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return c.body(new Uint8Array(page.raw), status);
  c.header('Content-Encoding', encoding);
  return c.body(new Uint8Array(compress(page, encoding)), status);
}

function parseWorkflow(text: string | null): WorkflowJson | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as WorkflowJson;
  } catch {
    return null;
  }
}

export function catalogueRoutes(deps: {
  index: SearchIndex;
  db: Database;
  baseUrl: string;
  webRoot?: string | undefined;
  resolveViewer: (headers: Headers) => Promise<Viewer | null>;
  /** The live library figures the frame's claims are filled with (decision 0016). */
  claims?: ClaimSource;
  sitemapLimit?: number;
}) {
  const claims = deps.claims ?? fixedClaims();
  const frame: Frame = loadFrame(deps.webRoot, deps.baseUrl);
  const shell = deps.webRoot ? loadHtmlPage(deps.webRoot, APP_SHELL_FILE, deps.baseUrl) : undefined;
  const notFound = deps.webRoot ? loadHtmlPage(deps.webRoot, NOT_FOUND_FILE, deps.baseUrl) : undefined;
  // The frame (top bar, footer, claims meta) carries the live figures; the body never holds tokens.
  const document = (head: string, body: string, figures: ClaimFigures) =>
    `${fillClaims(frame.parts[0], figures)}${head}${fillClaims(frame.parts[1], figures)}${body}${fillClaims(frame.parts[2], figures)}`;
  const sitemaps = createSitemaps({
    index: deps.index,
    baseUrl: deps.baseUrl,
    webRoot: deps.webRoot,
    limit: deps.sitemapLimit ?? SITEMAP_LIMIT,
  });

  let cachedTag = '';
  const pages = new Map<string, Page>();

  /** The visitor's page of a published template, from the cache or built now; undefined when unpublished. */
  async function templateHtml(id: string): Promise<Page | undefined> {
    const tag = await deps.index.tag();
    if (tag !== cachedTag) {
      pages.clear();
      cachedTag = tag;
    }
    const hit = pages.get(id);
    if (hit) return hit;
    const entry = await deps.index.get(id);
    if (!entry) return undefined;
    // Only what the visitor's page is made of (the row's other columns are large and not shown).
    const [row] = await deps.db
      .select({
        howItWorks: automations.howItWorks,
        summarySource: automations.summarySource,
        credentials: automations.credentials,
        triggerType: automations.triggerType,
        workflowJson: automations.workflowJson,
      })
      .from(automations)
      .where(and(eq(automations.id, id), eq(automations.published, true)))
      .limit(1);
    if (!row) return undefined;
    const [variants, related] = await Promise.all([
      deps.index.variantsOf(id),
      deps.index.related(id, RELATED),
    ]);
    const { head, body } = templatePage({
      facts: {
        card: entry.card,
        howItWorks: row.howItWorks,
        summaryByAuthor: row.summarySource === 'author',
        credentials: row.credentials,
        triggerType: row.triggerType,
        // The paywall-safe model: shapes and names, no parameters, no sticky-note text.
        canvas: buildCanvasModel(parseWorkflow(row.workflowJson), { member: false }),
        // A few variants are enough to judge (a scaled library has dozens of one shape).
        variants: (variants ?? []).slice(0, RELATED).map((e) => e.card),
        variantCount: variants?.length ?? 0,
        related: (related ?? []).map((e) => e.card),
      },
      baseUrl: deps.baseUrl,
      spriteUrl: frame.spriteUrl,
    });
    const page = pageOf(document(head, body, await claims.current()));
    // A rebuild may have finished while this page was built: keep it only if it is still current.
    if ((await deps.index.tag()) === cachedTag) {
      if (pages.size >= MAX_CACHED_PAGES) pages.delete(pages.keys().next().value!);
      pages.set(id, page);
    }
    return page;
  }

  const notFoundPage = async () => {
    const figures = await claims.current();
    return notFound
      ? fillClaimPage(notFound, figures)
      : pageOf(
          document(
            '<title>Page not found | Flowvault</title>',
            '<h1>404</h1><p>Oops! Page not found</p>',
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
      const result = await searchLibrary(deps.index, query);
      const { head, body } = libraryPage({
        query,
        result,
        baseUrl: deps.baseUrl,
        spriteUrl: frame.spriteUrl,
      });
      return send(c, pageOf(document(head, body, await claims.current())), 200);
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
