import type { BlogPostSummary } from '#shared/schemas/content.ts';

export const ALL_CATEGORIES = 'All';

/** Case-insensitive search over title, excerpt and tags, combined with the category filter. */
export function filterPosts<P extends Pick<BlogPostSummary, 'title' | 'excerpt' | 'tags' | 'category'>>(
  posts: P[],
  query: string,
  category: string,
): P[] {
  const q = query.trim().toLowerCase();
  return posts.filter(
    (p) =>
      (category === ALL_CATEGORIES || p.category === category) &&
      (q === '' ||
        p.title.toLowerCase().includes(q) ||
        p.excerpt.toLowerCase().includes(q) ||
        p.tags.some((t) => t.toLowerCase().includes(q))),
  );
}

/** Up to 3 posts sharing the category or any tag, excluding the post itself, in list order. */
export function relatedPosts<P extends Pick<BlogPostSummary, 'slug' | 'tags' | 'category'>>(
  posts: P[],
  current: P,
  limit = 3,
): P[] {
  return posts
    .filter(
      (p) =>
        p.slug !== current.slug &&
        (p.category === current.category || p.tags.some((t) => current.tags.includes(t))),
    )
    .slice(0, limit);
}

/** Previous and next posts by list order. */
export function neighbours<P extends Pick<BlogPostSummary, 'slug'>>(posts: P[], slug: string) {
  const i = posts.findIndex((p) => p.slug === slug);
  return { previous: i > 0 ? posts[i - 1] : undefined, next: i >= 0 ? posts[i + 1] : undefined };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "2023-12-20" → "December 20, 2023", the same in every time zone. Spelled out by hand: the first
 * Intl date format on a page costs a slow phone ~200 ms of main thread.
 */
export function formatPublishDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${day}, ${year}`;
}
