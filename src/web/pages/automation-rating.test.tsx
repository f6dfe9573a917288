import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detail } from '#tests/support/web/automation-fixtures.ts';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { AutomationPage } from './automation.tsx';

/** The network boundary: the detail, and a rating that becomes the member's 4 stars once PUT. */
function stubApi() {
  let rated = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      const method = init?.method ?? (typeof input === 'string' ? 'GET' : input.method);
      const reply = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/catalog/automations/lead-router')
        return reply(detail({ rating: null, ratingCount: 0 }));
      if (url.pathname === '/api/catalog/automations/lead-router/by-author') return reply({ items: [] });
      if (url.pathname === '/api/library/events') return reply({ recorded: true });
      if (url.pathname === '/api/library/ratings/lead-router') {
        if (method === 'PUT') rated = true;
        return reply(
          rated
            ? { automationId: 'lead-router', stars: 4, rating: 4, ratingCount: 1 }
            : { automationId: 'lead-router', stars: null, rating: null, ratingCount: 0 },
        );
      }
      throw new Error(`unexpected call ${method} ${url.pathname}`);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/automation/:id rating', () => {
  it("the header's figure follows the member's rating at once, not at the next refresh", async () => {
    stubApi();
    renderApp({
      path: '/automation/lead-router',
      auth: 'member',
      routes: { '/automation/:id': <AutomationPage /> },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Lead router' });
    const header = heading.closest('header')!;
    expect(within(header).getByText('0.0 (0)')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Rate 4 stars' }));
    expect(
      await within(header).findByText('4.0 (1)', { selector: 'span:not([class*="text-sm"])' }),
    ).toBeDefined();
    expect(within(header).queryByText('0.0 (0)')).toBeNull();
  });
});
