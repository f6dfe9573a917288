import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentNavigation, NavigationProvider } from '#web/lib/navigation.tsx';
import { SocialProofCard } from './social-proof-card.tsx';

/** The screen width the browser reports through matchMedia (jsdom has none). */
function screenWidth(px: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: px >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function renderAt(pathname: string) {
  render(
    <NavigationProvider value={documentNavigation(pathname)}>
      <main>
        <button type="button">Get Lifetime Access</button>
      </main>
      <SocialProofCard />
    </NavigationProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('the floating testimonial card', () => {
  it('appears 3 s after load on a wide screen', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(3100));
    expect(screen.getByRole('complementary', { name: 'What members say' })).toBeDefined();
  });

  it('never covers the content and its calls to action on a phone (390 px)', async () => {
    vi.useFakeTimers();
    screenWidth(390);
    renderAt('/');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByRole('complementary', { name: 'What members say' })).toBeNull();
  });

  it('never shows on an operator page', async () => {
    vi.useFakeTimers();
    screenWidth(1366);
    renderAt('/admin/catalog');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.queryByRole('complementary', { name: 'What members say' })).toBeNull();
  });
});
