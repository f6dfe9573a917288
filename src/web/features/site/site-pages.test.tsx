import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogListPage } from './blog/blog-list-page.tsx';
import { WorkflowCounter } from './landing/workflow-counter.tsx';

afterEach(() => vi.unstubAllGlobals());

function withQuery(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('workflow counter', () => {
  it("shows 'Loading...', then the total in K+ from the counters endpoint", async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        totalWorkflows: 2170,
        perSource: { vault: 2170 },
        categories: 8,
        integrations: 300,
        lastUpdated: null,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    withQuery(<WorkflowCounter />);
    expect(screen.getByTestId('workflow-counter').textContent).toBe('Loading...');
    expect(await screen.findByText('2.2K+')).toBeDefined();
    expect(fetch).toHaveBeenCalledWith('/api/catalog/counters', expect.anything());
  });

  it("shows '1,500+' when the call fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    withQuery(<WorkflowCounter />);
    expect(await screen.findByText('1,500+')).toBeDefined();
  });
});

describe('blog list', () => {
  function renderList() {
    const router = createMemoryRouter([{ path: '/blog', element: <BlogListPage /> }], {
      initialEntries: ['/blog'],
    });
    return render(<RouterProvider router={router} />);
  }

  it('combines the search with the category buttons', () => {
    renderList();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
    fireEvent.change(screen.getByPlaceholderText('Search articles...'), { target: { value: 'n8n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Case Studies' }));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Case Study: Replacing Nightly Spreadsheet Work with n8n Data Pipelines',
    ]);
    fireEvent.change(screen.getByPlaceholderText('Search articles...'), { target: { value: 'shopify' } });
    expect(screen.getByText('No articles found matching your criteria.')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });
});
