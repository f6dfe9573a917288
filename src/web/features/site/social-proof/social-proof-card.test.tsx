import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Testimonial } from '#shared/schemas/content.ts';
import { documentNavigation, NavigationProvider } from '#web/lib/navigation.tsx';
import { SocialProofCard } from './social-proof-card.tsx';

/** Reviews an operator wrote into content/testimonials.json (the shipped file is empty). */
const REVIEWS: Testimonial[] = [
  {
    id: 'r1',
    name: 'Ada Reviewer',
    title: 'Operations lead',
    review: 'Imported the invoice workflow and retired a spreadsheet routine.',
    rating: 5,
    date: '2026-03-14',
    verified: true,
    location: 'Lyon, France',
  },
  {
    id: 'r2',
    name: 'Ben Reviewer',
    title: 'Consultant',
    review: 'I start every client project from a template now.',
    rating: 4,
    date: '2026-02-01',
    verified: false,
    location: 'Leeds, UK',
  },
];

/** The screen width the browser reports through matchMedia (jsdom has none). */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: px >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderAt(
  pathname: string,
  page: ReactNode = <button type="button">Get Lifetime Access</button>,
  testimonials = REVIEWS,
) {
  return render(
    <NavigationProvider value={documentNavigation(pathname)}>
      <main>{page}</main>
      <SocialProofCard testimonials={testimonials} />
    </NavigationProvider>,
  );
}

/** jsdom lays nothing out: where the page would draw an element. */
function placeAt(el: Element, box: { left: number; top: number; width: number; height: number }) {
  const rect = { ...box, right: box.left + box.width, bottom: box.top + box.height, x: box.left, y: box.top };
  el.getBoundingClientRect = () => ({ ...rect, toJSON: () => rect }) as DOMRect;
}

/** The card floats at the bottom left of a 1366 × 768 window. */
const CARD_BOX = { left: 16, top: 600, width: 352, height: 150 };

const card = () => screen.queryByRole('complementary', { name: 'What members say' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the floating testimonial card', () => {
  it('appears 3 s after load on a wide screen with the review, its month and the operator’s verification', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(card()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(card()?.textContent).toContain('Ada Reviewer');
    expect(card()?.textContent).toContain('March 2026');
    expect(screen.getByLabelText('Verified purchase')).toBeDefined();
  });

  it('shows nothing without the operator’s reviews (a fresh install has none)', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt('/', undefined, []);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(card()).toBeNull();
  });

  it('stays closed once closed, after the page loads again', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    const first = renderAt('/blog');
    await act(() => vi.advanceTimersByTimeAsync(3100));
    act(() => screen.getByRole('button', { name: 'Close testimonial' }).click());
    expect(card()).toBeNull();
    expect(localStorage.getItem('socialProofClosed')).toBe('true');
    first.unmount();
    renderAt('/blog');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(card()).toBeNull();
  });

  it('never covers a form, a price or a figure: it waits, out of sight, until the page moves on', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt(
      '/contact-us',
      <>
        <form aria-label="Contact">
          <button type="submit">Send Message</button>
        </form>
        <p data-keep-clear>$ price</p>
      </>,
    );
    const form = screen.getByRole('form', { name: 'Contact' });
    const price = screen.getByText('$ price');
    // The form lies under the card's corner; the price is elsewhere.
    placeAt(form, { left: 100, top: 500, width: 600, height: 200 });
    placeAt(price, { left: 900, top: 100, width: 200, height: 60 });
    // The card is created when it shows: it floats at its corner wherever it is created.
    const prototype = HTMLElement.prototype.getBoundingClientRect;
    const cardRect = { ...CARD_BOX, right: 368, bottom: 750, x: 16, y: 600 };
    HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
      return this.hasAttribute('data-social-proof')
        ? ({ ...cardRect, toJSON: () => cardRect } as DOMRect)
        : prototype.call(this);
    };
    try {
      await act(() => vi.advanceTimersByTimeAsync(3100));
      const aside = document.querySelector('[data-social-proof]')!;
      expect(aside.className).toContain('invisible');
      expect(aside.getAttribute('aria-hidden')).toBe('true');
      expect(card()).toBeNull();
      // The visitor scrolls the form away, and the price under the card: still hidden.
      placeAt(form, { left: 100, top: -400, width: 600, height: 200 });
      placeAt(price, { left: 40, top: 620, width: 200, height: 60 });
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await vi.advanceTimersByTimeAsync(5100);
      });
      expect(document.querySelector('[data-social-proof]')?.className).toContain('invisible');
      // Nothing under it any more: it shows.
      placeAt(price, { left: 900, top: 100, width: 200, height: 60 });
      await act(async () => {
        window.dispatchEvent(new Event('scroll'));
        await vi.advanceTimersByTimeAsync(100);
      });
      expect(card()?.className).not.toContain('invisible');
    } finally {
      HTMLElement.prototype.getBoundingClientRect = prototype;
    }
  });

  it('never covers the content and its calls to action on a phone (390 px)', async () => {
    vi.useFakeTimers();
    screenWidth(390);
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(card()).toBeNull();
  });

  it('never shows on an operator page', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt('/admin/catalog');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(card()).toBeNull();
  });
});
