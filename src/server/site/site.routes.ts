import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { AppEnv, Viewer } from '#server/lib/context.ts';
import type { ClaimFigures } from '#shared/claims.ts';
import {
  APP_SHELL_FILE,
  isOperatorRoute,
  matchRoute,
  NOT_FOUND_FILE,
  PRERENDER_MANIFEST_FILE,
  type PrerenderManifest,
  prerenderFileFor,
  ROUTES,
} from '#shared/routes.ts';
import { type ClaimSource, fixedClaims } from './claim-figures.ts';
import { BASE_URL_TOKEN, fillClaimPage, type HtmlPage, loadHtmlPage, sendPage } from './pages.ts';

/** Pages are sent with the live catalogue figures in their claims (decision 0016). */
type SiteEnv = AppEnv & { Variables: { claims: ClaimFigures } };

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages for public
 * routes, the client shell for app routes, and the prerendered 404 page (status 404) otherwise.
 */
export function siteRoutes(
  webRoot: string,
  baseUrl: string,
  resolveViewer: (headers: Headers) => Promise<Viewer | null> = async () => null,
  claims: ClaimSource = fixedClaims(),
) {
  if (!existsSync(webRoot)) {
    throw new Error(`The web app is not built: ${webRoot} is missing. Run "npm run build".`);
  }
  const pages = new Map<string, HtmlPage>();
  // Parameterised prerendered routes (/blog/:slug): each concrete path the build listed, and the
  // page answered with 404 for a param it does not know ('Post Not Found').
  const manifestFile = path.join(webRoot, PRERENDER_MANIFEST_FILE);
  const manifest: PrerenderManifest = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : { paths: [], fallbacks: {} };
  const fallbacks = new Map<string, HtmlPage>();
  for (const [routePath, file] of Object.entries(manifest.fallbacks)) {
    const page = loadHtmlPage(webRoot, file, baseUrl);
    if (page) fallbacks.set(routePath, page);
  }
  for (const concrete of manifest.paths) {
    const page = loadHtmlPage(webRoot, prerenderFileFor(concrete), baseUrl);
    if (page) pages.set(concrete, page);
  }
  // Feeds and sitemaps carry the site URL too, so they are filled in like the pages.
  const textFiles = new Map<string, { body: string; type: string }>();
  for (const [file, type] of [
    ['sitemap.xml', 'application/xml; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['rss.xml', 'application/rss+xml; charset=utf-8'],
  ] as const) {
    const full = path.join(webRoot, file);
    if (existsSync(full)) {
      textFiles.set(`/${file}`, {
        body: readFileSync(full, 'utf8').replaceAll(BASE_URL_TOKEN, baseUrl),
        type,
      });
    }
  }
  for (const route of Object.values(ROUTES)) {
    if (!route.prerender || route.path.includes(':')) continue;
    const page = loadHtmlPage(webRoot, prerenderFileFor(route.path), baseUrl);
    if (!page) throw new Error(`The build has no prerendered page for ${route.path}. Run "npm run build".`);
    pages.set(route.path, page);
  }
  const shell = loadHtmlPage(webRoot, APP_SHELL_FILE, baseUrl);
  const notFound = loadHtmlPage(webRoot, NOT_FOUND_FILE, baseUrl);
  if (!shell || !notFound) throw new Error(`The build in ${webRoot} is incomplete. Run "npm run build".`);

  return (
    new Hono<SiteEnv>()
      .on(['GET', 'HEAD'], [...textFiles.keys()], (c) => {
        const file = textFiles.get(c.req.path)!;
        c.header('Cache-Control', 'public, max-age=3600');
        return c.body(file.body, 200, { 'Content-Type': file.type });
      })
      .use('/assets/*', cacheFor(IMMUTABLE), serveStatic({ root: webRoot, precompressed: true }))
      .use(
        '*',
        cacheFor('public, max-age=3600'),
        serveStatic({
          root: webRoot,
          precompressed: true,
          // HTML is answered below, with routing rules; only plain files come from here. A path without an
          // extension is a page: the static handler would otherwise serve a folder's index.html as it is.
          rewriteRequestPath: (p) =>
            path.posix.extname(p) === '' || p.endsWith('.html') ? '/__no_such_file__' : p,
        }),
      )
      // Only pages get here (the static handler answered files): each is sent with the current figures.
      .use('*', async (c, next) => {
        c.set('claims', await claims.current());
        await next();
      })
      // A form sent before the page's script ran (the sign-in forms say method="post", so a password never
      // lands in a URL or a log line) comes back to its page, where the visitor simply tries again.
      .post('*', (c) => (matchRoute(c.req.path) ? c.redirect(c.req.path, 303) : sendHtml(c, notFound, 404)))
      .on(['GET', 'HEAD'], '*', async (c) => {
        const id = matchRoute(c.req.path);
        if (!id) {
          c.var.log.info({ path: c.req.path }, 'not found: a visitor asked for a path that does not exist');
          return sendHtml(c, notFound, 404);
        }
        const route = ROUTES[id];
        if (isOperatorRoute(id)) {
          // The answer depends on who asks (Vary: Cookie), so no shared cache hands one to anyone else.
          const viewer = await resolveViewer(c.req.raw.headers);
          return viewer?.role === 'admin' ? sendHtml(c, shell, 200, true) : sendHtml(c, notFound, 404, true);
        }
        // The operators' PayPal panel (/?debug=paypal) is part of the app; the prerendered home page
        // loads only the public site's script.
        if (!route.prerender || (id === 'home' && c.req.query('debug') === 'paypal')) {
          return sendHtml(c, shell, 200);
        }
        if (!route.path.includes(':')) return sendHtml(c, pages.get(route.path)!, 200);
        const clean = c.req.path.replace(/\/+$/, '');
        const page = pages.get(clean);
        if (page) return sendHtml(c, page, 200);
        const fallback = fallbacks.get(route.path);
        return fallback ? sendHtml(c, fallback, 404) : sendHtml(c, notFound, 404);
      })
  );
}

/** Sets Cache-Control on files the static handler found (its onFound runs too late to set headers). */
function cacheFor(value: string): MiddlewareHandler<SiteEnv> {
  return async (c, next) => {
    await next();
    const found = c.res.status === 200 || c.res.status === 206;
    if (found && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

function sendHtml(c: Context<SiteEnv>, template: HtmlPage, status: 200 | 404, byViewer = false) {
  return sendPage(c, fillClaimPage(template, c.var.claims), status, byViewer);
}
