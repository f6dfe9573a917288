import { type ReactNode, useEffect, useMemo } from 'react';
import {
  Outlet,
  Link as RouterLink,
  useLocation,
  useMatches,
  useNavigate,
  useRouteError,
} from 'react-router';
import { ErrorFallback } from '#web/components/error-fallback.tsx';
import { Toasts } from '#web/components/ui/toasts.tsx';
import { PayPalDebugPanel, usePayPalDebugRequest } from '#web/features/billing/paypal-debug-panel.tsx';
import { SocialProofCard } from '#web/features/site/social-proof/social-proof-card.tsx';
import { withClaims } from '#web/lib/claims.ts';
import { isLoadingError, reportClientError } from '#web/lib/client-errors.ts';
import { type Navigation, NavigationProvider } from '#web/lib/navigation.tsx';
import { PageShell } from './page-shell.tsx';

type Meta = { title: string; description: string };

/** Keeps the document title and description in step with client-side navigation. */
function DocumentMeta() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => (m.handle as { meta?: Meta } | undefined)?.meta)?.handle as
    | { meta: Meta }
    | undefined;
  useEffect(() => {
    if (!meta) return;
    const { title, description } = withClaims(meta.meta);
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [meta]);
  return null;
}

/** The router's location and links for the pages and layout parts shared with the public site. */
function RouterNavigation({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const value = useMemo<Navigation>(
    () => ({ pathname, search, Link: RouterLink, navigate: (to) => void navigate(to) }),
    [pathname, search, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}

export function RootLayout() {
  const debugPayPal = usePayPalDebugRequest();
  return (
    <RouterNavigation>
      <PageShell after={<Toasts />}>
        <DocumentMeta />
        {debugPayPal ? <PayPalDebugPanel /> : <Outlet />}
        <SocialProofCard />
      </PageShell>
    </RouterNavigation>
  );
}

/** The router's error boundary: the top-level fallback for errors inside any page. */
export function RouteErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    reportClientError({
      kind: isLoadingError(error) ? 'loading' : 'render',
      message: error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000),
      stack: error instanceof Error ? error.stack?.slice(0, 8000) : undefined,
      path: location.pathname.slice(0, 2000),
    });
  }, [error, location.pathname]);
  return (
    // No toaster here: the fallback must render even when a provider is what failed.
    <RouterNavigation>
      <PageShell>
        <ErrorFallback error={error} onRetry={() => navigate(location, { replace: true })} />
      </PageShell>
    </RouterNavigation>
  );
}
