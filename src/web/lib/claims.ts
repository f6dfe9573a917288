import {
  CLAIM_FALLBACK,
  CLAIMS_META,
  type ClaimFigures,
  fillClaimsDeep,
  parseClaimsMeta,
} from '#shared/claims.ts';

/**
 * The catalogue figures of this page: in the browser, the ones the server wrote into the page's meta tag
 * (the spec's fallback on a page it did not fill); while prerendering, none, so the placeholders stay in
 * the HTML for the server to fill when it sends the page (decision 0016).
 */
export function pageClaimFigures(): ClaimFigures | undefined {
  if (typeof document === 'undefined') return undefined;
  const meta = document.querySelector(`meta[name="${CLAIMS_META}"]`);
  return parseClaimsMeta(meta?.getAttribute('content')) ?? CLAIM_FALLBACK;
}

/** Operator content with its catalogue placeholders filled (content modules pass through here). */
export function withClaims<T>(value: T): T {
  const figures = pageClaimFigures();
  return figures ? fillClaimsDeep(value, figures) : value;
}
