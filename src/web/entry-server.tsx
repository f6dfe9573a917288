// Used only at build time to prerender public pages to HTML.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from '#web/app-providers.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';
import { type PageMeta, routes } from '#web/routes.tsx';

export async function renderPage(pathname: string): Promise<{ html: string; meta: PageMeta }> {
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
  return { html, meta };
}

/** The shell for client-rendered routes: shown until the app has loaded. */
export function renderAppShell(): string {
  return renderToString(<Spinner label="Loading application..." className="min-h-dvh" />);
}
