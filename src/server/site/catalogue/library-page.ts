import { z } from 'zod';
import type { SearchIndex, SearchResult } from '#server/search/index.ts';
import { FILTER_TAGS, SEARCH_SORTS, type SearchSort } from '#shared/catalog/constants.ts';
import { cardGrid, esc, headTags, jsonLd } from './html.ts';

// /library: the public catalogue, searched with the members' engine (the server's search index) and
// drawn with the members' card look. Filters, sort and page live in the URL, so a plain GET form works
// without JavaScript and every result page is a link.

export const LIBRARY_PAGE_SIZE = 24;

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  oldest: 'Oldest',
  popular: 'Most used',
  alphabetical: 'A to Z',
};

/** A bad or missing value falls back to its default: a visitor's typo never answers an error page. */
const LibraryQuerySchema = z.object({
  q: z.string().max(200).catch('').default(''),
  tag: z.enum(FILTER_TAGS).optional().catch(undefined),
  app: z.string().max(100).optional().catch(undefined),
  sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type LibraryQuery = z.infer<typeof LibraryQuerySchema>;

export function parseLibraryQuery(params: Record<string, string>): LibraryQuery {
  return LibraryQuerySchema.parse(params);
}

/** The URL of a library view, with only the values that differ from the defaults. */
export function libraryHref(query: LibraryQuery, change: Partial<LibraryQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.q.trim()) params.set('q', next.q.trim());
  if (next.tag) params.set('tag', next.tag);
  if (next.app) params.set('app', next.app);
  if (next.sort) params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const s = params.toString();
  return s ? `/library?${s}` : '/library';
}

export async function searchLibrary(index: SearchIndex, query: LibraryQuery): Promise<SearchResult> {
  return index.search({
    q: query.q,
    chips: query.tag ? [query.tag] : [],
    integrations: query.app ? [query.app] : [],
    sort: query.sort,
    page: query.page,
    pageSize: LIBRARY_PAGE_SIZE,
  });
}

const tagLabel = (tag: string) => tag.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
const SELECT =
  'h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900';
const LINK_BUTTON =
  'inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800';

function option(value: string, label: string, selected: boolean): string {
  return `<option value="${esc(value)}"${selected ? ' selected' : ''}>${esc(label)}</option>`;
}

function pager(query: LibraryQuery, pages: number): string {
  if (pages <= 1) return '';
  const prev =
    query.page > 1
      ? `<a rel="prev" class="${LINK_BUTTON}" href="${esc(libraryHref(query, { page: query.page - 1 }))}">Previous page</a>`
      : '';
  const next =
    query.page < pages
      ? `<a rel="next" class="${LINK_BUTTON}" href="${esc(libraryHref(query, { page: query.page + 1 }))}">Next page</a>`
      : '';
  return `<nav aria-label="Pages" class="mt-10 flex items-center justify-between gap-4">${prev || '<span></span>'}<p class="text-sm text-slate-600 dark:text-slate-400">Page ${query.page} of ${pages}</p>${next || '<span></span>'}</nav>`;
}

/** The body and head of /library for one query. */
export function libraryPage(opts: {
  query: LibraryQuery;
  result: SearchResult;
  baseUrl: string;
  spriteUrl: string | null;
}): { head: string; body: string } {
  const { query, result } = opts;
  const pages = Math.max(1, Math.ceil(result.total / LIBRARY_PAGE_SIZE));
  const filtered = Boolean(query.q.trim() || query.tag || query.app);
  const title = query.q.trim()
    ? `“${query.q.trim()}” in the n8n workflow template library | Flowvault`
    : 'n8n workflow template library: browse and search | Flowvault';
  const count = `${result.total.toLocaleString('en-US')} ready-made n8n workflow ${result.total === 1 ? 'template' : 'templates'}`;
  // A search or filter describes what it found, not the library ("Browse 1 … templates" read as the
  // library's size, issue 43).
  const description = filtered
    ? `${count} ${result.total === 1 ? 'matches' : 'match'} this search in the Flowvault library: what each does, the apps it connects and how it is wired.`
    : `Browse ${count}: what each does, the apps it connects and how it is wired. Lifetime access to all of them with one payment.`;
  // Search results and deep pages are not separate documents for search engines: the canonical is the
  // first page of the unfiltered library, or the page itself when it is only paged.
  const canonical = `${opts.baseUrl}${filtered || query.sort ? '/library' : libraryHref(query)}`;
  const head = headTags({
    title,
    description,
    url: canonical,
    // Drawn at build with the site's pages (scripts/content/share-images.ts).
    image: `${opts.baseUrl}/og/page/library.png`,
    noindex: filtered,
    extra: jsonLd({
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      name: 'Flowvault n8n workflow template library',
      url: `${opts.baseUrl}/library`,
      description,
    }),
  });
  const tags = FILTER_TAGS.map((t) =>
    option(t, `${tagLabel(t)} (${result.chipCounts[t] ?? 0})`, query.tag === t),
  ).join('');
  const apps = result.integrationCounts
    .map((i) => option(i.name, `${i.name} (${i.count})`, query.app === i.name))
    .join('');
  const appMissing = query.app && !result.integrationCounts.some((i) => i.name === query.app);
  // No sort chosen: best match for a search, newest otherwise (the members' default).
  const sorts =
    option('', 'Recommended', !query.sort) +
    SEARCH_SORTS.map((s) => option(s, SORT_LABELS[s], query.sort === s)).join('');
  const summary =
    result.total === 0
      ? `<p class="mt-8 text-slate-700 dark:text-slate-300">No templates match this search.${
          result.didYouMean
            ? ` Did you mean <a class="font-medium text-brand-700 underline dark:text-brand-100" href="${esc(libraryHref(query, { q: result.didYouMean, page: 1 }))}">${esc(result.didYouMean)}</a>?`
            : ''
        } <a class="font-medium text-brand-700 underline dark:text-brand-100" href="/library">Show every template</a></p>`
      : `<p class="mt-8 text-sm text-slate-600 dark:text-slate-400" role="status">${result.total.toLocaleString('en-US')} ${result.total === 1 ? 'template' : 'templates'}${filtered ? ' found' : ''}</p>`;
  const body = `<main class="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">n8n workflow template library</h1>
<p class="mt-3 max-w-3xl text-lg text-slate-600 dark:text-slate-400">Every template members can copy, download and deploy to their own n8n. Browse freely: see what each one does, the apps it connects and how it is wired.</p>
<form method="get" action="/library" role="search" class="mt-8 grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] dark:border-slate-800 dark:bg-slate-900">
<div class="flex flex-col gap-1 sm:col-span-2 lg:col-span-1"><label for="library-q" class="text-sm font-medium">Search templates</label><input id="library-q" name="q" type="search" value="${esc(query.q)}" maxlength="200" placeholder="Try “slack digest” or “invoice”" class="h-10 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-950"></div>
<div class="flex flex-col gap-1"><label for="library-tag" class="text-sm font-medium">Topic</label><select id="library-tag" name="tag" class="${SELECT}"><option value="">All topics</option>${tags}</select></div>
<div class="flex flex-col gap-1"><label for="library-app" class="text-sm font-medium">App</label><select id="library-app" name="app" class="${SELECT}"><option value="">All apps</option>${appMissing ? option(query.app!, query.app!, true) : ''}${apps}</select></div>
<div class="flex flex-col gap-1"><label for="library-sort" class="text-sm font-medium">Sort by</label><select id="library-sort" name="sort" class="${SELECT}">${sorts}</select></div>
<div class="flex items-end"><button type="submit" class="h-10 w-full rounded-lg bg-brand-600 px-5 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2">Search</button></div>
</form>
${summary}
${
  result.items.length > 0
    ? cardGrid(
        result.items.map((e) => e.card),
        opts.spriteUrl,
      )
    : ''
}
${pager(query, pages)}
<section class="mt-14 rounded-2xl bg-brand-50 p-6 text-center dark:bg-slate-900"><h2 class="text-xl font-semibold">Use every template in your own n8n</h2><p class="mt-2 text-slate-700 dark:text-slate-300">One payment gives lifetime access: the workflow files, setup steps and one-click deploy.</p><a href="/auth?mode=register" class="mt-4 inline-flex h-11 items-center rounded-lg bg-brand-600 px-6 font-medium text-white hover:bg-brand-700">Get lifetime access</a></section>
</main>`;
  return { head, body };
}
