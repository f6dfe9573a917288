import { useId, useState } from 'react';
import { cn } from '#web/lib/cn.ts';
import { useIntegrations } from './library-api.ts';

/**
 * The integration filter: the most used apps among the matches with their counts, and a box to
 * find any other app of the library. Picking several asks for workflows using all of them.
 */
export function IntegrationFacet(props: {
  counts: { name: string; count: number }[];
  selected: string[];
  onToggle: (name: string) => void;
}) {
  const ids = useId();
  const [find, setFind] = useState('');
  const all = useIntegrations(find.trim().length > 0);
  const shown = new Map(props.counts.map((c) => [c.name, c.count]));
  for (const name of props.selected) if (!shown.has(name)) shown.set(name, 0);
  const needle = find.trim().toLowerCase();
  const found = needle
    ? (all.data?.items ?? [])
        .filter((i) => i.name.toLowerCase().includes(needle) && !shown.has(i.name))
        .slice(0, 8)
    : [];
  const chip = (name: string, count: number | null) => {
    const on = props.selected.includes(name);
    return (
      <li key={name}>
        <button
          type="button"
          aria-pressed={on}
          onClick={() => props.onToggle(name)}
          className={cn(
            'rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            on
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800',
          )}
        >
          {name}
          {count !== null && <span className="ml-1 font-normal tabular-nums">({count})</span>}
        </button>
      </li>
    );
  };
  return (
    <details
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      open={props.selected.length > 0}
    >
      <summary className="cursor-pointer text-sm font-medium">
        Integrations{props.selected.length > 0 ? ` (${props.selected.length} selected)` : ''}
      </summary>
      <fieldset className="mt-3 space-y-3">
        <legend className="sr-only">Filter by integration</legend>
        <label htmlFor={`${ids}-find`} className="sr-only">
          Find an integration
        </label>
        <input
          id={`${ids}-find`}
          type="search"
          value={find}
          onChange={(e) => setFind(e.target.value)}
          placeholder="Find an integration..."
          className="h-9 w-full max-w-xs rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {found.length > 0 && (
          <ul className="flex flex-wrap gap-2">{found.map((i) => chip(i.name, i.count))}</ul>
        )}
        <ul className="flex flex-wrap gap-2">{[...shown].map(([name, count]) => chip(name, count))}</ul>
      </fieldset>
    </details>
  );
}
