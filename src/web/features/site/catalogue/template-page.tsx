import type { ReactNode } from 'react';
import { readinessOf } from '#shared/catalog/constants.ts';
import { nextPathAfterBuying } from '#shared/next-path.ts';
import { centsToDecimal, PLANS, planOffer } from '#shared/plans.ts';
import type { HeadMeta, TemplateView } from '#shared/site/page-render.ts';
import { AppIcon } from '#web/components/integration-icon.tsx';
import { automationPath, CardGrid } from '#web/components/template-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { plural } from '#web/features/automation/detail-parts.tsx';
import { StaticCanvas } from '#web/features/automation/static-canvas.tsx';

// A visitor's /automation/:id, rendered by the server per request: enough to judge the template
// (summary, generated steps, apps, the credentials it needs, its canvas shape, variants, related
// templates) and the offer. Its data is the paywall-safe `TemplateView` and nothing else.

/** Register, pay, then back on this template (src/shared/next-path.ts validates each hop). */
const offerHref = (id: string) =>
  `/auth?mode=register&next=${encodeURIComponent(nextPathAfterBuying(automationPath(id)))}`;
const signInHref = (id: string) => `/auth?next=${encodeURIComponent(automationPath(id))}`;

const SECTION = 'mt-10';
const H2 = 'text-xl font-semibold';
const MUTED = 'text-slate-600 dark:text-slate-400';
const CHIP = 'rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800';
const offerFigures = planOffer();

