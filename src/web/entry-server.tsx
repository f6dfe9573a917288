// The one SSR entry. At build time it prerenders the pages (scripts/build.ts); at request time the
// server renders the pages it builds per request (/library, a visitor's /automation/:id) with its
// renderers (src/server/site/ssr-entry.ts loads this bundle). What only the build needs is imported
// when first used, so the server's process never loads the app's routes or the site's content.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { PageMeta, SitePage } from '#web/site-pages.tsx';

export { renderLibrary, renderTemplate } from '#web/features/site/catalogue/render.tsx';

/**
 * Renders one page. A public page renders as the site entry (site.tsx) will hydrate it, and says which
 * module holds it (its chunk is preloaded); any other page renders through the app's router.
 */
export async function renderPage(
  pathname: string,
): Promise<{ html: string; meta: PageMeta; entry: 'site' | 'app'; page?: SitePage }> {
  const { loadSitePage, sitePageFor } = await import('#web/site-pages.tsx');
  const page = sitePageFor(pathname);
  if (page) {
    const { SiteApp } = await import('#web/site-app.tsx');
    const { Component: Page, prepare } = await loadSitePage(page);
    await prepare?.(pathname);
    const html = renderToString(<SiteApp page={page} Page={Page} location={{ pathname, search: '' }} />);
    return { html, meta: page.meta, entry: 'site', page };
  }
  const [{ createStaticHandler, createStaticRouter, StaticRouterProvider }, { AppProviders }, q, { routes }] =
    await Promise.all([
      import('react-router'),
      import('#web/app-providers.tsx'),
      import('#web/lib/query-client.ts'),
      import('#web/routes.tsx'),
    ]);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`Prerendering ${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = [...context.matches].reverse().find((m) => (m.route.handle as { meta?: PageMeta })?.meta)
    ?.route.handle.meta as PageMeta;
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={q.createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, meta, entry: 'app' };
}

/** The public catalogue's frame (features/site/catalogue), filled by the server per request. */
export async function renderCatalogueFrame(): Promise<{ html: string; page: SitePage }> {
  const [{ CATALOGUE_PAGE, loadSitePage }, { SiteApp }] = await Promise.all([
    import('#web/site-pages.tsx'),
    import('#web/site-app.tsx'),
  ]);
  const { Component: Page } = await loadSitePage(CATALOGUE_PAGE);
  const location = { pathname: '/library', search: '' };
  return {
    html: renderToString(<SiteApp page={CATALOGUE_PAGE} Page={Page} location={location} />),
    page: CATALOGUE_PAGE,
  };
}

/** The shell for client-rendered routes: shown until the app has loaded. */
export function renderAppShell(): string {
  return renderToString(<Spinner label="Loading application..." className="min-h-dvh py-16" />);
}
