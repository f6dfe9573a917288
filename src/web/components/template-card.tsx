import { Bot, Calendar, Database, FileText, Layers, Play, Star, User, Workflow, Zap } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { COMMUNITY_AUTHOR, readinessOf } from '#shared/catalog/constants.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { CardKicker } from '#web/components/card-kicker.tsx';
import { Highlighted } from '#web/components/highlight.tsx';
import { IntegrationIcons } from '#web/components/integration-icon.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { VerificationBadge } from '#web/components/verification-badge.tsx';
import { cn } from '#web/lib/cn.ts';

// The one template card: the public /library and a template page's variants and related templates
// (rendered by the server, nothing hydrates it), and the members' search and collections. It shows
// only the catalogue card (`AutomationCard`: no workflow JSON); what only members get comes in as
// props: their facts (`memberFacts`) and their buttons (`actions`: save, remove, variants).

export const automationPath = (id: string) => `/automation/${encodeURIComponent(id)}`;

export function formatRating(card: Pick<AutomationCard, 'rating' | 'ratingCount'>): string {
  return card.rating === null ? '0.0' : card.rating.toFixed(1);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const CATEGORY_ICONS: Record<string, typeof Bot> = {
  'AI & Automation': Bot,
  'AI Memory & RAG': Bot,
  'Data Processing': Database,
  'Content Creation': FileText,
  Integrations: Layers,
  Workflows: Workflow,
};

/** The props of the card's title link; the app passes its router's link, the server a plain `<a>`. */
export type CardLinkProps = {
  href: string;
  className: string;
  'data-card-link': string;
  children: ReactNode;
};

const PlainLink = (props: CardLinkProps) => <a {...props} />;

export type TemplateCardProps = {
  card: AutomationCard;
  /** h2 on /library, h3 where the cards sit under a section heading. */
  headingLevel?: 2 | 3;
  view?: 'grid' | 'list';
  /** The search query: its words are highlighted in the title and summary. */
  query?: string | undefined;
  /** Buttons drawn above the card's link (a member's save, remove, variants). */
  actions?: ReactNode;
  /** The members' facts: thumbnail, rating, uses, date added, tags, author and badges. */
  memberFacts?: boolean;
  link?: (props: CardLinkProps) => ReactNode;
};

/** A template card: the whole card is its title's link to /automation/{id}. */
export function TemplateCard({
  card,
  headingLevel = 2,
  view = 'grid',
  query,
  actions,
  memberFacts = false,
  link: Link = PlainLink,
}: TemplateCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      data-testid="automation-card"
      className={cn(
        cardClass({ padding: 'none' }),
        'group relative h-full overflow-hidden shadow-sm transition hover:border-brand-300 hover:shadow-md motion-reduce:transition-none',
        // The keyboard focus of the card's link is drawn around the whole card: 3 px, outside the
        // border, at ≥ 3:1 against the page in both schemes (WCAG 2.4.13).
        'has-[[data-card-link]:focus-visible]:outline-3 has-[[data-card-link]:focus-visible]:outline-offset-2 has-[[data-card-link]:focus-visible]:outline-brand-600 dark:has-[[data-card-link]:focus-visible]:outline-brand-300',
        view === 'list' ? 'flex gap-4' : 'flex flex-col',
      )}
    >
      {memberFacts && (
        <Thumbnail
          card={card}
          className={view === 'grid' ? 'aspect-video w-full' : 'w-32 shrink-0 sm:w-44'}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-5">
        <CardKicker category={card.category} difficulty={card.difficulty}>
          <span className="text-slate-600 dark:text-slate-400">
            {card.readiness === 'guide' ? 'Guide, no workflow file' : plural(card.nodeCount, 'node', 'nodes')}
          </span>
          {/* Decision 0023: a card never lets a workflow that cannot run pass for one that can. */}
          {readinessOf(card) === 'blocked' && (
            <span className="text-amber-800 dark:text-amber-300">Not deployable as it is</span>
          )}
        </CardKicker>
        <div className="mt-1 flex items-start justify-between gap-2">
          <Heading className="line-clamp-2 font-semibold leading-snug">
            <Link
              href={automationPath(card.id)}
              data-card-link=""
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              <Highlighted text={card.title} query={query} />
            </Link>
          </Heading>
          {actions && <div className="relative z-10 flex shrink-0 items-center gap-1">{actions}</div>}
        </div>
        {memberFacts && <MemberFacts card={card} />}
        <p className="line-clamp-3 flex-1 text-sm text-slate-700 dark:text-slate-300">
          <Highlighted text={card.summary} query={query} />
        </p>
        <div className="mt-2">
          <IntegrationIcons names={card.integrations} />
        </div>
        {memberFacts && (
          <>
            <Tags tags={card.tags} max={view === 'grid' ? 3 : 2} />
            <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
              {/* The catch-all "Community" author names nobody (decision 0012). */}
              {card.author !== COMMUNITY_AUTHOR ? (
                <span className="inline-flex items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                  <User aria-hidden="true" className="h-3.5 w-3.5" />
                  {card.author}
                </span>
              ) : (
                <span />
              )}
              <span className="flex flex-wrap gap-1">
                <VerificationBadge verification={card.verification} />
                <Facts card={card} />
              </span>
            </div>
          </>
        )}
      </div>
    </article>
  );
}

/** Public cards in the catalogue's grid. */
export function CardGrid({ cards, headingLevel = 2 }: { cards: AutomationCard[]; headingLevel?: 2 | 3 }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops a styled list's list role without it
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="list">
      {cards.map((c) => (
        <li key={c.id}>
          <TemplateCard card={c} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

function MemberFacts({ card }: { card: AutomationCard }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      <span className="inline-flex items-center gap-1">
        <Star aria-hidden="true" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
        <span>
          {formatRating(card)} <span className="sr-only">out of 5 from</span>({card.ratingCount}
          <span className="sr-only"> ratings</span>)
        </span>
      </span>
      {/* A count of nothing on every new template says nothing (issue 43): shown once members use it. */}
      {card.runs > 0 && (
        <span title="Copies, downloads and deploys by members">
          {card.runs} {card.runs === 1 ? 'use' : 'uses'}
        </span>
      )}
      <span className="inline-flex items-center gap-1">
        <Calendar aria-hidden="true" className="h-3.5 w-3.5" />
        {/* The date the item entered the catalogue (decision 0012). */}
        <span className="sr-only">Added </span>
        <time dateTime={card.createdAt} title="Added to the library">
          {formatDate(card.createdAt)}
        </time>
      </span>
    </div>
  );
}

function Facts({ card }: { card: AutomationCard }) {
  const facts = [
    card.readiness === 'guide' && 'Guide',
    card.hasTemplate && 'Template',
    card.hasResources && 'Resources',
    card.hasVideo && 'Tutorial',
  ].filter((f): f is string => typeof f === 'string');
  return facts.map((f) => (
    <Badge key={f} tone="accent" className="text-xs">
      {f}
    </Badge>
  ));
}

function Tags({ tags, max }: { tags: string[]; max: number }) {
  const extra = tags.length - max;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Tags">
      {tags.slice(0, max).map((t) => (
        <li key={t} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs dark:bg-slate-800">
          {t}
        </li>
      ))}
      {extra > 0 && <li className="px-1 py-0.5 text-xs text-slate-500 dark:text-slate-400">+{extra}</li>}
    </ul>
  );
}

function Thumbnail({ card, className }: { card: AutomationCard; className?: string }) {
  const Icon = CATEGORY_ICONS[card.category] ?? Zap;
  // A video whose thumbnail does not load (removed, private, a wrong id) shows the category icon, not
  // a broken image.
  const [broken, setBroken] = useState(false);
  return (
    <div
      className={cn(
        'relative flex items-center justify-center overflow-hidden bg-gradient-to-br from-brand-600/15 to-slate-100 dark:to-slate-800',
        className,
      )}
    >
      {card.thumbnailUrl && !broken ? (
        <>
          <img
            src={card.thumbnailUrl}
            alt=""
            loading="lazy"
            onError={() => setBroken(true)}
            className="h-full w-full object-cover"
          />
          <Play aria-hidden="true" className="absolute h-8 w-8 text-white drop-shadow" />
        </>
      ) : (
        <Icon aria-hidden="true" className="h-10 w-10 text-brand-600 dark:text-brand-400" />
      )}
    </div>
  );
}
