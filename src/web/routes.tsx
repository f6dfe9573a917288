import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteId } from '#shared/routes.ts';
import { RootLayout, RouteErrorFallback } from '#web/components/layout/root-layout.tsx';
import { HomePage } from '#web/pages/home.tsx';
import { NotFoundPage } from '#web/pages/not-found.tsx';

export type PageMeta = { title: string; description: string };

type Page = { meta: PageMeta } & (
  | { Component: ComponentType; lazy?: never }
  /** Split into its own chunk; main.tsx loads it before hydrating a prerendered page. */
  | { Component?: never; lazy: () => Promise<{ Component: ComponentType }> }
);

const staticPage = (id: string) => () =>
  import('#web/features/site/static/static-page.tsx').then((m) => ({ Component: m.staticPageFor(id) }));

/** Every route id in src/shared/routes.ts has its page and its title here (a test checks both ways). */
export const PAGES: Record<RouteId, Page> = {
  home: {
    Component: HomePage,
    meta: {
      title: 'Flowvault: ready-made n8n workflow templates, lifetime access',
      description:
        'A library of ready-made n8n workflow templates you can preview, download and deploy to your own n8n instance. One payment, lifetime access.',
    },
  },
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
  blog: {
    lazy: () =>
      import('#web/features/site/blog/blog-list-page.tsx').then((m) => ({ Component: m.BlogListPage })),
    meta: {
      title: 'Blog: n8n automation guides, use cases and case studies | Flowvault',
      description:
        'Step-by-step n8n tutorials, use cases, best practices and case studies for automation builders, from the Flowvault team.',
    },
  },
  blogPost: {
    lazy: () =>
      import('#web/features/site/blog/blog-post-page.tsx').then((m) => ({ Component: m.BlogPostPage })),
    // Each post's own title, description and tags are written by the build (scripts/build.ts).
    meta: {
      title: 'Post Not Found | Flowvault blog',
      description: 'This article does not exist. Browse every n8n automation guide on the Flowvault blog.',
    },
  },
  termsConditions: {
    lazy: staticPage('terms-conditions'),
    meta: {
      title: 'Terms & Conditions | Flowvault',
      description:
        'The terms that apply when you use Flowvault, the library of ready-made n8n workflow templates, and buy lifetime access.',
    },
  },
  refundPolicy: {
    lazy: staticPage('refund-policy'),
    meta: {
      title: 'Refund Policy | Flowvault',
      description:
        'How refunds work at Flowvault: a 30-day money-back guarantee on lifetime access, how to ask, and how long each payment method takes.',
    },
  },
  shippingPolicy: {
    lazy: staticPage('shipping-policy'),
    meta: {
      title: 'Shipping Policy | Flowvault',
      description:
        'Flowvault is a digital, cloud-based service: nothing is shipped. How and when your access is delivered after payment.',
    },
  },
  aboutUs: {
    lazy: staticPage('about-us'),
    meta: {
      title: 'About Us | Flowvault',
      description:
        'Flowvault curates ready-made n8n workflow templates so builders and businesses can automate faster. Who we are and how we work.',
    },
  },
  privacyPolicy: {
    lazy: staticPage('privacy-policy'),
    meta: {
      title: 'Privacy Policy | Flowvault',
      description:
        'What personal data Flowvault collects, why, how long we keep it, and the rights you have over it.',
    },
  },
  contactUs: {
    lazy: staticPage('contact-us'),
    meta: {
      title: 'Contact Us | Flowvault',
      description:
        'Contact Flowvault support by email, phone or the contact form. Business hours, response times and how to reach us.',
    },
  },
  newsletter: {
    lazy: () =>
      import('#web/features/site/newsletter/newsletter-page.tsx').then((m) => ({
        Component: m.NewsletterPage,
      })),
    meta: {
      title: 'Newsletter subscription | Flowvault',
      description:
        'Confirm or cancel your subscription to the Flowvault newsletter: automation insights and new n8n workflow templates.',
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

export const NOT_FOUND_META: PageMeta = {
  title: 'Page not found | Flowvault',
  description: 'This page does not exist. Return to the Flowvault home page.',
};

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorFallback,
    children: [
      ...(Object.keys(PAGES) as RouteId[]).map((id) => ({
        id,
        path: ROUTES[id].path,
        ...(PAGES[id].lazy ? { lazy: PAGES[id].lazy } : { Component: PAGES[id].Component }),
        handle: { meta: PAGES[id].meta },
      })),
      { id: 'not-found', path: '*', Component: NotFoundPage, handle: { meta: NOT_FOUND_META } },
    ],
  },
];
