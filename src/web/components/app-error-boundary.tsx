import { Component, type ReactNode } from 'react';
import { isIgnorableError, isLoadingError, reportClientError } from '#web/lib/client-errors.ts';
import { ErrorFallback } from './error-fallback.tsx';

type State = { error: unknown; hasError: boolean };

/** The top-level fallback for render errors outside the router's own boundary. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    // An extension's error is not ours to show; keep rendering the app.
    if (isIgnorableError(error)) return { error: null, hasError: false };
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown) {
    if (isIgnorableError(error)) return;
    reportClientError({
      kind: isLoadingError(error) ? 'loading' : 'render',
      message: error instanceof Error ? error.message.slice(0, 2000) : String(error).slice(0, 2000),
      stack: error instanceof Error ? error.stack?.slice(0, 8000) : undefined,
      path: window.location.pathname.slice(0, 2000),
    });
  }

  override render() {
    if (this.state.hasError) {
      return (
        <ErrorFallback
          error={this.state.error}
          onRetry={() => this.setState({ error: null, hasError: false })}
        />
      );
    }
    return this.props.children;
  }
}
