import posts from 'virtual:flowvault/blog';
import { describe, expect, it } from 'vitest';
import { filterPosts, formatPublishDate, neighbours, relatedPosts } from './blog-filter.ts';

describe('blog filtering', () => {
  it('searches title, excerpt and tags case-insensitively and combines with the category', () => {
    expect(filterPosts(posts, 'SHOPIFY', 'All').map((p) => p.slug)).toEqual([
      'ecommerce-automation-with-n8n',
    ]);
    expect(filterPosts(posts, 'n8n', 'Case Studies').map((p) => p.slug)).toEqual([
      'data-processing-automation-workflows',
    ]);
    expect(filterPosts(posts, 'shopify', 'Tutorials')).toEqual([]);
    expect(filterPosts(posts, '  ', 'All')).toHaveLength(6);
    expect(filterPosts(posts, 'remote-work', 'All').map((p) => p.slug)).toEqual([
      'productivity-automation-remote-teams',
    ]);
  });

  it('finds up to 3 related posts by category or shared tag, never the post itself', () => {
    const current = posts[0]!;
    const related = relatedPosts(posts, current);
    expect(related.length).toBeLessThanOrEqual(3);
    expect(related.length).toBeGreaterThan(0);
    expect(related.some((p) => p.slug === current.slug)).toBe(false);
    for (const p of related) {
      expect(p.category === current.category || p.tags.some((t) => current.tags.includes(t))).toBe(true);
    }
  });

  it('gives previous and next by list order', () => {
    expect(neighbours(posts, posts[0]!.slug)).toEqual({ previous: undefined, next: posts[1] });
    expect(neighbours(posts, posts[5]!.slug)).toEqual({ previous: posts[4], next: undefined });
  });

  it('formats dates the same in every time zone', () => {
    expect(formatPublishDate('2023-12-20')).toBe('December 20, 2023');
    expect(formatPublishDate('2024-01-05')).toBe('January 5, 2024');
  });

  it('spells every post date as en-US does', () => {
    for (const { publishDate } of posts) {
      const intl = new Date(`${publishDate}T12:00:00Z`).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(formatPublishDate(publishDate)).toBe(intl);
    }
  });
});
