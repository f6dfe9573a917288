import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { FILTER_TAGS, SEARCH_SORTS, type SearchSort, SORTS } from '#shared/catalog/constants.ts';
import type { AutomationCard as Card } from '#shared/schemas/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/input.tsx';
import { TogglePill } from '#web/components/ui/toggle-pill.tsx';
import { VerifiedOnlyFilter } from '#web/features/automation/verification-badge.tsx';
import { useCatalogSearch, useSavedIds, useToggleSave } from '#web/features/library/library-api.ts';
import { StackEditor, useStack } from '#web/features/settings/my-stack.tsx';
import { bindValue } from '#web/lib/bind-value.ts';
import { IntegrationFacet } from './integration-facet.tsx';
import { ResultsGrid } from './results-grid.tsx';
import { useSearchState } from './search-state.ts';
import { type ViewMode, ViewToggle } from './view-toggle.tsx';

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  newest: 'Newest First',
  oldest: 'Oldest First',
  popular: 'Most Popular',
  alphabetical: 'A-Z',
};

export const SEARCH_DEBOUNCE_MS = 200;
/** Cards drawn in the first frame of new results (two rows of three: the first screen); the rest follow a frame later. */
const FIRST_PAINT_CARDS = 6;

export function SearchSection() {
  const { q, chips, chosenSort, apps, stackMode, verified, update } = useSearchState();
  const myStack = useStack();
  const stack = stackMode ? (myStack.data?.stack ?? []) : [];
  const [text, setText] = useState(q);
  const [view, setView] = useState<ViewMode>('grid');
  const ids = useId();
  // Results follow every keystroke (the box's text is the query); only the URL waits for a pause.
  const liveQ = text.trim() ? text : '';
  const defaultSort: SearchSort = liveQ ? 'relevance' : 'newest';
  const sort: SearchSort = chosenSort === 'relevance' && !liveQ ? 'newest' : (chosenSort ?? defaultSort);
  const sortOptions: readonly SearchSort[] = liveQ ? SEARCH_SORTS : SORTS;
  const search = useCatalogSearch({ q: liveQ, chips, sort, integrations: apps, stack, stackMode, verified });
  const { isPending, isFetching, isPlaceholderData } = search;
  const pages = search.data?.pages;
  const data = pages?.[0];
  const saved = useSavedIds();
  const { mutate: toggleSave } = useToggleSave();
  const onToggleSave = useCallback(
    (card: Card, isSaved: boolean) => toggleSave({ card, saved: isSaved }),
    [toggleSave],
  );

  // Another writer of the URL (the quick-search overlay, back/forward) wins over the box; the echo of
  // our own debounced write does not (the member may have typed on since).
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (q === written.current) return;
    written.current = null;
    setText(q);
  }, [q]);

  // The query lives in the URL, written after a short pause (replacing the history entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: update is rebuilt each render; text and q drive it.
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      written.current = text.trim() ? text : '';
      update({ q: text.trim() ? text : null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, q]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ q: text.trim() ? text : null });
  };
  const toggleApp = (app: string) => {
    const next = apps.includes(app) ? apps.filter((a) => a !== app) : [...apps, app];
    update({ apps: next.length ? next.join(',') : null });
  };
  const filtered = chips.length > 0 || apps.length > 0 || stackMode !== null || verified;
  const clearFilters = () => update({ chips: null, apps: null, stack: null, verified: null });
  const toggleChip = (chip: string) => {
    const next = chips.includes(chip) ? chips.filter((c) => c !== chip) : [...chips, chip];
    update({ chips: next.length ? next.join(',') : null });
  };

  const allItems = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  // New results paint the first screenful at once and the rest right after that paint, so a
  // keystroke's results show without waiting for every card of a long list.
  const [completeFor, setCompleteFor] = useState<unknown>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setCompleteFor(data), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
    };
  }, [data]);
  const items = completeFor === data ? allItems : allItems.slice(0, FIRST_PAINT_CARDS);
  const more = search.hasNextPage && completeFor === data;
  return (
    <section aria-labelledby={`${ids}-h`} className="space-y-5">
      <h2 id={`${ids}-h`} className="text-2xl font-bold tracking-tight">
        Search Automations
      </h2>
      <form aria-label="Search automations" onSubmit={submit} className="flex flex-col gap-2 sm:flex-row">
        <SearchInput
          className="flex-1"
          label="Search automations"
          {...bindValue(text, setText)}
          placeholder="Search automations, workflows, actions..."
        />
        <Button type="submit">Search</Button>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <label htmlFor={`${ids}-sort`} className="text-sm font-medium">
            Sort by
          </label>
          <select
            id={`${ids}-sort`}
            value={sort}
            onChange={(e) => update({ sort: e.target.value === defaultSort ? null : e.target.value })}
            className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            {sortOptions.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <ViewToggle value={view} onChange={setView} />
      </div>
      <fieldset>
        <legend className="sr-only">Filter by category</legend>
        <ul className="flex flex-wrap gap-2">
          {FILTER_TAGS.map((chip) => {
            const on = chips.includes(chip);
            return (
              <li key={chip}>
                <TogglePill pressed={on} onClick={() => toggleChip(chip)}>
                  {chip}
                  {data?.chipCounts[chip] !== undefined && (
                    <span className="ml-1 font-normal tabular-nums">({data.chipCounts[chip]})</span>
                  )}
                </TogglePill>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <IntegrationFacet counts={data?.integrationCounts ?? []} selected={apps} onToggle={toggleApp} />
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${ids}-stack`} className="text-sm font-medium">
          My stack
        </label>
        <select
          id={`${ids}-stack`}
          value={stackMode ?? ''}
          onChange={(e) => update({ stack: e.target.value || null })}
          className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          <option value="">All workflows</option>
          <option value="only">Only my stack</option>
          <option value="any">Any of my stack</option>
        </select>
        {stackMode && (myStack.data?.stack.length ?? 0) === 0 && (
          <span className="text-sm text-slate-600 dark:text-slate-400">
            Your stack is empty: pick your apps below.
          </span>
        )}
        <VerifiedOnlyFilter checked={verified} onChange={(on) => update({ verified: on ? '1' : null })} />
        <details className="w-full">
          <summary className="cursor-pointer text-sm text-brand-700 dark:text-brand-300">
            Edit my stack
          </summary>
          <div className="mt-2">
            <StackEditor />
          </div>
        </details>
      </div>
      <div
        aria-live="polite"
        aria-busy={isFetching}
        data-results-for={isPending || isPlaceholderData ? undefined : liveQ}
      >
        {isPending ? (
          <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-400">
            Loading automations...
          </p>
        ) : items.length === 0 ? (
          <div className="py-12 text-center">
            <p className="text-lg font-semibold">No automations found</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              Try adjusting your search query or filters
            </p>
            {data?.didYouMean && (
              <p className="mt-3 text-sm">
                Did you mean{' '}
                <button
                  type="button"
                  onClick={() => setText(data.didYouMean ?? '')}
                  className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline focus-visible:outline-2 dark:text-brand-300"
                >
                  {data.didYouMean}
                </button>
                ?
              </p>
            )}
            {filtered && (
              <button
                type="button"
                onClick={clearFilters}
                className="mt-3 text-sm font-medium text-brand-700 underline underline-offset-2 hover:no-underline focus-visible:outline-2 dark:text-brand-300"
              >
                Clear filters
              </button>
            )}
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
              {data?.total} {data?.total === 1 ? 'automation' : 'automations'}
            </p>
            <ResultsGrid
              items={items}
              view={view}
              saved={saved}
              onToggleSave={onToggleSave}
              query={data === undefined ? undefined : liveQ}
            />
            {more && (
              <div className="mt-6 text-center">
                <Button
                  variant="outline"
                  onClick={() => void search.fetchNextPage()}
                  disabled={search.isFetchingNextPage}
                >
                  {search.isFetchingNextPage
                    ? 'Loading automations...'
                    : `Show more (${allItems.length} of ${data?.total})`}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
