import {
  BookOpen,
  Briefcase,
  Check,
  Eye,
  Library,
  Plug,
  RefreshCw,
  Rocket,
  Search,
  Shield,
  Sparkles,
  Star,
} from 'lucide-react';
import { lazy, type ReactNode } from 'react';
import { planOffer } from '#shared/plans.ts';
import { StaticHtml } from '#web/components/static-html.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { CheckList } from '#web/components/ui/check-list.tsx';
import { TextLink } from '#web/components/ui/text-link.tsx';
import { ClientOnly } from '#web/features/site/client-only.tsx';
import { FloatingParticles, GridBackground } from '#web/features/site/landing/background.tsx';
import { WorkflowCounter } from '#web/features/site/landing/workflow-counter.tsx';
import { RichText } from '#web/features/site/rich-text.tsx';
import { site } from '#web/features/site/site-content.ts';
import { cn } from '#web/lib/cn.ts';
import { Link } from '#web/lib/navigation.tsx';

// Below the fold: loaded when the visitor nears them, so the page starts with little JavaScript.
const TrendingCarousel = lazy(() =>
  import('#web/features/site/landing/trending-carousel.tsx').then((m) => ({ default: m.TrendingCarousel })),
);
const SourceCounters = lazy(() =>
  import('#web/features/site/landing/live-sections.tsx').then((m) => ({ default: m.SourceCounters })),
);
const ActivityFeed = lazy(() =>
  import('#web/features/site/landing/live-sections.tsx').then((m) => ({ default: m.ActivityFeed })),
);

const ICONS = {
  library: Library,
  search: Search,
  rocket: Rocket,
  eye: Eye,
  plug: Plug,
  refresh: RefreshCw,
  briefcase: Briefcase,
  shield: Shield,
} as const;

/** The price: the plan table's, with no struck-through former price (decision 0016). */
const offer = planOffer();

function PriceCard() {
  return (
    <Link
      to="/auth?mode=register"
      aria-label={`Lifetime Access for ${offer.price}, one-time payment: create your account`}
      data-keep-clear
      className="block rounded-2xl border border-brand-500/40 bg-white/90 p-6 text-left shadow-xl transition-transform hover:-translate-y-0.5 dark:bg-slate-900/90"
    >
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-100">Lifetime Access</p>
      <p className="mt-2 text-5xl font-bold">{offer.price}</p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">One-time payment. No recurring fees.</p>
      <p className="fv-needs-js mt-3 text-sm">
        Library: <WorkflowCounter className="font-semibold" /> workflows
      </p>
    </Link>
  );
}

/**
 * A landing section below the hero: its band, its centred column and its heading. The column is kept as
 * prerendered (StaticHtml) unless the section has live parts.
 */
function LandingSection({
  name,
  anchor,
  title,
  intro,
  tinted = false,
  narrow = false,
  live = false,
  children,
}: {
  name: string;
  anchor?: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  narrow?: boolean;
  live?: boolean;
  children: ReactNode;
}) {
  const Column = live ? 'div' : StaticHtml;
  return (
    <section
      aria-labelledby={`${name}-title`}
      id={anchor}
      className={cn('py-16', tinted && 'bg-slate-50 dark:bg-slate-900')}
    >
      <Column className={cn('mx-auto px-4', narrow ? 'max-w-3xl' : 'max-w-6xl')}>
        <div className="max-w-2xl">
          <h2 id={`${name}-title`} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
          {intro && <p className="mt-3 text-lg text-slate-600 dark:text-slate-400">{intro}</p>}
        </div>
        {children}
      </Column>
    </section>
  );
}

