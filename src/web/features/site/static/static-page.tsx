import pages from 'virtual:flowvault/legal';
import type { ReactNode } from 'react';
import { StaticHtml } from '#web/components/static-html.tsx';

/** A page of content/pages (legal pages, About Us, Contact Us), with what follows its text. */
export function StaticPage({ id, children }: { id: string; children?: ReactNode }) {
  const page = pages[id];
  if (!page) throw new Error(`No static page "${id}" in content/pages`);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <StaticHtml>
        <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
        {page.lastUpdated && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            {page.version && `Version ${page.version} · `}Last updated {page.lastUpdated}
          </p>
        )}
        <div
          className="fv-prose mt-6"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, compiled at build time
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </StaticHtml>
      {children}
    </main>
  );
}

// One stable component per page, so each route keeps its page across renders.
export const TermsConditionsPage = () => <StaticPage id="terms-conditions" />;
export const RefundPolicyPage = () => <StaticPage id="refund-policy" />;
export const ShippingPolicyPage = () => <StaticPage id="shipping-policy" />;
export const AboutUsPage = () => <StaticPage id="about-us" />;
export const DocsPage = () => <StaticPage id="docs" />;
export const PrivacyPolicyPage = () => <StaticPage id="privacy-policy" />;
