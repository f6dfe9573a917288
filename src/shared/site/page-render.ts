import type { LibraryQuery } from '#shared/catalog/library-query.ts';
import type { CanvasModel } from '#shared/schemas/canvas.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';

// The contract between the page server (src/server/site/pages.ts) and the SSR entry's request-time half
// (src/web/entry-server.tsx → features/site/catalogue/render.tsx): the server loads the data and serves
// the page; React draws the body; the head's tags are written by the server from `HeadMeta`.

/**
 * What a page says about itself in <head>: title, description, canonical, share image, JSON-LD. The
 * page server writes the tags (src/server/site/pages.ts `headTags`), for pages rendered on request and
 * for the build's prerendered ones.
 */
export type HeadMeta = {
  title: string;
  description: string;
  /** Canonical URL (also og:url); a page without one is not indexed (404, the app shell). */
  url?: string;
  /** Share image (1200×630 PNG) and its text alternative. */
  image?: string;
  imageAlt?: string;
  noindex?: boolean;
  jsonLd?: unknown;
  /** Tags the build writes itself (a post's article tags, its own og:type and image among them). */
  extra?: string;
};

export type RenderedPage = { head: HeadMeta; body: string };

/** One /library view: the query and what the search index found for it. */
export type LibraryView = {
  query: LibraryQuery;
  total: number;
  cards: AutomationCard[];
  chipCounts: Record<string, number>;
  integrationCounts: { name: string; count: number }[];
  didYouMean: string | null;
};

/**
 * What a visitor's template page is made of: enough to judge the template and never the workflow JSON,
 * node parameters or sticky-note text (the card, the generated steps, credential names and the
 * paywall-safe canvas model built with `member: false`).
 */
export type TemplateView = {
  card: AutomationCard;
  /** Generated steps (decision 0012), one per line. */
  howItWorks: string;
  /** The summary is the author's statement of purpose (decision 0022), marked as theirs. */
  summaryByAuthor: boolean;
  credentials: { name: string }[];
  /** Why readiness blocks it (decision 0023), empty when it deploys: the page must not promise it. */
  blockers: string[];
  canvas: CanvasModel;
  /** The first few variants; `variantCount` counts them all. */
  variants: AutomationCard[];
  variantCount: number;
  related: AutomationCard[];
};

/** The request-time renderers of the SSR entry. */
export type PageRenderer = {
  renderLibrary(view: LibraryView, baseUrl: string): RenderedPage;
  renderTemplate(view: TemplateView, baseUrl: string): RenderedPage;
};
