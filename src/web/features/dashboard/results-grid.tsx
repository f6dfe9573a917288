import { memo } from 'react';
import { Link } from 'react-router';
import type { AutomationCard as Card } from '#shared/schemas/catalog.ts';
import { TemplateCard } from '#web/components/template-card.tsx';
import { HeartButton, RouterCardLink } from '#web/features/automation/card-actions.tsx';
import type { ViewMode } from './view-toggle.tsx';

/** Memoised: a keystroke re-renders the box, not the cards, until new results arrive. */
export const ResultsGrid = memo(function ResultsGrid(props: {
  items: Card[];
  view: ViewMode;
  saved: Set<string>;
  onToggleSave: (card: Card, saved: boolean) => void;
  query?: string | undefined;
}) {
  return (
    <div
      className={props.view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'}
    >
      {props.items.map((card) => (
        <TemplateCard
          key={card.id}
          card={card}
          headingLevel={3}
          view={props.view}
          query={props.query}
          memberFacts
          link={RouterCardLink}
          actions={
            <>
              {card.variants ? (
                <Link
                  to={`/automation/${encodeURIComponent(card.id)}#variants`}
                  className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 dark:bg-slate-800 dark:text-slate-200"
                >
                  {card.variants} variants
                </Link>
              ) : null}
              <HeartButton card={card} saved={props.saved.has(card.id)} onToggle={props.onToggleSave} />
            </>
          }
        />
      ))}
    </div>
  );
});
