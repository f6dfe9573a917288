import type { ReactNode } from 'react';
import { StaticHtml } from '#web/components/static-html.tsx';
import { useNavigation } from '#web/lib/navigation.tsx';
import { SiteFooter } from './site-footer.tsx';
import { TopBar } from './top-bar.tsx';

/** Pages whose own header replaces the site's top bar (one header per page). */
const OWN_HEADER = new Set(['/dashboard']);

/** Skip link, top bar, the page, footer: the frame of every page in the app and on the public site. */
export function PageShell({ children, after }: { children: ReactNode; after?: ReactNode }) {
  const { pathname } = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        Skip to content
      </a>
      {!OWN_HEADER.has(pathname.replace(/\/+$/, '')) && <TopBar />}
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
