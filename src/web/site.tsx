// The browser entry of the public site (site-pages.tsx): it hydrates the one prerendered page this
// document holds. No router, query cache or toast library: its JavaScript budget is 100 KB gzipped.
import './app.css';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { readStaticHtml } from '#web/components/static-html.tsx';
import { installGlobalErrorFilter } from '#web/lib/client-errors.ts';
import { SiteApp } from '#web/site-app.tsx';
import { CATALOGUE_PAGE, loadSitePage, NOT_FOUND_PAGE, sitePageFor } from '#web/site-pages.tsx';

installGlobalErrorFilter(window);

const { pathname, search } = window.location;
const root = document.getElementById('root')!;
// The server sends an app path the app's document, so a site document's path is always a site page,
// or the catalogue frame the server filled (/library, a visitor's /automation/:id).
const page = root.dataset.page === 'catalogue' ? CATALOGUE_PAGE : (sitePageFor(pathname) ?? NOT_FOUND_PAGE);
// No preparePage here: what a page loads before it renders (a post's body) sits in its <StaticHtml>
// parts, which the browser keeps as prerendered (components/static-html.tsx).
const { Component: Page } = await loadSitePage(page);
const keptHtml = readStaticHtml(root);

// Paint the prerendered page first, then hydrate as a transition, which yields to the browser every few
// milliseconds instead of holding the main thread for the whole page (decision 0001).
await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
startTransition(() => {
  hydrateRoot(root, <SiteApp page={page} Page={Page} location={{ pathname, search }} keptHtml={keptHtml} />);
});
