// Library-size and integration-count claims (issue 18, decision 0016). Operator content and page copy
// write placeholders; the figures come from the live catalogue: the server fills them into every HTML
// page it sends (src/server/site/claim-pages.ts) and the browser fills its copy of the content from the
// page's <meta name="flowvault:claims"> (src/web/lib/claims.ts). The spec's own figures are only the
// fallback for when the catalogue cannot be read.

/** Placeholders an operator writes in content/ or page copy. */
export const CLAIM_TOKENS = {
  workflows: '{{workflowCount}}',
  integrations: '{{integrationCount}}',
} as const;

export type ClaimFigures = { workflows: string; integrations: string };

/** The spec's figures (part 1 §1: "2,170+" workflows, "500+ integrations"), shown only without a catalogue. */
export const CLAIM_FALLBACK: ClaimFigures = { workflows: '2,170+', integrations: '500+' };

/** The name of the meta tag that carries the figures to the browser. */
export const CLAIMS_META = 'flowvault:claims';

/**
 * A count written the way the spec writes claims, rounded down so it never overstates: below 10 the
 * number itself; below 10,000 its first digit followed by zeros (56 → "50+", 2,170 → "2,000+");
 * from 10,000 whole thousands (52,345 → "52,000+").
 */
export function formatClaimCount(count: number): string {
  const n = Math.max(0, Math.floor(count));
  if (n < 10) return String(n);
  const step = n < 10_000 ? 10 ** Math.floor(Math.log10(n)) : 1000;
  return `${(Math.floor(n / step) * step).toLocaleString('en-US')}+`;
}

export function claimFigures(counts: { workflows: number; integrations: number }): ClaimFigures {
  return {
    workflows: formatClaimCount(counts.workflows),
    integrations: formatClaimCount(counts.integrations),
  };
}

export function hasClaimTokens(text: string): boolean {
  return text.includes(CLAIM_TOKENS.workflows) || text.includes(CLAIM_TOKENS.integrations);
}

export function fillClaims(text: string, figures: ClaimFigures): string {
  return text
    .replaceAll(CLAIM_TOKENS.workflows, figures.workflows)
    .replaceAll(CLAIM_TOKENS.integrations, figures.integrations);
}

/** The meta tag's content: both figures, or the tokens the server replaces. */
export const CLAIMS_META_CONTENT = `${CLAIM_TOKENS.workflows}|${CLAIM_TOKENS.integrations}`;

/** Reads the meta tag's content; undefined when the server did not fill it (a page not served by us). */
export function parseClaimsMeta(content: string | null | undefined): ClaimFigures | undefined {
  if (!content || content.includes('{{')) return undefined;
  const [workflows, integrations] = content.split('|');
  if (!workflows || !integrations) return undefined;
  return { workflows, integrations };
}

/** Fills every string inside a JSON-like value (operator content read in the browser). */
export function fillClaimsDeep<T>(value: T, figures: ClaimFigures): T {
  if (typeof value === 'string') return fillClaims(value, figures) as T;
  if (Array.isArray(value)) return value.map((v) => fillClaimsDeep(v, figures)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillClaimsDeep(v, figures)])) as T;
  }
  return value;
}
