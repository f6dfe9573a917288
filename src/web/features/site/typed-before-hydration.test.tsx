import { act, fireEvent, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogListPage } from './blog/blog-list-page.tsx';
import { NewsletterForm } from './newsletter/newsletter-form.tsx';
import { ContactForm } from './static/contact-form.tsx';

// The public pages are prerendered: a visitor can type before the script hydrates them. What was typed
// must survive the first re-render after hydration and be what the form sends (decision 0020).

/** Server HTML typed into, hydrated, then rendered again (as any state change would). */
async function typedBeforeHydration(page: () => ReactElement, typed: Record<string, string>) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(page());
  document.body.append(container);
  const field = (name: string) =>
    container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;
  for (const [name, value] of Object.entries(typed)) field(name).value = value;
  const root = await act(async () => hydrateRoot(container, page()));
  await act(async () => root.render(page()));
  return {
    container,
    field,
    async done() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

function stubFetch() {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      sent.push({ url: new URL(request.url).pathname, body: await request.json() });
      return Response.json({ ok: true });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('typing before a prerendered page hydrates', () => {
  it('the contact form keeps and sends what was typed', async () => {
    const sent = stubFetch();
    const page = await typedBeforeHydration(() => <ContactForm />, {
      name: 'Early Visitor',
      email: 'early@example.com',
      message: 'Typed before the script loaded.',
    });
    expect(page.field('message').value).toBe('Typed before the script loaded.');
    fireEvent.click(within(page.container).getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/contact',
      body: {
        name: 'Early Visitor',
        email: 'early@example.com',
        message: 'Typed before the script loaded.',
        website: '',
      },
    });
    await page.done();
  });

  it('the newsletter form keeps and sends the address', async () => {
    const sent = stubFetch();
    const page = await typedBeforeHydration(() => <NewsletterForm />, { email: 'early@example.com' });
    expect(page.field('email').value).toBe('early@example.com');
    fireEvent.click(within(page.container).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ url: '/api/newsletter/subscribe', body: { email: 'early@example.com' } });
    await page.done();
  });

  it('the blog search keeps the words and filters the list by them', async () => {
    const router = createMemoryRouter([{ path: '/blog', element: <BlogListPage /> }], {
      initialEntries: ['/blog'],
    });
    const page = await typedBeforeHydration(() => <RouterProvider router={router} />, { q: 'shopify' });
    expect(page.field('q').value).toBe('shopify');
    // Six articles without a query; one mentions Shopify.
    expect(within(page.container).getAllByRole('heading', { level: 2 })).toHaveLength(1);
    await page.done();
  });
});
