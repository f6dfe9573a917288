import type { ComponentType } from 'react';
import { matchRoute, type RouteId } from '#shared/routes.ts';

// The public site: the pages a visitor reads before signing in. They are prerendered, and their
// documents load the small site entry (site.tsx) instead of the app (main.tsx): no router, no query
// cache, no toasts unless the page asks for them. The app's router (routes.tsx) renders the same pages
// when a member navigates to them in place.

export type PageMeta = { title: string; description: string };

// Each page's module, by its path under src/web. The same path keys the page's chunk in Vite's build
// manifest, so the build can preload that chunk with the page's HTML (scripts/build.ts).
const MODULES = import.meta.glob<PageModule>([
  './pages/home.tsx',
  './pages/not-found.tsx',
  './features/site/blog/blog-list-page.tsx',
  './features/site/blog/blog-post-page.tsx',
  './features/site/static/static-page.tsx',
  './features/site/static/contact-page.tsx',
  './features/site/newsletter/newsletter-page.tsx',
  './features/site/catalogue/catalogue-frame.tsx',
]);

/** A page module exports its component and, when the page needs data before it renders, preparePage. */
type PageModule = Record<string, unknown> & { preparePage?: (pathname: string) => Promise<void> };

export type LoadedPage = { Component: ComponentType; prepare?: (pathname: string) => Promise<void> };

export type SitePage = {
  meta: PageMeta;
  /** Module under src/web and the name of the component it exports. */
  module: string;
  component: string;
  /** Mounts the toast area (only the contact form shows toasts). */
  toasts?: boolean;
};

const STATIC = 'features/site/static/static-page.tsx';

export const SITE_PAGES = {
  home: {
    module: 'pages/home.tsx',
    component: 'HomePage',
    meta: {
      title: 'Flowvault: ready-made n8n workflow templates, lifetime access',
      description:
        'A library of {{workflowCount}} ready-made n8n workflow templates you can preview, download and deploy to your own n8n instance. One payment, lifetime access.',
    },
  },
  blog: {
    module: 'features/site/blog/blog-list-page.tsx',
    component: 'BlogListPage',
    meta: {
      title: 'Blog: n8n automation guides, use cases and case studies | Flowvault',
      description:
        'Step-by-step n8n tutorials, use cases, best practices and case studies for automation builders, from the Flowvault team.',
    },
  },
  blogPost: {
    module: 'features/site/blog/blog-post-page.tsx',
    component: 'BlogPostPage',
    // Each post's own title, description and tags are written by the build (scripts/build.ts).
    meta: {
      title: 'Post Not Found | Flowvault blog',
      description: 'This article does not exist. Browse every n8n automation guide on the Flowvault blog.',
    },
  },
  termsConditions: {
    module: STATIC,
    component: 'TermsConditionsPage',
    meta: {
      title: 'Terms & Conditions | Flowvault',
      description:
        'The terms that apply when you use Flowvault, the library of ready-made n8n workflow templates, and buy lifetime access.',
    },
  },
  refundPolicy: {
    module: STATIC,
    component: 'RefundPolicyPage',
    meta: {
      title: 'Refund Policy | Flowvault',
      description:
        'How refunds work at Flowvault: a 30-day money-back guarantee on lifetime access, how to ask, and how long each payment method takes.',
    },
  },
  shippingPolicy: {
    module: STATIC,
    component: 'ShippingPolicyPage',
    meta: {
      title: 'Shipping Policy | Flowvault',
      description:
        'Flowvault is a digital, cloud-based service: nothing is shipped. How and when your access is delivered after you pay through PayPal.',
    },
  },
  aboutUs: {
    module: STATIC,
    component: 'AboutUsPage',
    meta: {
      title: 'About Us | Flowvault',
      description:
        'Flowvault curates ready-made n8n workflow templates so builders and businesses can automate faster. Who we are and how we work.',
    },
  },
  docs: {
    module: STATIC,
    component: 'DocsPage',
    meta: {
      title: 'Docs | Flowvault',
      description:
        'How to use Flowvault: find a template, copy or download it into n8n, connect your own n8n instance and deploy in one click, and what to do when something does not work.',
    },
  },
  privacyPolicy: {
    module: STATIC,
    component: 'PrivacyPolicyPage',
    meta: {
      title: 'Privacy Policy | Flowvault',
      description:
        'What personal data Flowvault collects, why, how long we keep it, and the rights you have over it.',
    },
  },
  contactUs: {
    module: 'features/site/static/contact-page.tsx',
    component: 'ContactUsPage',
    toasts: true,
    meta: {
      title: 'Contact Us | Flowvault',
      description:
        'Contact Flowvault support by email, phone or the contact form. Business hours, response times and how to reach us.',
    },
  },
  newsletter: {
    module: 'features/site/newsletter/newsletter-page.tsx',
    component: 'NewsletterPage',
    meta: {
      title: 'Newsletter subscription | Flowvault',
      description:
        'Confirm or cancel your subscription to the Flowvault newsletter: automation insights and new n8n workflow templates.',
    },
  },
} as const satisfies Partial<Record<RouteId, SitePage>>;

export type SiteRouteId = keyof typeof SITE_PAGES;

/** The page for a path the site does not have (served with status 404). */
export const NOT_FOUND_PAGE: SitePage = {
  module: 'pages/not-found.tsx',
  component: 'NotFoundPage',
  meta: {
    title: 'Page not found | Flowvault',
    description: 'This page does not exist. Return to the Flowvault home page.',
  },
};

/**
 * The frame of the public catalogue pages (/library, a visitor's /automation/:id): built once, filled
 * by the server per request; the document says so with `data-page="catalogue"` on #root.
 */
export const CATALOGUE_PAGE: SitePage = {
  module: 'features/site/catalogue/catalogue-frame.tsx',
  component: 'CatalogueFrame',
  meta: { title: 'Flowvault library', description: 'The Flowvault library of n8n workflow templates.' },
};

export function isSiteRoute(id: RouteId | undefined): id is SiteRouteId {
  return id !== undefined && id in SITE_PAGES;
}

/** The public page that serves `pathname`, or undefined when the app serves it. */
export function sitePageFor(pathname: string): SitePage | undefined {
  const id = matchRoute(pathname);
  if (id === undefined) return NOT_FOUND_PAGE;
  return isSiteRoute(id) ? SITE_PAGES[id] : undefined;
}

/** Loads a page's module: its component, and what must run before it renders a given path. */
export async function loadSitePage(page: SitePage): Promise<LoadedPage> {
  const load = MODULES[`./${page.module}`];
  if (!load) throw new Error(`${page.module} is not among the site's page modules`);
  const module = await load();
  const Component = module[page.component];
  if (typeof Component !== 'function') throw new Error(`${page.module} exports no ${page.component}`);
  return { Component: Component as ComponentType, prepare: module.preparePage };
}
