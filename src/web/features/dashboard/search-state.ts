import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FILTER_TAGS, SEARCH_SORTS, type SearchSort } from '#shared/catalog/constants.ts';

/** Reads and writes the search state in the URL (?section=search&q=…&chips=a,b&sort=…). */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const chips = (params.get('chips') ?? '')
    .split(',')
    .filter((c) => (FILTER_TAGS as readonly string[]).includes(c));
  const rawSort = params.get('sort');
  /** A sort the member picked; otherwise relevance with a query, newest without. */
  const chosenSort = (SEARCH_SORTS as readonly string[]).includes(rawSort ?? '')
    ? (rawSort as SearchSort)
    : null;
  const apps = (params.get('apps') ?? '').split(',').filter(Boolean);
  const rawStack = params.get('stack');
  const stackMode: 'only' | 'any' | null = rawStack === 'only' || rawStack === 'any' ? rawStack : null;
  // The newest params, rendered or written: a write made by a timer set before another change (the
  // debounced query after "Clear filters") must not bring back what that change removed, even when the
  // timer fires before that change has rendered. React Router's functional form hands an older
  // render's params to such a late call.
  const latest = useRef(params);
  latest.current = params;
  const update = (changes: Record<string, string | null>) =>
    setParams(
      () => {
        const next = new URLSearchParams(latest.current);
        next.set('section', 'search');
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        latest.current = next;
        return next;
      },
      { replace: true },
    );
  const verified = params.get('verified') === '1';
  return { q, chips, chosenSort, apps, stackMode, verified, update };
}
