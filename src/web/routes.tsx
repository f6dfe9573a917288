import { type ComponentType, useEffect } from 'react';
import type { LoaderFunction, RouteObject } from 'react-router';
import { ROUTES, type RouteId } from '#shared/routes.ts';
import { RootLayout, RouteErrorFallback } from '#web/layout/root-layout.tsx';
import { NotFoundPage } from '#web/pages/not-found.tsx';
import {
  loadSitePage,
  NOT_FOUND_PAGE,
  type PageMeta,
  SITE_PAGES,
  type SiteRouteId,
} from '#web/site-pages.tsx';

/** A page the server renders (the public library): reached in place, it is loaded as a document. */
function ServerPage() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

/** Each page is its own chunk; main.tsx loads it before hydrating a prerendered page. */
type Page = {
  meta: PageMeta;
  lazy: () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;
};

/** The public pages, rendered here when a member navigates to them in place (site.tsx loads them otherwise). */
const sitePages = Object.fromEntries(
  Object.entries(SITE_PAGES).map(([id, page]) => [
    id,
    {
      meta: page.meta,
      lazy: async () => {
        const { Component, prepare } = await loadSitePage(page);
        if (!prepare) return { Component };
        return {
          Component,
          loader: ({ request }) => prepare(new URL(request.url).pathname).then(() => null),
        };
      },
    } satisfies Page,
  ]),
) as Record<SiteRouteId, Page>;

/** Every route id in src/shared/routes.ts has its page and its title here (a test checks both ways). */
export const PAGES: Record<RouteId, Page> = {
  ...sitePages,
  payment: {
    // Its own chunk: the landing page does not download it.
    lazy: () => import('#web/pages/payment.tsx').then((m) => ({ Component: m.PaymentPage })),
    meta: {
      title: 'Get lifetime access | Flowvault',
      description:
        'Pay once through PayPal for lifetime access to the Flowvault n8n workflow library. No recurring fees.',
    },
  },
  paymentSuccess: {
    // Its own chunk: the landing page does not download it.
    lazy: () => import('#web/pages/payment-success.tsx').then((m) => ({ Component: m.PaymentSuccessPage })),
    meta: {
      title: 'Confirming your payment | Flowvault',
      description: 'Flowvault is confirming your PayPal payment and activating your lifetime access.',
    },
  },
  paymentFailed: {
    // Its own chunk: the landing page does not download it.
    lazy: () => import('#web/pages/payment-failed.tsx').then((m) => ({ Component: m.PaymentFailedPage })),
    meta: {
      title: 'Payment failed | Flowvault',
      description:
        'Your payment could not be processed. No charges were made; you can try again or contact support.',
    },
  },
  auth: {
    // Its own chunk: the landing page does not download it.
    lazy: () => import('#web/pages/auth.tsx').then((m) => ({ Component: m.AuthPage })),
    meta: {
      title: 'Sign in or create your account | Flowvault',
      description:
        'Sign in to Flowvault or create an account, then pay once for lifetime access to the n8n workflow library.',
    },
  },
  dashboard: {
    // Its own chunk: the landing page does not download it.
    lazy: () => import('#web/pages/dashboard.tsx').then((m) => ({ Component: m.DashboardPage })),
    meta: {
      title: 'Dashboard | Flowvault',
      description:
        'Your Flowvault dashboard: the n8n workflow library, your collections and your account settings.',
    },
  },
  adminPaymentRecovery: {
    lazy: () =>
      import('#web/features/admin/payment-recovery-page.tsx').then((m) => ({
        Component: m.PaymentRecoveryPage,
      })),
    meta: {
      title: 'Payment recovery | Flowvault operators',
      description: 'Pending PayPal payments and their recovery, for Flowvault operators.',
    },
  },
  adminRecovery: {
    lazy: () => import('#web/features/admin/recovery-page.tsx').then((m) => ({ Component: m.RecoveryPage })),
    meta: {
      title: 'Payment health and recovery | Flowvault operators',
      description: 'The payment health monitor, reconciliation and repairs, for Flowvault operators.',
    },
  },
  debugAuth: {
    lazy: () =>
      import('#web/features/admin/debug-auth-page.tsx').then((m) => ({ Component: m.DebugAuthPage })),
    meta: {
      title: 'Auth diagnostics | Flowvault operators',
      description: 'Password resets and sessions of Flowvault accounts, for operators.',
    },
  },
  adminCatalog: {
    lazy: () =>
      import('#web/features/admin/catalog-page.tsx').then((m) => ({ Component: m.CatalogAdminPage })),
    meta: {
      title: 'Catalogue | Flowvault operators',
      description: 'Import, edit and publish the Flowvault workflow catalogue, for operators.',
    },
  },
  adminUsers: {
    lazy: () => import('#web/features/admin/users-page.tsx').then((m) => ({ Component: m.UsersPage })),
    meta: {
      title: 'Users | Flowvault operators',
      description: 'Find accounts, change roles, ban, grant or revoke access and refund, for operators.',
    },
  },
  adminEditorial: {
    lazy: () =>
      import('#web/features/admin/editorial-page.tsx').then((m) => ({ Component: m.EditorialPage })),
    meta: {
      title: 'Editorial queue | Flowvault operators',
      description: 'Review generated titles and summaries and flagged templates, for operators.',
    },
  },
  adminInbox: {
    lazy: () => import('#web/features/admin/inbox-page.tsx').then((m) => ({ Component: m.InboxPage })),
    meta: {
      title: 'Inbox | Flowvault operators',
      description: 'Contact messages, newsletter subscribers and the mail outbox, for operators.',
    },
  },
  adminAudit: {
    lazy: () => import('#web/features/admin/audit-page.tsx').then((m) => ({ Component: m.AuditPage })),
    meta: {
      title: 'Audit log | Flowvault operators',
      description: 'Every operator action: who, what, when, target and reason.',
    },
  },
  library: {
    // Rendered by the server per request: an in-app link loads it as a document.
    lazy: async () => ({ Component: ServerPage }),
    meta: {
      title: 'n8n workflow template library | Flowvault',
      description: 'Browse and search every n8n workflow template in the Flowvault library.',
    },
  },
  automation: {
    // Client-rendered; its own chunk keeps the dashboard's first load small.
    lazy: () => import('#web/pages/automation.tsx').then((m) => ({ Component: m.AutomationPage })),
    meta: {
      title: 'Automation | Flowvault',
      description:
        'An n8n workflow template from the Flowvault library: what it does, how it works, its nodes and how to deploy it.',
    },
  },
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorFallback,
    children: [
      ...(Object.keys(PAGES) as RouteId[]).map((id) => ({
        id,
        path: ROUTES[id].path,
        lazy: PAGES[id].lazy,
        handle: { meta: PAGES[id].meta },
      })),
      { id: 'not-found', path: '*', Component: NotFoundPage, handle: { meta: NOT_FOUND_PAGE.meta } },
    ],
  },
];
