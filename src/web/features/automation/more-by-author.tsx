import { Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { cn } from '#web/lib/cn.ts';
import { useByAuthor } from './automation-api.ts';
import { Block } from './detail-parts.tsx';

/** The author's other automations in a loop that can be paused. */
export function MoreByAuthor({ a }: { a: AutomationDetail }) {
  const { data } = useByAuthor(a.id, true);
  // The loop runs for as long as the page is open, so it can be stopped without a mouse (WCAG 2.2.2).
  const [paused, setPaused] = useState(false);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  const doubled = [...items, ...items];
  return (
    <Block title={`More by ${a.author}`}>
      <button
        type="button"
        aria-pressed={paused}
        onClick={() => setPaused((p) => !p)}
        className="mb-2 flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 motion-reduce:hidden dark:text-slate-400 dark:hover:text-slate-100"
      >
        {paused ? (
          <Play aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Pause aria-hidden="true" className="h-4 w-4" />
        )}
        {paused ? 'Resume scrolling' : 'Pause scrolling'}
      </button>
      <div className="overflow-x-auto motion-safe:overflow-hidden">
        <ul className={cn('fv-marquee flex w-max gap-3', paused && 'fv-marquee-paused')}>
          {doubled.map((card, i) => (
            <li
              key={`${i < items.length ? 'first' : 'again'}-${card.id}`}
              aria-hidden={i >= items.length ? true : undefined}
            >
              <Link
                to={`/automation/${encodeURIComponent(card.id)}`}
                tabIndex={i >= items.length ? -1 : undefined}
                className="block w-56 rounded-lg border border-slate-200 p-3 text-sm hover:bg-slate-50 focus-visible:outline-2 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="line-clamp-2 font-medium">{card.title}</span>
                <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
                  {card.category} · {card.difficulty}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Block>
  );
}
