// Used only at build time to prerender pages to HTML.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '#web/app-providers.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { routes } from '#web/routes.tsx';
import { SiteApp } from '#web/site-app.tsx';
import { CATALOGUE_PAGE, loadSitePage, type PageMeta, type SitePage, sitePageFor } from '#web/site-pages.tsx';

/**
 * Renders one page. A public page renders as the site entry (site.tsx) will hydrate it, and says which
 * module holds it (its chunk is preloaded); any other page renders through the app's router.
 */
export async function renderPage(
  pathname: string,
): Promise<{ html: string; meta: PageMeta; entry: 'site' | 'app'; page?: SitePage }> {
  const page = sitePageFor(pathname);
  if (page) {
    const { Component: Page, prepare } = await loadSitePage(page);
    await prepare?.(pathname);
    const html = renderToString(<SiteApp page={page} Page={Page} location={{ pathname, search: '' }} />);
    return { html, meta: page.meta, entry: 'site', page };
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`Prerendering ${pathname} answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = [...context.matches].reverse().find((m) => (m.route.handle as { meta?: PageMeta })?.meta)
    ?.route.handle.meta as PageMeta;
  const html = renderToString(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  return { html, meta, entry: 'app' };
}

/** The public catalogue's frame (features/site/catalogue), filled by the server per request. */
export async function renderCatalogueFrame(): Promise<{ html: string; page: SitePage }> {
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