/** A meta description: the text cut at a word before 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[\s,.;:]+$/, '')}…`;
}

export function templateHead(view: TemplateView, baseUrl: string): HeadMeta {
  const { card } = view;
  const url = `${baseUrl}${automationPath(card.id)}`;
  const description = metaDescription(card.summary || `${card.title}: an n8n workflow template.`);
  const image = `${baseUrl}/og/automation/${encodeURIComponent(card.id)}.png`;
  return {
    title: `${card.title} | n8n workflow template | Flowvault`,
    description,
    url,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: card.title,
        description,
        url,
        image,
        category: card.category,
        brand: { '@type': 'Brand', name: 'Flowvault' },
        offers: {
          '@type': 'Offer',
          price: centsToDecimal(PLANS.lifetime.amountCents),
          priceCurrency: PLANS.lifetime.currency,
          availability: 'https://schema.org/InStock',
          url,
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Library', item: `${baseUrl}/library` },
          { '@type': 'ListItem', position: 2, name: card.title, item: url },
        ],
      },
    ],
  };
}

function Section({
  id,
  title,
  className = SECTION,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={H2}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Offer({ id, blocked }: { id: string; blocked: boolean }) {
  return (
    <aside
      aria-labelledby="offer-title"
      className={cardClass({ tone: 'brand', padding: 'xl', radius: '2xl' })}
    >
      <h2 id="offer-title" className="text-lg font-semibold">
        Use this template in your n8n
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {blocked
          ? 'Lifetime access unlocks the workflow file, its setup steps, copy, download and one-click deploy to your own n8n for every deployable template in the library. This one is not deployable as it is: members see its every setting, but cannot copy, download or deploy it.'
          : 'Lifetime access unlocks the workflow file, its setup steps, copy, download and one-click deploy to your own n8n, for this and every other template in the library.'}
      </p>
      <p className="mt-4">
        <span className="text-3xl font-bold">{offerFigures.price}</span>{' '}
        <span className={`text-sm ${MUTED}`}>one payment, no subscription</span>
      </p>
      <Button asChild size="lg" className="mt-4 w-full">
        <a href={offerHref(id)}>Get lifetime access</a>
      </Button>
      <p className={`mt-3 text-center text-sm ${MUTED}`}>
        Already a member?{' '}
        <a className="font-medium text-brand-700 underline dark:text-brand-100" href={signInHref(id)}>
          Sign in
        </a>
      </p>
    </aside>
  );
}

export function TemplatePage({ view }: { view: TemplateView }) {
  const { card, credentials, variants, variantCount, related } = view;
  const steps = view.howItWorks
    .split('\n')
    .map((s) => s.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').trim())
    .filter(Boolean);
  const showsCanvas = view.canvas.nodes.some((n) => n.kind !== 'sticky');
  const readiness = readinessOf(card);
  const blocked = readiness === 'blocked';
  const crumb = 'underline hover:text-slate-900 dark:hover:text-white';
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className={`text-sm ${MUTED}`}>
        <a className={crumb} href="/library">
          Library
        </a>{' '}
        <span aria-hidden="true">›</span>{' '}
        <a className={crumb} href={`/library?q=${encodeURIComponent(card.category)}`}>
          {card.category}
        </a>
      </nav>
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{card.title}</h1>
          {view.summaryByAuthor ? (
            <figure className="mt-4">
              <blockquote className="border-l-4 border-brand-300 pl-3 text-lg text-slate-700 dark:text-slate-300">
                {card.summary}
              </blockquote>
              <figcaption className={`mt-1 text-sm ${MUTED}`}>In the author's words</figcaption>
            </figure>
          ) : (
            <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">{card.summary}</p>
          )}
          <ul className="mt-5 flex flex-wrap gap-2 text-sm" aria-label="Facts">
            <li className="rounded-full bg-brand-50 px-3 py-1 text-brand-700 dark:bg-slate-800 dark:text-brand-100">
              {card.category}
            </li>
            <li className={CHIP}>{card.difficulty}</li>
            {readiness === 'guide' ? (
              <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                Guide: no workflow file, it links to where the template is published
              </li>
            ) : (
              <li className={CHIP}>{plural(card.nodeCount, 'node')}</li>
            )}
            {readiness === 'ready' && <li className={CHIP}>One-click deploy</li>}
            {blocked && (
              <li className="rounded-full bg-amber-100 px-3 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                Not deployable as it is
              </li>
            )}
          </ul>
          {blocked && view.blockers.length > 0 && (
            <section
              aria-label="Not deployable as it is"
              className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
            >
              <ul className="list-disc space-y-1 pl-5">
                {view.blockers.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </section>
          )}
          <p className="mt-6 lg:hidden">
            <Button asChild size="lg" className="w-full">
              <a href={offerHref(card.id)}>Get lifetime access</a>
            </Button>
          </p>
          {showsCanvas && (
            <figure className={`${SECTION} ${cardClass({ tone: 'muted', padding: 'sm' })}`}>
              {/* biome-ignore lint/a11y/useSemanticElements: a named group, not a fieldset of form controls */}
              <div
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to scroll
                tabIndex={0}
                role="group"
                aria-label="Workflow canvas, scrolls sideways"
                className="max-h-[36rem] overflow-auto rounded-lg"
              >
                <StaticCanvas model={view.canvas} title={card.title} />
              </div>
              <figcaption className={`px-2 pt-1 pb-1 text-sm ${MUTED}`}>
                The workflow's shape: its nodes and how they are wired. Members see every setting.
              </figcaption>
            </figure>
          )}
          {steps.length > 0 && (
            <Section id="steps-title" title="How it works">
              <ol className="mt-4 list-decimal space-y-2 pl-6 text-slate-700 dark:text-slate-300">
                {steps.map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: steps can repeat; order is fixed
                  <li key={i}>{s}</li>
                ))}
              </ol>
            </Section>
          )}
          {card.integrations.length > 0 && (
            <Section id="apps-title" title="Apps">
              <ul className="mt-4 flex flex-wrap gap-3">
                {card.integrations.map((a) => (
                  <li
                    key={a}
                    className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800"
                  >
                    <AppIcon name={a} />
                    <span>{a}</span>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section id="credentials-title" title="Credentials needed">
            {credentials.length > 0 ? (
              <ul className="mt-4 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">
                {credentials.map((c) => (
                  <li key={c.name}>{c.name}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-slate-700 dark:text-slate-300">
                None: this workflow needs no credentials.
              </p>
            )}
          </Section>
          {variants.length > 0 && (
            <Section id="variants-title" title="Variants">
              <p className={`mt-2 text-sm ${MUTED}`}>
                {`${variantCount.toLocaleString('en-US')} ${variantCount === 1 ? 'template has' : 'templates have'} the same nodes and wiring${variantCount > variants.length ? `; here are ${variants.length}` : ''}.`}
              </p>
              <CardGrid cards={variants} headingLevel={3} />
            </Section>
          )}
        </div>
        <div className="lg:sticky lg:top-6 lg:self-start">
          <Offer id={card.id} blocked={blocked} />
        </div>
      </div>
      {related.length > 0 && (
        <Section id="related-title" title="Related templates" className="mt-14">
          <CardGrid cards={related} headingLevel={3} />
        </Section>
      )}
    </main>
  );
}
