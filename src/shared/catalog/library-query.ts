import { z } from 'zod';
import { FILTER_TAGS, SEARCH_SORTS } from '#shared/catalog/constants.ts';

// /library's query: filters, sort and page live in the URL, so a plain GET form works without
// JavaScript and every result page is a link. The server parses it; the page draws its links from it.

export const LIBRARY_PAGE_SIZE = 24;

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
