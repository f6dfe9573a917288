import {
  Bot,
  Calendar,
  Database,
  FileText,
  Heart,
  Layers,
  Play,
  Star,
  User,
  Workflow,
  Zap,
} from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import { COMMUNITY_AUTHOR } from '#shared/catalog/constants.ts';
import type { AutomationCard as Card } from '#shared/schemas/catalog.ts';
import { IntegrationIcons } from '#web/components/integration-icon.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { Highlighted } from './highlight.tsx';
import { VerificationBadge } from './verification-badge.tsx';

const CATEGORY_ICONS: Record<string, typeof Bot> = {
  'AI & Automation': Bot,
  'AI Memory & RAG': Bot,
  'Data Processing': Database,
  'Content Creation': FileText,
  Integrations: Layers,
  Workflows: Workflow,
};

export function formatRating(card: Pick<Card, 'rating' | 'ratingCount'>): string {
  return card.rating === null ? '0.0' : card.rating.toFixed(1);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString();
}

export function HeartButton({
  card,
  saved,
  onToggle,
}: {
  card: Card;
  saved: boolean;
  onToggle: (card: Card, saved: boolean) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={saved ? `Remove ${card.title} from collections` : `Save ${card.title} to collections`}
      onClick={(e: MouseEvent) => {
        e.stopPropagation();
        onToggle(card, saved);
      }}
      className="rounded-full bg-white/90 p-2 shadow-sm hover:bg-white focus-visible:outline-2 dark:bg-slate-900/90"
    >
      <Heart
        aria-hidden="true"
        className={cn(
          'h-4 w-4',
          saved ? 'fill-rose-500 text-rose-500' : 'text-slate-500 dark:text-slate-300',
        )}
      />
    </button>
  );
}

function Badges({ card }: { card: Card }) {
  return (
    <>
      {card.readiness === 'guide' && <Fact>Guide</Fact>}
      {card.hasTemplate && <Fact>Template</Fact>}
      {card.hasResources && <Fact>Resources</Fact>}
      {card.hasVideo && <Fact>Tutorial</Fact>}
    </>
  );
}

function Fact({ children }: { children: string }) {
  return (
    <Badge tone="accent" className="text-xs">
      {children}
    </Badge>
  );
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

function Thumbnail({ card, className }: { card: Card; className?: string }) {
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

type CardProps = {
  card: Card;
  saved: boolean;
  onToggleSave: (card: Card, saved: boolean) => void;
  view: 'grid' | 'list';
  /** Extra action (collections: remove). */
  action?: React.ReactNode;
  /** The search query: its words are highlighted in the title and summary. */
  query?: string;
};

/** A search or collection card: click or Enter opens /automation/{id}. */
export function AutomationCard({ card, saved, onToggleSave, view, action, query }: CardProps) {
  const facts = (
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
      <span>{card.difficulty}</span>
    </div>
  );
  return (
    <article
      data-testid="automation-card"
      className={cn(
        cardClass({ padding: 'none' }),
        'group relative overflow-hidden transition-shadow hover:shadow-md motion-reduce:transition-none',
        // The keyboard focus of the card's link is drawn around the whole card: 3 px, outside the
        // border, at ≥ 3:1 against the page in both schemes (WCAG 2.4.13).
        'has-[[data-card-link]:focus-visible]:outline-3 has-[[data-card-link]:focus-visible]:outline-offset-2 has-[[data-card-link]:focus-visible]:outline-brand-600 dark:has-[[data-card-link]:focus-visible]:outline-brand-300',
        view === 'list' && 'flex gap-4',
      )}
    >
      <Thumbnail card={card} className={view === 'grid' ? 'aspect-video w-full' : 'w-32 shrink-0 sm:w-44'} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold">
            {/* The whole card is the link's click area; its own buttons sit above it. */}
            <Link
              to={`/automation/${encodeURIComponent(card.id)}`}
              data-card-link=""
              className="after:absolute after:inset-0 focus-visible:outline-none"
            >
              <Highlighted text={card.title} query={query} />
            </Link>
          </h3>
          <div className="relative z-10 flex shrink-0 items-center gap-1">
            {action}
            <HeartButton card={card} saved={saved} onToggle={onToggleSave} />
          </div>
        </div>
        {facts}
        <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">
          <Highlighted text={card.summary} query={query} />
        </p>
        <IntegrationIcons names={card.integrations} />
        <Tags tags={card.tags} max={view === 'grid' ? 3 : 2} />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
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
            <Badges card={card} />
          </span>
        </div>
      </div>
    </article>
  );
}
