import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE_URL_TOKEN } from '../html-pages.ts';

// The frame of the public catalogue pages: the build prerenders the site's top bar and footer around an
// empty slot (src/web/features/site/catalogue/catalogue-frame.tsx); each request writes its head tags and
// its body into it. The site entry keeps the body as sent (a <StaticHtml>) and hydrates only the frame.

export const CATALOGUE_FRAME_FILE = 'catalogue.html';
/** Where the page's own <title>, meta tags and JSON-LD go. */
export const CATALOGUE_HEAD = '<!--catalogue-head-->';
const SLOT = '<div data-catalogue-slot=""></div>';

export type Frame = {
  /** Document up to the head tags, between head tags and body, and after the body. */
  parts: [string, string, string];
  /** URL of the brand icon sprite (simple-icons), or null when the build has none. */
  spriteUrl: string | null;
};

/** A bare document, for a server without a built web app (API-only tests). */
const BARE: Frame = {
  parts: [
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />',
    '</head><body><div id="root" data-page="catalogue"><main id="content">',
    '</main></div></body></html>',
  ],
  spriteUrl: null,
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
  const assets = path.join(webRoot, 'assets');
  const sprite = existsSync(assets)
    ? readdirSync(assets).find((f) => /^brand-icons-.*\.svg$/.test(f))
    : undefined;
  return { parts: [beforeHead, middle, end], spriteUrl: sprite ? `/assets/${sprite}` : null };
}
