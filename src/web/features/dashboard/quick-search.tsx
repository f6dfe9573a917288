import { Search } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Highlighted } from '#web/components/highlight.tsx';
import { CloseButton } from '#web/components/ui/close-button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { useQuickResults } from '#web/features/library/library-api.ts';
import { bindValue } from '#web/lib/bind-value.ts';

export const SUGGESTION_TAGS = [
  'ai-automation',
  'quick-actions',
  'data-processing',
  'workflows',
  'integrations',
  'analytics',
  'monitoring',
] as const;

/** Suggestions matching the term (case-insensitive substring); all of them for an empty term. */
export function matchingSuggestions(term: string): string[] {
  const t = term.trim().toLowerCase();
  return SUGGESTION_TAGS.filter((s) => s.includes(t));
}

/**
 * The quick-search overlay: Escape or a backdrop click closes it; submit runs a search. While the
 * member types it shows the first results of the member search itself (the server's engine).
 */
export function QuickSearch({
  onClose,
  onSearch,
}: {
  onClose: () => void;
  onSearch: (term: string) => void;
}) {
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => {
    input.current?.focus();
  }, []);

  const run = (value: string) => {
    if (!value.trim()) {
      toast.error('Search query required', { description: 'Please enter a search term' });
      return;
    }
    onSearch(value.trim());
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(term);
  };
  // Arrow keys walk from the box through the results (and back); Enter on a result opens it, as a
  // link does; Enter in the box runs the full search (issue 43: the arrows selected nothing).
  const dialog = useRef<HTMLDivElement>(null);
  const onArrow = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const stops = [
      input.current,
      ...(dialog.current?.querySelectorAll<HTMLElement>('[data-quick-result]') ?? []),
    ];
    const at = stops.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    e.preventDefault();
    stops[Math.min(Math.max(at + (e.key === 'ArrowDown' ? 1 : -1), 0), stops.length - 1)]?.focus();
  };
  const suggestions = matchingSuggestions(term);

  return (
    <Dialog
      onClose={onClose}
      closeLabel="Close search"
      backdropTestId="quick-search-backdrop"
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      onKeyDown={onArrow}
    >
      <h2 id={`${ids}-title`} className="sr-only">
        Quick search
      </h2>
      <form onSubmit={submit} className="flex items-center gap-2">
        <Search aria-hidden="true" className="h-5 w-5 text-slate-400" />
        <label htmlFor={`${ids}-q`} className="sr-only">
          Search automations
        </label>
        <input
          ref={input}
          id={`${ids}-q`}
          type="search"
          {...bindValue(term, setTerm)}
          placeholder="Search automations, workflows, actions..."
          aria-describedby={`${ids}-keys`}
          className="h-10 flex-1 bg-transparent text-base outline-none"
        />
        <span id={`${ids}-keys`} className="sr-only">
          Use the down arrow to move to the results.
        </span>
        <CloseButton onClick={onClose} className="rounded p-1 text-slate-500 focus-visible:outline-2" />
      </form>
      <QuickResults term={term} onPick={onClose} onSeeAll={() => run(term)} />
      {/* No heading over nothing: the suggestions show only while one matches the term. */}
      {suggestions.length > 0 && (
        <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
          <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
            Suggestions
          </p>
          <ul className="flex flex-wrap gap-2">
            {suggestions.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  onClick={() => run(tag)}
                  className="rounded-full bg-slate-100 px-3 py-1 text-xs font-medium hover:bg-slate-200 focus-visible:outline-2 dark:bg-slate-800 dark:hover:bg-slate-700"
                >
                  {tag}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}

/** The member search's first results for the typed term, each a link to its page. */
function QuickResults({
  term,
  onPick,
  onSeeAll,
}: {
  term: string;
  onPick: () => void;
  onSeeAll: () => void;
}) {
  const q = useDeferredValue(term.trim());
  const results = useQuickResults(q);
  if (!q) return null;
  const data = results.data;
  return (
    <section
      aria-label="Results"
      aria-busy={results.isFetching}
      className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800"
    >
      <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500 dark:text-slate-400">
        Results
      </p>
      {results.isError ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Search failed. Please try again.</p>
      ) : !data ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">Searching...</p>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
          No automations found
          {data.didYouMean ? ` (did you mean "${data.didYouMean}"?)` : ''}
        </p>
      ) : (
        <>
          <ul className="flex flex-col gap-1">
            {data.items.map((card) => (
              <li key={card.id}>
                <Link
                  to={`/automation/${encodeURIComponent(card.id)}`}
                  onClick={onPick}
                  data-testid="quick-result"
                  data-quick-result
                  className="block rounded-lg px-2 py-1.5 hover:bg-slate-100 focus:bg-brand-50 focus-visible:outline-2 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                >
                  <span className="block truncate text-sm font-medium">
                    <Highlighted text={card.title} query={q} />
                  </span>
                  {card.integrations.length > 0 && (
                    <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                      {card.integrations.join(' · ')}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
          {data.total > data.items.length && (
            <button
              type="button"
              onClick={onSeeAll}
              className="mt-2 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 dark:text-brand-300"
            >
              See all {data.total} results
            </button>
          )}
        </>
      )}
    </section>
  );
}
