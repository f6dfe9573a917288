import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteId } from '#shared/routes.ts';
import { RootLayout, RouteErrorFallback } from '#web/components/layout/root-layout.tsx';
import { HomePage } from '#web/pages/home.tsx';
import { NotFoundPage } from '#web/pages/not-found.tsx';
import { PaymentFailedPage } from '#web/pages/payment-failed.tsx';

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
  paymentFailed: {
    Component: PaymentFailedPage,
    meta: {
      title: 'Payment failed | Flowvault',
      description:
        'Your payment could not be processed. No charges were made; you can try again or contact support.',
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
