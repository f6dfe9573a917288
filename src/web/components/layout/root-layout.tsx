import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigate, useRouteError } from 'react-router';
import { Toaster } from 'sonner';
import { ErrorFallback } from '#web/components/error-fallback.tsx';
import { PayPalDebugPanel, usePayPalDebugRequest } from '#web/features/billing/paypal-debug-panel.tsx';
import { SocialProofCard } from '#web/features/site/social-proof/social-proof-card.tsx';
import { isLoadingError, reportClientError } from '#web/lib/client-errors.ts';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

type Meta = { title: string; description: string };

/** Keeps the document title and description in step with client-side navigation. */
function DocumentMeta() {
  const matches = useMatches();
  const meta = [...matches].reverse().find((m) => (m.handle as { meta?: Meta } | undefined)?.meta)?.handle as
    | { meta: Meta }
    | undefined;
  useEffect(() => {
    if (!meta) return;
    document.title = meta.meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.meta.description);
  }, [meta]);
  return null;
}

function Shell({ children, toasts = true }: { children: React.ReactNode; toasts?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      <TopBar />
      <div id="content" className="flex-1">
        {children}
      </div>
      <SiteFooter />
      {toasts && (
        <Toaster
          position="bottom-right"
          closeButton
          theme="system"
          duration={5000}
          containerAriaLabel="Notifications"
        />
      )}
    </div>
  );
}

export function RootLayout() {
  const debugPayPal = usePayPalDebugRequest();
  return (
    <Shell>
      <DocumentMeta />
      {debugPayPal ? <PayPalDebugPanel /> : <Outlet />}
      <SocialProofCard />
    </Shell>
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
    <Shell toasts={false}>
      <ErrorFallback error={error} onRetry={() => navigate(location, { replace: true })} />
    </Shell>
  );
}
