import { useId } from 'react';
import { Link } from 'react-router';
import { cardClass } from '#web/components/ui/card.tsx';
import { useVariants } from '#web/features/library/library-api.ts';

/**
 * Workflows with the same node types and wiring as this one (names and texts may differ): search
 * shows the group as one card with "N variants", this lists the others.
 */
export function VariantsBlock({ id }: { id: string }) {
  const { data } = useVariants(id, true);
  const heading = useId();
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      id="variants"
      aria-labelledby={heading}
      className={`scroll-mt-20 ${cardClass({ padding: 'lg' })}`}
    >
      <h2 id={heading} className="mb-1 text-lg font-semibold">
        Variants ({items.length + 1})
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Same nodes and wiring as this workflow, under other names.
      </p>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((card) => (
          <li key={card.id} className="py-2">
            <Link
              to={`/automation/${encodeURIComponent(card.id)}`}
              className="font-medium text-brand-700 hover:underline focus-visible:outline-2 dark:text-brand-300"
            >
              {card.title}
            </Link>
            <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">
              {card.author} · {card.nodeCount} nodes
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
