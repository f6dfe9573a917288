import { Activity, Database } from 'lucide-react';
import { cardClass } from '#web/components/ui/card.tsx';
import { useCatalogCounters, useTrending } from './catalog-data.ts';

/**
 * The library in figures, straight from the catalogue: templates, categories and integrations. The
 * per-source counts stay in the API (the spec's workflow_stats): their names are the importer's, not a
 * visitor's.
 */
export function SourceCounters() {
  const counters = useCatalogCounters();
  if (counters.isPending) return <p className="text-slate-600 dark:text-slate-400">Loading...</p>;
  if (counters.isError) {
    return (
      <p className="text-slate-600 dark:text-slate-400">Live library counts are unavailable right now.</p>
    );
  }
  const figures = [
    ['Templates', counters.data.totalWorkflows],
    ['Categories', counters.data.categories],
    ['Integrations', counters.data.integrations],
  ] as const;
  return (
    <dl data-keep-clear className="grid grid-cols-3 gap-4">
      {figures.map(([label, count]) => (
        <div key={label} className={cardClass()}>
          <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
            <Database aria-hidden="true" className="h-4 w-4" />
            {label}
          </dt>
          <dd className="mt-1 text-2xl font-bold">{count.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

function relative(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString();
}

/**
 * Live activity from real data only: the last library import and the workflows members use most.
 * There is no invented event; with nothing to show, it says so. Refreshes with the counters (90 s).
 */
export function ActivityFeed() {
  const counters = useCatalogCounters();
  const trending = useTrending();
  const events: { key: string; text: string; when?: string }[] = [];
  if (counters.data?.lastUpdated) {
    events.push({
      key: 'import',
      text: `Library updated: ${counters.data.totalWorkflows.toLocaleString('en-US')} workflows available`,
      when: relative(counters.data.lastUpdated, Date.now()),
    });
  }
  // Use figures only once they rank the templates (the same minimum as the carousel's "Trending").
  const ranked = trending.data?.ranking === 'trending' ? trending.data.items : [];
  for (const item of ranked.slice(0, 4)) {
    events.push({
      key: item.id,
      text: `${item.title}: used ${item.runs.toLocaleString('en-US')} times by members`,
    });
  }
  return (
    <div className={cardClass({ padding: 'lg' })}>
      <h3 className="flex items-center gap-2 font-semibold">
        <Activity aria-hidden="true" className="h-4 w-4 text-emerald-600" />
        Live activity
      </h3>
      {events.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {counters.isPending ? 'Loading...' : 'No recent activity to show yet.'}
        </p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {events.map((e) => (
            <li key={e.key} className="flex justify-between gap-4">
              <span>{e.text}</span>
              {e.when && <span className="shrink-0 text-slate-600 dark:text-slate-400">{e.when}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
