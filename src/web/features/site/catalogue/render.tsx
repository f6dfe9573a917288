import { renderToStaticMarkup } from 'react-dom/server';
import type { LibraryView, PageRenderer, TemplateView } from '#shared/site/page-render.ts';
import { LibraryPage, libraryHead } from './library-page.tsx';
import { TemplatePage, templateHead } from './template-page.tsx';

// The SSR entry's request-time half (re-exported by src/web/entry-server.tsx): the public catalogue's
// bodies, rendered by the server per request into the prerendered catalogue frame (catalogue-frame.tsx),
// where the browser keeps them as sent (no hydration, no script). Static markup: nothing hydrates it.

export const renderLibrary: PageRenderer['renderLibrary'] = (view: LibraryView, baseUrl: string) => ({
  head: libraryHead(view, baseUrl),
  body: renderToStaticMarkup(<LibraryPage view={view} />),
});

export const renderTemplate: PageRenderer['renderTemplate'] = (view: TemplateView, baseUrl: string) => ({
  head: templateHead(view, baseUrl),
  body: renderToStaticMarkup(<TemplatePage view={view} />),
});
