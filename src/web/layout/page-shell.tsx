import type { ReactNode } from 'react';
import { isOperatorRoute, matchRoute } from '#shared/routes.ts';
import { StaticHtml } from '#web/components/static-html.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { useNavigation } from '#web/lib/navigation.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/** Pages whose own header replaces the site's top bar (one header per page). */
const OWN_HEADER = new Set(['/dashboard']);

/** Skip link, top bar, the page, footer: the frame of every page in the app and on the public site. */
export function PageShell({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const { pathname } = useNavigation();
  const { user } = useAuth();
  const path = pathname.replace(/\/+$/, '');
  const route = matchRoute(path);
  // The operator console has its own header (AdminShell), not the marketing top bar (issue 43); anyone
  // else on those paths gets the site's 404 page, with the top bar.
  const inConsole = route !== undefined && isOperatorRoute(route) && user?.role === 'admin';
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      {!OWN_HEADER.has(path) && !inConsole && <TopBar />}
      <div id="content" className="flex-1">
        {children}
      </div>
      <StaticHtml>
        <SiteFooter />
      </StaticHtml>
      {after}
    </div>
  );
}
