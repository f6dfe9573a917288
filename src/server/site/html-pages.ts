import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ownBytes } from '#server/lib/compress.ts';
import { type ClaimFigures, claimsKey, fillClaims, hasClaimTokens } from '#shared/claims.ts';

export type HtmlPage = {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  /** The page's text while it still holds catalogue placeholders, filled per request by fillClaimPage. */
  claimText?: string;
};

/** Written into canonical and Open Graph URLs by the build; replaced with BASE_URL here. */
export const BASE_URL_TOKEN = '__FLOWVAULT_BASE_URL__';

/** Reads a built HTML page once and keeps it with its compressed forms and ETag. */
export function loadHtmlPage(webRoot: string, file: string, baseUrl: string): HtmlPage | undefined {
  const full = path.join(webRoot, file);
  if (!existsSync(full)) return undefined;
  const text = readFileSync(full, 'utf8').replaceAll(BASE_URL_TOKEN, baseUrl);
  // A page with claims is never sent as it is: it is filled (and compressed) per figures.
  return hasClaimTokens(text) ? { ...htmlPage(text, 1), claimText: text } : htmlPage(text);
}

function htmlPage(text: string, brotliQuality = 11): HtmlPage {
  const raw = Buffer.from(text);
  return {
    raw,
    br: ownBytes(brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } })),
    gzip: ownBytes(gzipSync(raw, { level: 9 })),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  };
}

const filled = new WeakMap<HtmlPage, { key: string; page: HtmlPage }>();

/**
 * The page with the live catalogue figures in its claims (decision 0016); kept per page until the
 * figures change, so a catalogue change costs one fill and compression per page.
 */
export function fillClaimPage(page: HtmlPage, figures: ClaimFigures): HtmlPage {
  if (page.claimText === undefined) return page;
  const key = claimsKey(figures);
  const cached = filled.get(page);
  if (cached?.key === key) return cached.page;
  // Quick compression now (about 1 ms; q11 takes about 100 ms and would hold the event loop), the
  // smallest form from the thread pool shortly after.
  const result = htmlPage(fillClaims(page.claimText, figures), 7);
  filled.set(page, { key, page: result });
  brotliCompress(result.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }, (error, br) => {
    if (!error && filled.get(page)?.page === result)
      filled.set(page, { key, page: { ...result, br: ownBytes(br) } });
  });
  return result;
}
