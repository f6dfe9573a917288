import { AlertTriangle } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { isLoadingError } from '#web/lib/client-errors.ts';

/** Clears what a stale deploy or cache can leave behind, then reloads. Local settings are kept. */
async function clearCacheAndReload() {
  try {
    if ('caches' in window) {
      for (const key of await caches.keys()) await caches.delete(key);
    }
    const registrations = (await navigator.serviceWorker?.getRegistrations?.()) ?? [];
    for (const registration of registrations) await registration.unregister();
    sessionStorage.clear();
  } finally {
    window.location.reload();
  }
}

export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const loading = isLoadingError(error);
  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div role="alert" className="w-full max-w-md text-center">
        <AlertTriangle aria-hidden="true" className="mx-auto h-12 w-12 text-amber-500" />
        <h1 className="mt-4 text-2xl font-bold">Something went wrong</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {loading
            ? 'The application is experiencing a loading issue. This may be due to browser extensions or caching.'
            : "We encountered an unexpected error. This has been logged and we'll look into it."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={onRetry}>Try Again</Button>
          <Button asChild variant="outline">
            <a href="/">Go Home</a>
          </Button>
          {loading && (
            <Button variant="secondary" onClick={() => void clearCacheAndReload()}>
              Clear Cache &amp; Reload
            </Button>
          )}
        </div>
      </div>
    </main>
  );
}
