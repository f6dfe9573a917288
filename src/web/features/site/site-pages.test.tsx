import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogListPage } from './blog/blog-list-page.tsx';
import { catalogCounters, LIVE_REFRESH_MS } from './landing/catalog-data.ts';
import { WorkflowCounter } from './landing/workflow-counter.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  catalogCounters.reset();
});

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
    render(<WorkflowCounter />);
    expect(screen.getByTestId('workflow-counter').textContent).toBe('Loading...');
    expect(await screen.findByText('2.1K+')).toBeDefined();
    expect(fetch).toHaveBeenCalledWith(`${window.location.origin}/api/catalog/counters`, expect.anything());
  });

  it("shows '1,500+' when the call fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500 })),
    );
    render(<WorkflowCounter />);
    expect(await screen.findByText('1,500+')).toBeDefined();
  });

  it("shows '1,500+' when the endpoint answers something that is not a count", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ totalWorkflows: 'lots', categories: 8, integrations: 3 })),
    );
    render(<WorkflowCounter />);
    expect(await screen.findByText('1,500+')).toBeDefined();
  });
});

describe('live catalogue data', () => {
  const counters = (total: number) =>
    Response.json({
      totalWorkflows: total,
      perSource: {},
      categories: 8,
      integrations: 3,
      lastUpdated: null,
    });

  it('fetches once for every component that shows it', async () => {
    const fetch = vi.fn(async () => counters(850));
    vi.stubGlobal('fetch', fetch);
    render(
      <>
        <WorkflowCounter />
        <WorkflowCounter />
      </>,
    );
    expect(await screen.findAllByText('850+')).toHaveLength(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('refreshes every 90 s and keeps the last numbers when a refresh fails', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const fetch = vi
        .fn()
        .mockImplementationOnce(async () => counters(850))
        .mockImplementationOnce(async () => new Response('down', { status: 503 }))
        .mockImplementationOnce(async () => counters(1200));
      vi.stubGlobal('fetch', fetch);
      render(<WorkflowCounter />);
      expect(await screen.findByText('850+')).toBeDefined();
      vi.advanceTimersByTime(LIVE_REFRESH_MS);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
      expect(screen.getByTestId('workflow-counter').textContent).toBe('850+');
      vi.advanceTimersByTime(LIVE_REFRESH_MS);
      expect(await screen.findByText('1.2K+')).toBeDefined();
    } finally {
      vi.useRealTimers();
    }
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
