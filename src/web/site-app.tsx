import { type ComponentType, lazy, StrictMode } from 'react';
import { AppErrorBoundary } from '#web/components/app-error-boundary.tsx';
import { HydratedMark } from '#web/components/hydrated-mark.tsx';
import { KeptHtmlProvider } from '#web/components/static-html.tsx';
import { AuthProvider } from '#web/features/auth/auth-context.tsx';
import { ClientOnly } from '#web/features/site/client-only.tsx';
import { SocialProofCard } from '#web/features/site/social-proof/social-proof-card.tsx';
import { PageShell } from '#web/layout/page-shell.tsx';
import { documentNavigation, NavigationProvider } from '#web/lib/navigation.tsx';
import type { SitePage } from '#web/site-pages.tsx';

const Toasts = lazy(() => import('#web/components/ui/toasts.tsx').then((m) => ({ default: m.Toasts })));

/**
 * One public page as its own document: what the build prerenders and what site.tsx hydrates, so both
 * render the same tree. `location` is the document's own; links load other documents. `keptHtml` is the
 * prerendered HTML of the page's <StaticHtml> parts, which the browser keeps instead of hydrating.
 */
export function SiteApp({
  page,
  Page,
  location,
  keptHtml = null,
}: {
  page: SitePage;
  Page: ComponentType;
  location: { pathname: string; search: string };
  keptHtml?: ReadonlyMap<string, string> | null;
}) {
  return (
    <StrictMode>
      <KeptHtmlProvider value={keptHtml}>
        <AppErrorBoundary>
          <AuthProvider>
            <NavigationProvider value={documentNavigation(location.pathname, location.search)}>
              <PageShell
                after={
                  page.toasts && (
                    <ClientOnly fallback={null}>
                      <Toasts />
                    </ClientOnly>
                  )
                }
              >
                <Page />
                <SocialProofCard />
              </PageShell>
              <HydratedMark />
            </NavigationProvider>
          </AuthProvider>
        </AppErrorBoundary>
      </KeptHtmlProvider>
    </StrictMode>
  );
}
