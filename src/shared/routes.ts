// The one table of browser routes. The web router builds its routes from it, the build
// prerenders the `prerender` ones, and the server answers 200 only for paths that match it
// (everything else gets the prerendered 404 page with status 404).

export const ROUTES = {
  home: { path: '/', prerender: true },
  paymentFailed: { path: '/payment-failed', prerender: false },
  blog: { path: '/blog', prerender: true },
  blogPost: { path: '/blog/:slug', prerender: true },
  termsConditions: { path: '/terms-conditions', prerender: true },
  refundPolicy: { path: '/refund-policy', prerender: true },
  shippingPolicy: { path: '/shipping-policy', prerender: true },
  aboutUs: { path: '/about-us', prerender: true },
  docs: { path: '/docs', prerender: true },
  privacyPolicy: { path: '/privacy-policy', prerender: true },
  contactUs: { path: '/contact-us', prerender: true },
  newsletter: { path: '/newsletter', prerender: true },
  payment: { path: '/payment', prerender: false },
  paymentSuccess: { path: '/payment-success', prerender: false },
  auth: { path: '/auth', prerender: true },
  dashboard: { path: '/dashboard', prerender: false },
  adminPaymentRecovery: { operator: true, path: '/admin-payment-recovery', prerender: false },
  adminRecovery: { operator: true, path: '/admin-recovery', prerender: false },
  debugAuth: { operator: true, path: '/debug-auth', prerender: false },
  adminCatalog: { operator: true, path: '/admin/catalog', prerender: false },
  adminAudit: { operator: true, path: '/admin/audit', prerender: false },
  adminUsers: { operator: true, path: '/admin/users', prerender: false },
  adminInbox: { operator: true, path: '/admin/inbox', prerender: false },
  adminEditorial: { operator: true, path: '/admin/editorial', prerender: false },
  automation: { path: '/automation/:id', prerender: false },
  // Server-rendered on request (src/server/site/catalogue), public.
  library: { path: '/library', prerender: false },
} as const satisfies Record<string, { path: string; prerender: boolean; operator?: true }>;

export type RouteId = keyof typeof ROUTES;
type PathOf<R extends RouteId> = (typeof ROUTES)[R]['path'];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type RouteParams<R extends RouteId> = { [K in ParamNames<PathOf<R>>]: string };

/** Builds a URL for a route with its typed params, e.g. `hrefTo('automation', { id })`. */
export function hrefTo<R extends RouteId>(
  route: R,
  ...args: keyof RouteParams<R> extends never ? [] : [RouteParams<R>]
): string {
  const params = (args[0] ?? {}) as Record<string, string>;
  return ROUTES[route].path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

/** Path of the prerendered not-found page inside the built web root. */
export const NOT_FOUND_FILE = '404.html';
/** The client-rendered shell served for routes that are not prerendered. */
export const APP_SHELL_FILE = 'app.html';

/**
 * Written by the build: every prerendered concrete path (parameterised routes such as /blog/:slug
 * list each slug) and, per parameterised route, the page served with 404 for an unknown param.
 */
export const PRERENDER_MANIFEST_FILE = 'prerendered.json';
export type PrerenderManifest = { paths: string[]; fallbacks: Record<string, string> };

const trimSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
const patternFor = (path: string) => new RegExp(`^${path.replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)')}$`);

/** Operator pages answer 404 to everyone else, from the server, exactly like an unknown path. */
export function isOperatorRoute(id: RouteId): boolean {
  return 'operator' in ROUTES[id];
}

/** Returns the route id that serves `pathname`, or undefined for a not-found path. */
export function matchRoute(pathname: string): RouteId | undefined {
  const clean = trimSlash(pathname);
  for (const [id, route] of Object.entries(ROUTES) as [RouteId, (typeof ROUTES)[RouteId]][]) {
    if (patternFor(route.path).test(clean)) return id;
  }
  return undefined;
}

/** The decoded params of `pathname` for `route` (`/blog/a-post` → `{ slug: 'a-post' }`), or undefined. */
export function routeParams<R extends RouteId>(route: R, pathname: string): RouteParams<R> | undefined {
  const match = patternFor(ROUTES[route].path).exec(trimSlash(pathname));
  if (!match) return undefined;
  try {
    return Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
    ) as RouteParams<R>;
  } catch {
    return undefined; // a malformed %-escape is no valid param
  }
}

/** File name of a prerendered route inside the built web root ('/' → 'index.html', '/blog' → 'blog/index.html'). */
export function prerenderFileFor(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.replace(/^\/+|\/+$/g, '')}/index.html`;
}