export function HomePage() {
  const { hero } = site;
  return (
    <main>
      <section className="relative isolate overflow-hidden">
        <GridBackground />
        <FloatingParticles />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 md:grid-cols-[1.3fr_1fr] md:py-24">
          <StaticHtml>
            <p className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100">
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              {hero.badge}
            </p>
            <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">
              {hero.title} <span className="text-brand-600 dark:text-brand-500">{hero.highlight}</span>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-slate-600 dark:text-slate-400">{hero.subtitle}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/auth?mode=register">Get Instant Access Now</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/library">View Premium Library</Link>
              </Button>
            </div>
            <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">{hero.newWorkflowsNote}</p>
          </StaticHtml>
          <PriceCard />
        </div>
        {site.trust.length > 0 && (
          // A use figure below its floor fills with nothing (src/shared/claims.ts): its stat hides, and
          // the strip shows only while one stat has a value.
          <StaticHtml className="relative hidden border-y border-slate-200 bg-white/70 has-[dd:not(:empty)]:block dark:border-slate-800 dark:bg-slate-950/70">
            <dl
              data-keep-clear
              className="mx-auto flex max-w-6xl flex-wrap justify-center gap-x-16 gap-y-6 px-4 py-6 text-center"
            >
              {site.trust.map((s) => (
                <div key={s.label} className="has-[>dd:empty]:hidden">
                  <dt className="text-sm text-slate-600 dark:text-slate-400">{s.label}</dt>
                  <dd className="text-2xl font-bold">{s.value}</dd>
                </div>
              ))}
            </dl>
          </StaticHtml>
        )}
      </section>

      <LandingSection
        name="features"
        anchor="features"
        title="Everything you need to automate faster"
        intro="Import-ready n8n workflows with the tools to find, understand and deploy them."
      >
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {site.features.map((f) => {
            const Icon = ICONS[f.icon as keyof typeof ICONS] ?? Check;
            return (
              <li key={f.title} className={cardClass({ padding: 'xl' })}>
                <Icon aria-hidden="true" className="h-6 w-6 text-brand-600 dark:text-brand-500" />
                <h3 className="mt-3 font-semibold">{f.title}</h3>
                <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{f.text}</p>
              </li>
            );
          })}
        </ul>
      </LandingSection>

      {site.results.stats.length > 0 && (
        <LandingSection name="results" title={site.results.title} intro={site.results.intro} tinted>
          <dl data-keep-clear className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {site.results.stats.map((s) => (
              <div
                key={s.label}
                className={`has-[>dd:empty]:hidden ${cardClass({ tone: 'raised', padding: 'xl' })}`}
              >
                <dd className="text-4xl font-bold text-brand-600 dark:text-brand-500">{s.value}</dd>
                <dt className="mt-2 text-slate-600 dark:text-slate-400">{s.label}</dt>
              </div>
            ))}
          </dl>
        </LandingSection>
      )}

      <LandingSection
        name="workflows"
        anchor="workflows"
        title="Workflows in the library"
        intro="A look at what is inside: open any template to see what it does and how it is wired."
        live
      >
        <div className="mt-8 min-h-72">
          <ClientOnly nearView fallback={<div className="h-72" />}>
            <TrendingCarousel />
          </ClientOnly>
        </div>
        <div className="mt-12 grid gap-8 lg:grid-cols-[2fr_1fr]">
          <div>
            <h3 className="text-xl font-semibold">Live library counters</h3>
            <div className="mt-4 min-h-24">
              <ClientOnly
                nearView
                fallback={<p className="fv-needs-js text-slate-600 dark:text-slate-400">Loading...</p>}
              >
                <SourceCounters />
              </ClientOnly>
            </div>
          </div>
          <ClientOnly nearView fallback={<div className="min-h-40" />}>
            <ActivityFeed />
          </ClientOnly>
        </div>
        <Button asChild variant="outline" className="mt-10">
          <Link to="/library">View Premium Library</Link>
        </Button>
      </LandingSection>

      <LandingSection name="pricing" anchor="pricing" title="One price. Lifetime access." tinted>
        <div className="mt-10 grid items-start gap-8 md:grid-cols-2">
          <div data-keep-clear className={cardClass({ tone: 'raised', padding: '2xl', radius: '2xl' })}>
            <p className="font-semibold">Lifetime Access</p>
            <p className="mt-4 text-5xl font-bold">{offer.price}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              One-time payment. No recurring fees.
            </p>
            <Button asChild size="lg" className="mt-6 w-full">
              <Link to="/auth?mode=register">Get Premium Access</Link>
            </Button>
          </div>
          <CheckList
            items={site.claims}
            className="grid gap-3 sm:grid-cols-2"
            checkClassName="mt-0.5 h-5 w-5 text-emerald-600"
          />
        </div>
      </LandingSection>

      <LandingSection name="docs" anchor="docs" title="Frequently asked questions" narrow>
        <div
          className={`mt-8 divide-y divide-slate-200 dark:divide-slate-800 ${cardClass({ tone: 'plain', padding: 'none' })}`}
        >
          {site.faq.map((item) => (
            <details key={item.question} className="group p-5">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium [&::-webkit-details-marker]:hidden">
                {item.question}
                <span aria-hidden="true" className="text-slate-500 group-open:rotate-45">
                  +
                </span>
              </summary>
              <p className="mt-3 text-slate-600 dark:text-slate-400">
                <RichText text={item.answer} />
              </p>
            </details>
          ))}
        </div>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-3 text-center">
          <Star aria-hidden="true" className="h-5 w-5 text-amber-500" />
          <span className="text-slate-600 dark:text-slate-400">Still deciding? Read the</span>
          <TextLink to="/blog" icon={BookOpen} className="underline">
            blog
          </TextLink>
        </div>
      </LandingSection>
    </main>
  );
}
