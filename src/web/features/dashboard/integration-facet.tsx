import { useId, useState } from 'react';
import { FindIntegrationBox, IntegrationChip } from '#web/components/integration-chips.tsx';
import { useIntegrations } from '#web/features/library/library-api.ts';

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
  const chip = (name: string, count: number | null) => (
    <IntegrationChip
      key={name}
      name={name}
      count={count}
      on={props.selected.includes(name)}
      onToggle={() => props.onToggle(name)}
    />
  );
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
        <FindIntegrationBox id={`${ids}-find`} label="Find an integration" value={find} onChange={setFind} />
        {found.length > 0 && (
          <ul className="flex flex-wrap gap-2">{found.map((i) => chip(i.name, i.count))}</ul>
        )}
        <ul className="flex flex-wrap gap-2">{[...shown].map(([name, count]) => chip(name, count))}</ul>
      </fieldset>
    </details>
  );
}
