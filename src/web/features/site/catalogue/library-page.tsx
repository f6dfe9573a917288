import type { ReactNode } from 'react';
import { FILTER_TAGS, SEARCH_SORTS, type SearchSort } from '#shared/catalog/constants.ts';
import { LIBRARY_PAGE_SIZE, type LibraryQuery, libraryHref } from '#shared/catalog/library-query.ts';
import type { HeadMeta, LibraryView } from '#shared/site/page-render.ts';
import { CardGrid } from '#web/components/template-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';

// /library: the public catalogue, searched with the members' engine (the server's search index) and
// rendered by the server per request. A plain GET form: it works without JavaScript and every result
// page is a link.

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  oldest: 'Oldest',
  popular: 'Most used',
  alphabetical: 'A to Z',
};

const tagLabel = (tag: string) => tag.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
/** A labelled control in the filter row. */
function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}
const LINK = 'font-medium text-brand-700 underline dark:text-brand-100';

const isFiltered = (query: LibraryQuery) => Boolean(query.q.trim() || query.tag || query.app);

/** Title, description, canonical and JSON-LD of one library view. */
export function libraryHead(view: LibraryView, baseUrl: string): HeadMeta {
  const { query, total } = view;
  const filtered = isFiltered(query);
  const count = `${total.toLocaleString('en-US')} ready-made n8n workflow ${total === 1 ? 'template' : 'templates'}`;
  // A search or filter describes what it found, not the library ("Browse 1 … templates" read as the
  // library's size, issue 43).
  const description = filtered
    ? `${count} ${total === 1 ? 'matches' : 'match'} this search in the Flowvault library: what each does, the apps it connects and how it is wired.`
    : `Browse ${count}: what each does, the apps it connects and how it is wired. Lifetime access to all of them with one payment.`;
  return {
    title: query.q.trim()
      ? `“${query.q.trim()}” in the n8n workflow template library | Flowvault`
      : 'n8n workflow template library: browse and search | Flowvault',
    description,
    // Search results and deep pages are not separate documents for search engines: the canonical is the
    // first page of the unfiltered library, or the page itself when it is only paged.
    url: `${baseUrl}${filtered || query.sort ? '/library' : libraryHref(query)}`,
    // Drawn at build with the site's pages (scripts/content/share-images.ts).
    image: `${baseUrl}/og/page/library.png`,
    noindex: filtered,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: 'Flowvault n8n workflow template library',
      url: `${baseUrl}/library`,
      description,
    },
  };
}

function Pager({ query, pages }: { query: LibraryQuery; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4">
      {query.page > 1 ? (
        <Button asChild variant="outline">
          <a rel="prev" href={libraryHref(query, { page: query.page - 1 })}>
            Previous page
          </a>
        </Button>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Page {query.page} of {pages}
      </p>
      {query.page < pages ? (
        <Button asChild variant="outline">
          <a rel="next" href={libraryHref(query, { page: query.page + 1 })}>
            Next page
          </a>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Summary({ view }: { view: LibraryView }) {
  const { query, total, didYouMean } = view;
  if (total > 0)
    return (
      <p className="mt-8 text-sm text-slate-600 dark:text-slate-400" role="status">
        {`${total.toLocaleString('en-US')} ${total === 1 ? 'template' : 'templates'}${isFiltered(query) ? ' found' : ''}`}
      </p>
    );
  return (
    <p className="mt-8 text-slate-700 dark:text-slate-300">
      No templates match this search.
      {didYouMean && (
        <>
          {' '}
          Did you mean{' '}
          <a className={LINK} href={libraryHref(query, { q: didYouMean, page: 1 })}>
            {didYouMean}
          </a>
          ?
        </>
      )}{' '}
      <a className={LINK} href="/library">
        Show every template
      </a>
    </p>
  );
}

export function LibraryPage({ view }: { view: LibraryView }) {
  const { query } = view;
  const pages = Math.max(1, Math.ceil(view.total / LIBRARY_PAGE_SIZE));
  const appMissing = query.app && !view.integrationCounts.some((i) => i.name === query.app);
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">n8n workflow template library</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-600 dark:text-slate-400">
        The templates members copy, download and deploy to their own n8n; each card says whether it deploys as
        it is. Browse freely: see what each one does, the apps it connects and how it is wired.
      </p>
      {/* biome-ignore lint/a11y/useSemanticElements: a <search> around the form is not in every supported browser's accessibility tree yet */}
      <form
        method="get"
        action="/library"
        role="search"
        className={`mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] ${cardClass({ tone: 'muted' })}`}
      >
        <div className="flex flex-col gap-1 sm:col-span-2 lg:col-span-1">
          <label htmlFor="library-q" className="text-sm font-medium">
            Search templates
          </label>
          <input
            id="library-q"
            name="q"
            type="search"
            defaultValue={query.q}
            maxLength={200}
            placeholder="Try “slack digest” or “invoice”"
            className={inputClass}
          />
        </div>
        <FilterField id="library-tag" label="Topic">
          <select id="library-tag" name="tag" className={inputClass} defaultValue={query.tag ?? ''}>
            <option value="">All topics</option>
            {FILTER_TAGS.map((t) => (
              <option key={t} value={t}>
                {`${tagLabel(t)} (${view.chipCounts[t] ?? 0})`}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="library-app" label="App">
          <select id="library-app" name="app" className={inputClass} defaultValue={query.app ?? ''}>
            <option value="">All apps</option>
            {appMissing && <option value={query.app}>{query.app}</option>}
            {view.integrationCounts.map((i) => (
              <option key={i.name} value={i.name}>
                {`${i.name} (${i.count})`}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="library-sort" label="Sort by">
          {/* No sort chosen: best match for a search, newest otherwise (the members' default). */}
          <select id="library-sort" name="sort" className={inputClass} defaultValue={query.sort ?? ''}>
            <option value="">Recommended</option>
            {SEARCH_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </FilterField>
        <div className="flex items-end">
          <Button type="submit" className="w-full">
            Search
          </Button>
        </div>
      </form>
      <Summary view={view} />
      {view.cards.length > 0 && <CardGrid cards={view.cards} />}
      <Pager query={query} pages={pages} />
      <section className={`mt-14 text-center ${cardClass({ tone: 'brand', padding: 'xl', radius: '2xl' })}`}>
        <h2 className="text-xl font-semibold">Use every template in your own n8n</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          One payment gives lifetime access: the workflow files, setup steps and one-click deploy.
        </p>
        <Button asChild size="lg" className="mt-4">
          <a href="/auth?mode=register">Get lifetime access</a>
        </Button>
      </section>
    </main>
  );
}
