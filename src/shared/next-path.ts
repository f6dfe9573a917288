// Where a visitor goes after signing in or paying: only a path on this site, never another origin
// (an open redirect would let a link on our domain send members to a look-alike sign-in page).

const MAX_LENGTH = 512;

/** `raw` when it is a same-site path ("/automation/x?y"), else undefined. */
export function safeNextPath(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return undefined;
  // One leading slash: "//host" and "/\host" are other sites to a browser.
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return undefined;
  // No control characters or backslashes (browsers strip or turn them into slashes) and no scheme tricks.
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return undefined;
  }
  try {
    const url = new URL(raw, 'http://flowvault.invalid');
    if (url.origin !== 'http://flowvault.invalid') return undefined;
  } catch {
    return undefined;
  }
  return raw;
}

/** The payment page that sends the member on to `path` once paid. */
export function nextPathAfterBuying(path: string): string {
  return `/payment?next=${encodeURIComponent(path)}`;
}
