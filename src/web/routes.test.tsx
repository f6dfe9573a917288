import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hrefTo, matchRoute, ROUTES, routeParams } from '#shared/routes.ts';
import { PAGES, routes } from './routes.tsx';
import { loadSitePage, NOT_FOUND_PAGE, SITE_PAGES, sitePageFor } from './site-pages.tsx';

describe('the route table', () => {
  it('has a page with a title and description for every shared route, and no other', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const page of Object.values(PAGES)) {
      expect(page.meta.title.length).toBeGreaterThan(10);
      expect(page.meta.description.length).toBeGreaterThan(50);
    }
  });

  it('matches known paths and nothing else', () => {
    expect(matchRoute('/')).toBe('home');
    expect(matchRoute('/nope')).toBeUndefined();
    expect(hrefTo('home')).toBe('/');
  });

  it('reads typed params from a path, and nothing from a path that does not match', () => {
    expect(routeParams('blogPost', '/blog/a-post/')).toEqual({ slug: 'a-post' });
    expect(routeParams('automation', '/automation/x%20y')).toEqual({ id: 'x y' });
    expect(routeParams('blogPost', '/blog')).toBeUndefined();
    expect(routeParams('blogPost', '/blog/%E0%A4%A')).toBeUndefined();
    expect(routeParams('home', '/')).toEqual({});
  });

  it('sends public paths to the site entry, app paths to the app, unknown paths to the 404 page', () => {
    expect(sitePageFor('/')).toBe(SITE_PAGES.home);
    expect(sitePageFor('/blog/no-such-post')).toBe(SITE_PAGES.blogPost);
    expect(sitePageFor('/contact-us')).toBe(SITE_PAGES.contactUs);
    expect(sitePageFor('/dashboard')).toBeUndefined();
    expect(sitePageFor('/auth')).toBeUndefined();
    expect(sitePageFor('/no/such/page')).toBe(NOT_FOUND_PAGE);
  });

  it('loads a component for every public page', async () => {
    for (const page of [...Object.values(SITE_PAGES), NOT_FOUND_PAGE]) {
      expect(typeof (await loadSitePage(page)).Component).toBe('function');
    }
    await expect(loadSitePage({ ...NOT_FOUND_PAGE, component: 'Nope' })).rejects.toThrow(
      'pages/not-found.tsx exports no Nope',
    );
  });

  it("renders a blog post in the app's router with its body, loaded before the page renders", async () => {
    const router = createMemoryRouter(routes, {
      initialEntries: ['/blog/complete-guide-n8n-workflow-automation'],
    });
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'How an n8n workflow thinks' }),
    ).toBeDefined();
  });

  it('a blog post page prepares nothing for an unknown or hostile slug', async () => {
    const { prepare } = await loadSitePage(SITE_PAGES.blogPost);
    for (const path of ['/blog/no-such-post', '/blog/constructor', '/blog/__proto__', '/blog/%E0%A4%A']) {
      await expect(prepare?.(path)).resolves.toBeUndefined();
    }
  });

  it('renders the 404 texts for an unknown path', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/definitely/not/here'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '404' })).toBeDefined();
    expect(screen.getByText('Oops! Page not found')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
