import { existsSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '#server/lib/context.ts';
import { APP_SHELL_FILE, matchRoute, NOT_FOUND_FILE, prerenderFileFor, ROUTES } from '#shared/routes.ts';
import { type HtmlPage, loadHtmlPage, pickEncoding } from './html-pages.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// HTML must be revalidated on every visit so a deploy is seen at once; ETags make that cheap.
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed assets cached for a year, prerendered pages for public
 * routes, the client shell for app routes, and the prerendered 404 page (status 404) otherwise.
 */
export function siteRoutes(webRoot: string, baseUrl: string) {
  if (!existsSync(webRoot)) {
    throw new Error(`The web app is not built: ${webRoot} is missing. Run "npm run build".`);
  }
  const pages = new Map<string, HtmlPage>();
  for (const route of Object.values(ROUTES)) {
    if (!route.prerender) continue;
    const page = loadHtmlPage(webRoot, prerenderFileFor(route.path), baseUrl);
    if (!page) throw new Error(`The build has no prerendered page for ${route.path}. Run "npm run build".`);
    pages.set(route.path, page);
  }
  const shell = loadHtmlPage(webRoot, APP_SHELL_FILE, baseUrl);
  const notFound = loadHtmlPage(webRoot, NOT_FOUND_FILE, baseUrl);
  if (!shell || !notFound) throw new Error(`The build in ${webRoot} is incomplete. Run "npm run build".`);

  return new Hono<AppEnv>()
    .use('/assets/*', cacheFor(IMMUTABLE), serveStatic({ root: webRoot, precompressed: true }))
    .use(
      '*',
      cacheFor('public, max-age=3600'),
      serveStatic({
        root: webRoot,
        precompressed: true,
        // HTML files are answered below, with routing rules; only plain files come from here.
        rewriteRequestPath: (p) => (p.endsWith('/') || p.endsWith('.html') ? '/__no_such_file__' : p),
      }),
    )
    .on(['GET', 'HEAD'], '*', (c) => {
      const id = matchRoute(c.req.path);
      if (!id) {
        c.var.log.info({ path: c.req.path }, 'not found: a visitor asked for a path that does not exist');
        return sendHtml(c, notFound, 404);
      }
      const route = ROUTES[id];
      return sendHtml(c, route.prerender ? pages.get(route.path)! : shell, 200);
    });
}

/** Sets Cache-Control on files the static handler found (its onFound runs too late to set headers). */
function cacheFor(value: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const found = c.res.status === 200 || c.res.status === 206;
    if (found && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', value);
  };
}

function sendHtml(c: Context<AppEnv>, page: HtmlPage, status: ContentfulStatusCode) {
  c.header('Cache-Control', REVALIDATE);
  c.header('ETag', page.etag);
  c.header('Vary', 'Accept-Encoding');
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (status === 200 && c.req.header('If-None-Match') === page.etag) return c.body(null, 304);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  if (encoding) c.header('Content-Encoding', encoding);
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.raw;
  return c.body(new Uint8Array(body), status);
}
