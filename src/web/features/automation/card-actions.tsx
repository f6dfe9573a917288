import { Heart } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import type { CardLinkProps } from '#web/components/template-card.tsx';

// What the app adds to the one template card (components/template-card.tsx): the router's link and
// the member's heart.

/** The card's title link inside the app: a client-side navigation. */
export function RouterCardLink({ href, ...props }: CardLinkProps) {
  return <Link to={href} {...props} />;
}

export function HeartButton({
  card,
  saved,
  onToggle,
}: {
  card: AutomationCard;
  saved: boolean;
  onToggle: (card: AutomationCard, saved: boolean) => void;
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
      className="group rounded-full bg-white/90 p-2 shadow-sm hover:bg-white focus-visible:outline-2 dark:bg-slate-900/90"
    >
      {/* Filled while pressed: the look follows the state screen readers hear. */}
      <Heart
        aria-hidden="true"
        className="h-4 w-4 text-slate-500 group-aria-pressed:fill-rose-500 group-aria-pressed:text-rose-500 dark:text-slate-300"
      />
    </button>
  );
}
