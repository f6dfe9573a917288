// Claims a page makes about the library and its use (issue 18, decision 0016; issue 43). Operator content
// and page copy write placeholders; the figures come from live data: the server fills them into every
// HTML page it sends (src/server/site/pages.ts) and the browser fills its copy of the content from
// the page's <meta name="flowvault:claims"> (src/web/lib/claims.ts). The spec's own library figures are
// only the fallback for when the catalogue cannot be read; social proof never has a fallback.

/** Placeholders an operator writes in content/ or page copy. */
export const CLAIM_TOKENS = {
  workflows: '{{workflowCount}}',
  integrations: '{{integrationCount}}',
  /** Paying members (operators not counted). */
  members: '{{memberCount}}',
  /** Workflow files downloaded by members. */
  downloads: '{{downloadCount}}',
  /** Deploys to members' own n8n. */
  deploys: '{{deployCount}}',
} as const;

export type ClaimKey = keyof typeof CLAIM_TOKENS;
export type ClaimFigures = Record<ClaimKey, string>;
export type ClaimCounts = Record<ClaimKey, number>;
const KEYS = Object.keys(CLAIM_TOKENS) as ClaimKey[];
/** The figures about use rather than about the library: written only from a floor up. */
const SOCIAL_KEYS: readonly ClaimKey[] = ['members', 'downloads', 'deploys'];

/**
 * Below this count a use figure (members, downloads, deploys) is not shown at all: the placeholder
 * fills with nothing and the stat holding it hides (an empty `<dd>`). "3 members" is no social proof.
 */
export const SOCIAL_PROOF_FLOOR = 100;

/**
 * The spec's library figures (part 1 §1: "2,170+" workflows, "500+ integrations"), shown only without a
 * catalogue; the use figures are never guessed.
 */
export const CLAIM_FALLBACK: ClaimFigures = {
  workflows: '2,170+',
  integrations: '500+',
  members: '',
  downloads: '',
  deploys: '',
};

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

export function claimFigures(counts: ClaimCounts): ClaimFigures {
  const figures = {} as ClaimFigures;
  for (const key of KEYS) {
    const floor = SOCIAL_KEYS.includes(key) ? SOCIAL_PROOF_FLOOR : 0;
    figures[key] = counts[key] >= floor ? formatClaimCount(counts[key]) : '';
  }
  return figures;
}

export function hasClaimTokens(text: string): boolean {
  return KEYS.some((key) => text.includes(CLAIM_TOKENS[key]));
}

export function fillClaims(text: string, figures: ClaimFigures): string {
  let out = text;
  for (const key of KEYS) out = out.replaceAll(CLAIM_TOKENS[key], figures[key]);
  return out;
}

/** The meta tag's content: every figure (empty below its floor), or the tokens the server replaces. */
export const CLAIMS_META_CONTENT = KEYS.map((key) => CLAIM_TOKENS[key]).join('|');

/** One string per set of figures (the meta tag's content once filled; a cache key on the server). */
export const claimsKey = (figures: ClaimFigures) => fillClaims(CLAIMS_META_CONTENT, figures);

/** Reads the meta tag's content; undefined when the server did not fill it (a page not served by us). */
export function parseClaimsMeta(content: string | null | undefined): ClaimFigures | undefined {
  if (!content || content.includes('{{')) return undefined;
  const parts = content.split('|');
  if (parts.length !== KEYS.length) return undefined;
  const figures = Object.fromEntries(KEYS.map((key, i) => [key, parts[i]!])) as ClaimFigures;
  return figures.workflows && figures.integrations ? figures : undefined;
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
