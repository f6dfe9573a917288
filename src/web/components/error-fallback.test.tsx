import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorFallback } from './error-fallback.tsx';

describe('ErrorFallback', () => {
  it('shows the generic text with Try Again and Go Home', () => {
    const retry = vi.fn();
    render(<ErrorFallback error={new TypeError('x is undefined')} onRetry={retry} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeDefined();
    expect(
      screen.getByText("We encountered an unexpected error. This has been logged and we'll look into it."),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Clear Cache & Reload' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('offers Clear Cache & Reload with its own text for loading errors', () => {
    render(
      <ErrorFallback
        error={new TypeError('Failed to fetch dynamically imported module: /assets/x.js')}
        onRetry={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'The application is experiencing a loading issue. This may be due to browser extensions or caching.',
      ),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Clear Cache & Reload' })).toBeDefined();
  });
});
