import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hrefTo, matchRoute, ROUTES } from '#shared/routes.ts';
import { PAGES, routes } from './routes.tsx';

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

  it('renders the 404 texts for an unknown path', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/definitely/not/here'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: '404' })).toBeDefined();
    expect(screen.getByText('Oops! Page not found')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
