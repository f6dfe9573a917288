// The browser entry of the app: sign-in, payment, dashboard and operator pages (public pages have
// their own entry, site.tsx, when opened as documents).
import '#web/lib/zod-jitless.ts';
import './app.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '#web/app-providers.tsx';
import { AppErrorBoundary } from '#web/components/app-error-boundary.tsx';
import { HydratedMark } from '#web/components/hydrated-mark.tsx';
import { installGlobalErrorFilter } from '#web/lib/client-errors.ts';
import { createQueryClient } from '#web/lib/query-client.ts';
import { routes } from '#web/routes.tsx';

installGlobalErrorFilter(window);

// A prerendered page whose route is lazily loaded must have its code before hydrating, or the
// first render would not match the HTML.
await Promise.all(
  (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
    if (typeof route.lazy !== 'function') return;
    Object.assign(route, { ...(await route.lazy()), lazy: undefined });
  }),
);

const router = createBrowserRouter(routes);

const app = (
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
        <HydratedMark />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>
);

const root = document.getElementById('root')!;
// Prerendered pages hydrate; the client-rendered shell ('Loading application...') is replaced. Pages
// are prerendered without a query string, so one opened with ?… (say /auth?mode=reset) may render
// differently: it is rendered afresh instead of hydrated against HTML that does not match it.
if (root.dataset.shell === 'app' || window.location.search !== '') createRoot(root).render(app);
// The prerendered page is painted first (the next frame), then hydrated: on a slow phone the text no
// longer waits behind hydration. As a transition, hydration yields to the browser every few
// milliseconds instead of holding the main thread for the whole page (one long task).
else {
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  startTransition(() => void hydrateRoot(root, app));
}
