import { StaticHtml } from '#web/components/static-html.tsx';

/** Replaced by the server with a catalogue page's HTML (src/server/site/catalogue). */
export const CATALOGUE_SLOT = '<div data-catalogue-slot=""></div>';

/**
 * The public catalogue's frame (/library and a visitor's /automation/:id): the site's top bar and
 * footer around one <StaticHtml> the server fills per request. The browser keeps that HTML as sent
 * (components/static-html.tsx), so the pages work without JavaScript and hydrate only the frame.
 */
export function CatalogueFrame() {
  return (
    <StaticHtml>
      <div data-catalogue-slot="" />
    </StaticHtml>
  );
}
