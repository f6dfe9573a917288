import { createHash } from 'node:crypto';

// Validators for API reads. Weak ETags: the same answer may go out gzip-, brotli- or un-encoded.

/** Member reads: a browser may keep them but must ask again each time; shared caches never. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

export function weakEtag(...parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this ETag (weak comparison, a list, or `*`). */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
