import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { ownBytes, pickEncoding } from '#server/lib/compress.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { escapeHtml as esc } from '#server/lib/escape-html.ts';
import { isFresh } from '#server/lib/etag.ts';
import { type ClaimFigures, fillClaims } from '#shared/claims.ts';
import type { HeadMeta, RenderedPage } from '#shared/site/page-render.ts';
import { BASE_URL_TOKEN, type HtmlPage } from './html-pages.ts';

// The page server of the pages rendered on request (/library, a visitor's /automation/:id): the
// prerendered catalogue frame (top bar, footer; features/site/catalogue/catalogue-frame.tsx) around the
// body React rendered (the SSR entry's request-time half), the head's tags written here with the one
// escaper, then the ETag, 304 and compression of what is sent.

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

/** <title>, description, canonical link, Open Graph tags and JSON-LD of a page. */
export function headTags(meta: HeadMeta): string {
  const tags = [
    `<title>${esc(meta.title)}</title>`,
    `<meta name="description" content="${esc(meta.description)}" />`,
    `<link rel="canonical" href="${esc(meta.url)}" />`,
    `<meta property="og:title" content="${esc(meta.title)}" />`,
    `<meta property="og:description" content="${esc(meta.description)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Flowvault" />',
    `<meta property="og:url" content="${esc(meta.url)}" />`,
    ...(meta.image
      ? [
          `<meta property="og:image" content="${esc(meta.image)}" />`,
          '<meta property="og:image:width" content="1200" />',
          '<meta property="og:image:height" content="630" />',
          '<meta name="twitter:card" content="summary_large_image" />',
          `<meta name="twitter:image" content="${esc(meta.image)}" />`,
        ]
      : ['<meta name="twitter:card" content="summary" />']),
    ...(meta.noindex ? ['<meta name="robots" content="noindex" />'] : []),
  ];
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

/** Sends a page: ETag and 304, the best encoding the client takes. */
export function sendPage(c: Context<AppEnv>, page: Page | HtmlPage, status: 200 | 404) {
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', page.etag);
  // Members get the app at the same URL: the answer depends on the session cookie.
  c.header('Vary', 'Accept-Encoding, Cookie');
  c.header('Content-Type', 'text/html; charset=utf-8');
  if (status === 200 && isFresh(c.req.header('If-None-Match'), page.etag)) return c.body(null, 304);
  const encoding = pickEncoding(c.req.header('Accept-Encoding'));
  if (!encoding) return c.body(new Uint8Array(page.raw), status);
  c.header('Content-Encoding', encoding);
  return c.body(new Uint8Array(compress(page, encoding)), status);
}
