import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { ownBytes, pickEncoding } from '#server/lib/compress.ts';
import { escapeHtml as esc } from '#server/lib/escape-html.ts';
import { isFresh } from '#server/lib/etag.ts';
import { type ClaimFigures, claimsKey, fillClaims, hasClaimTokens } from '#shared/claims.ts';
import type { HeadMeta, RenderedPage } from '#shared/site/page-render.ts';

// The page server (decision 0027). Prerendered pages are read once and kept with their compressed forms
// and ETag, their claims filled with the live figures (decision 0016). Pages rendered on request
// (/library, a visitor's /automation/:id) are the prerendered catalogue frame (top bar, footer;
// features/site/catalogue/catalogue-frame.tsx) around the body React rendered (the SSR entry's
// request-time half). The head's tags of both are written here with the one escaper; every page goes
// out through `sendPage`: ETag, 304, compression.

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

export const CATALOGUE_FRAME_FILE = 'catalogue.html';
/** Where the page's own <title>, meta tags and JSON-LD go. */
export const CATALOGUE_HEAD = '<!--catalogue-head-->';
const SLOT = '<div data-catalogue-slot=""></div>';

export type Frame = {
  /** Document up to the head tags, between head tags and body, and after the body. */
  parts: [string, string, string];
};

/** A bare document, for a server without a built web app (API-only tests). */
const BARE: Frame = {
  parts: [
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />',
    '</head><body><div id="root" data-page="catalogue"><main id="content">',
    '</main></div></body></html>',
  ],
};

export function loadFrame(webRoot: string | undefined, baseUrl: string): Frame {
  if (!webRoot) return BARE;
  const file = path.join(webRoot, CATALOGUE_FRAME_FILE);
  if (!existsSync(file)) return BARE;
  const html = readFileSync(file, 'utf8').replaceAll(BASE_URL_TOKEN, baseUrl);
  const [beforeHead, afterHead] = html.split(CATALOGUE_HEAD);
  const [middle, end] = (afterHead ?? '').split(SLOT);
  if (beforeHead === undefined || middle === undefined || end === undefined) {
    throw new Error(`${file} has no head or body slot. Run "npm run build".`);
  }
  return { parts: [beforeHead, middle, end] };
}

/** JSON inside <script>: `<` escaped so no text can close the element. */
const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

/** Open Graph and Twitter tags of a share image (1200×630 PNG, drawn by the build or on request). */
export function imageTags(url: string, alt?: string): string[] {
  return [
    `<meta property="og:image" content="${esc(url)}" />`,
    '<meta property="og:image:type" content="image/png" />',
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    ...(alt ? [`<meta property="og:image:alt" content="${esc(alt)}" />`] : []),
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:image" content="${esc(url)}" />`,
  ];
}

/** The head tags of any page: <title>, description, canonical link, Open Graph, JSON-LD. */
export function headTags(meta: HeadMeta): string {
  // A post's own tags carry its og:type (article) and its image.
  const article = meta.extra?.includes('og:type') ?? false;
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    ...(meta.url ? [`<link rel="canonical" href="${esc(meta.url)}" />`] : []),
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    ...(article ? [] : ['<meta property="og:type" content="website" />']),
    '<meta property="og:site_name" content="Flowvault" />',
    ...(meta.url ? [`<meta property="og:url" content="${esc(meta.url)}" />`] : []),
    ...(meta.image
      ? imageTags(meta.image, meta.imageAlt)
      : article
        ? []
        : ['<meta name="twitter:card" content="summary" />']),
    ...(meta.noindex || !meta.url ? ['<meta name="robots" content="noindex" />'] : []),
  ];
  if (meta.extra) tags.push(meta.extra);
  if (meta.jsonLd !== undefined) tags.push(jsonLd(meta.jsonLd));
  return tags.join('\n    ');
}

/** The whole document: the frame (its claims filled with the live figures) around head and body. */
export function framePage(frame: Frame, page: RenderedPage, figures: ClaimFigures): string {
  const [start, middle, end] = frame.parts;
  // The frame carries the claims; the body never holds tokens.
  return `${fillClaims(start, figures)}${headTags(page.head)}${fillClaims(middle, figures)}${page.body}${fillClaims(end, figures)}`;
}

/** A page built on request, compressed on first need and kept with it. */
export type Page = { raw: Buffer; etag: string; br?: Buffer; gzip?: Buffer };

export function pageOf(html: string): Page {
  const raw = Buffer.from(html);
  return { raw, etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"` };
}

/**
 * A page's bytes in one encoding, made once per page with settings that cost a millisecond or two
 * (brotli 11 costs tens of milliseconds on a 40 KB page, more than the page takes to build).
 */
export function compress(page: Page, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    page.br ??= ownBytes(brotliCompressSync(page.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    return page.br;
  }
  page.gzip ??= ownBytes(gzipSync(page.raw, { level: 6 }));
  return page.gzip;
}

/**
 * Sends a page: ETag and 304, the best encoding the client takes. `byViewer`: the answer depends on
 * the session cookie (members get the app at the same URL), so no shared cache hands it to anyone else.
 */
export function sendPage(c: Context, page: Page | HtmlPage, status: 200 | 404, byViewer = false) {
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', page.etag);
  c.header('Vary', byViewer ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (status === 200 && isFresh(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return c.body(new Uint8Array(page.raw), status);
  c.header('Content-Encoding', encoding);
  return c.body(new Uint8Array(compress(page, encoding)), status);
}
