import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteId } from '#shared/routes.ts';
import { RootLayout, RouteErrorFallback } from '#web/components/layout/root-layout.tsx';
import { AuthPage } from '#web/pages/auth.tsx';
import { DashboardPage } from '#web/pages/dashboard.tsx';
import { HomePage } from '#web/pages/home.tsx';
import { NotFoundPage } from '#web/pages/not-found.tsx';
import { PaymentPage } from '#web/pages/payment.tsx';
import { PaymentFailedPage } from '#web/pages/payment-failed.tsx';
import { PaymentSuccessPage } from '#web/pages/payment-success.tsx';

export type PageMeta = { title: string; description: string };

/** Every route id in src/shared/routes.ts has its page and its title here (a test checks both ways). */
export const PAGES: Record<RouteId, { Component: ComponentType; meta: PageMeta }> = {
  home: {
    Component: HomePage,
    meta: {
      title: 'Flowvault: ready-made n8n workflow templates, lifetime access',
      description:
        'A library of ready-made n8n workflow templates you can preview, download and deploy to your own n8n instance. One payment, lifetime access.',
    },
  },
  payment: {
    Component: PaymentPage,
    meta: {
      title: 'Get lifetime access | Flowvault',
      description:
        'Pay once through PayPal for lifetime access to the Flowvault n8n workflow library. No recurring fees.',
    },
  },
  paymentSuccess: {
    Component: PaymentSuccessPage,
    meta: {
      title: 'Confirming your payment | Flowvault',
      description: 'Flowvault is confirming your PayPal payment and activating your lifetime access.',
    },
  },
  paymentFailed: {
    Component: PaymentFailedPage,
    meta: {
      title: 'Payment failed | Flowvault',
      description:
        'Your payment could not be processed. No charges were made; you can try again or contact support.',
    },
  },
  auth: {
    Component: AuthPage,
    meta: {
      title: 'Sign in or create your account | Flowvault',
      description:
        'Sign in to Flowvault or create an account, then pay once for lifetime access to the n8n workflow library.',
    },
  },
  dashboard: {
    Component: DashboardPage,
    meta: {
      title: 'Dashboard | Flowvault',
      description:
        'Your Flowvault dashboard: the n8n workflow library, your collections and your account settings.',
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
        Component: PAGES[id].Component,
        handle: { meta: PAGES[id].meta },
      })),
      { id: 'not-found', path: '*', Component: NotFoundPage, handle: { meta: NOT_FOUND_META } },
    ],
  },
];
