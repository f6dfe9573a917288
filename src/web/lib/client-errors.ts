import type { ClientErrorReport } from '#shared/schemas/system.ts';

// Errors thrown by wallet extensions (MetaMask and friends) or tag/ad scripts are not ours:
// they never show the error fallback and are not reported.
const IGNORED_PATTERNS = [
  /chrome-extension:\/\//i,
  /moz-extension:\/\//i,
  /safari-(web-)?extension:\/\//i,
  /metamask/i,
  /ethereum/i,
  /web3/i,
  /phantom/i,
  /coinbase/i,
  /googletagmanager/i,
  /google-analytics/i,
  /gtag\//i,
  /doubleclick/i,
  /adsbygoogle/i,
  /fbevents/i,
];

// Failures to load code or styles after a deploy or because of an extension or stale cache.
const LOADING_PATTERNS = [
  /ChunkLoadError/i,
  /Loading chunk [\w-]+ failed/i,
  /Loading CSS chunk/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${error.stack ?? ''}`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

export function isIgnorableError(error: unknown, sourceUrl?: string): boolean {
  const text = `${describeError(error)}\n${sourceUrl ?? ''}`;
  return IGNORED_PATTERNS.some((p) => p.test(text));
}

export function isLoadingError(error: unknown): boolean {
  const text = describeError(error);
  return LOADING_PATTERNS.some((p) => p.test(text));
}

/** Sends an error to the server log; never throws (a failing report must not cause another error). */
export function reportClientError(report: ClientErrorReport): void {
  try {
    const body = JSON.stringify(report);
    if (typeof navigator !== 'undefined' && navigator.sendBeacon) {
      navigator.sendBeacon('/api/client-errors', new Blob([body], { type: 'application/json' }));
      return;
    }
    void fetch('/api/client-errors', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    }).catch(() => {});
  } catch {
    // Reporting is best effort.
  }
}

/** Keeps errors from extensions and tag scripts out of the console and out of our reports. */
export function installGlobalErrorFilter(target: Window): void {
  target.addEventListener('error', (event) => {
    if (isIgnorableError(event.error ?? event.message, event.filename)) event.preventDefault();
  });
  target.addEventListener('unhandledrejection', (event) => {
    if (isIgnorableError(event.reason)) event.preventDefault();
  });
}
