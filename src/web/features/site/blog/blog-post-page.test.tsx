import posts from 'virtual:flowvault/blog';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authors } from '#web/features/site/site-content.ts';
import { documentNavigation, NavigationProvider } from '#web/lib/navigation.tsx';
import { BlogPostPage } from './blog-post-page.tsx';

function renderPost(pathname: string) {
  return render(
    <NavigationProvider value={documentNavigation(pathname)}>
      <BlogPostPage />
    </NavigationProvider>,
  );
}

describe('blog post page', () => {
  it('leads from Home and Blog to the post in its breadcrumb, and back to the blog', () => {
    const post = posts[0]!;
    renderPost(`/blog/${post.slug}`);
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
    expect(crumbs.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Blog', '/blog'],
    ]);
    expect(crumbs.getAllByRole('listitem').at(-1)?.textContent).toBe(post.title);
    expect(screen.getByRole('link', { name: 'Back to Blog' }).getAttribute('href')).toBe('/blog');
  });

  it("opens the author's profiles in a new tab, named for screen readers", () => {
    const post = posts.find((p) => authors.some((a) => a.name === p.author && a.social.linkedin))!;
    renderPost(`/blog/${post.slug}`);
    const linkedin = screen.getAllByRole('link').find((a) => a.textContent?.startsWith('LinkedIn'))!;
    expect(linkedin.textContent).toBe(`LinkedIn of ${post.author} (opens in a new tab)`);
    expect(linkedin.getAttribute('target')).toBe('_blank');
  });

  it("answers an unknown slug with 'Post Not Found' and a button back to the blog", () => {
    renderPost('/blog/no-such-post');
    expect(screen.getByRole('heading', { name: 'Post Not Found' })).toBeDefined();
    const back = screen.getByRole('link', { name: 'Back to Blog' });
    expect(back.getAttribute('href')).toBe('/blog');
    expect(back.className).toContain('bg-brand-600');
  });
});
