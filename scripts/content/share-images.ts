// Build-time share images and icons (decision 0016): a 1200×630 PNG per prerendered page and post for
// Open Graph and Twitter, /favicon.ico, the touch icons and the web app manifest.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { imageTags } from '../../src/server/site/pages.ts';
import {
  icoFromPngs,
  SHARE_IMAGE,
  shareCardSvg,
  squareIconSvg,
  svgToPng,
} from '../../src/server/site/share-image.ts';
import { fillClaims } from '../../src/shared/claims.ts';
import type { BlogPost } from './load-content.ts';

/** The share image of a prerendered page or a post, as a path under the web root. */
export function shareImagePath(pathname: string): string {
  const post = /^\/blog\/([a-z0-9-]+)$/.exec(pathname);
  if (post) return `/og/blog/${post[1]}.png`;
  const name = pathname === '/' ? 'home' : pathname.replace(/^\/+|\/+$/g, '').replaceAll('/', '-');
  return `/og/page/${name}.png`;
}

/** Open Graph and Twitter image tags (absolute URL from `base`), with the size the build draws. */
export function shareImageTags(pathname: string, base: string, alt: string): string[] {
  return imageTags(`${base}${shareImagePath(pathname)}`, alt);
}

/** Text of a card drawn at build: live catalogue figures are unknown then, so their phrases go. */
const withoutClaims = (text: string) =>
  fillClaims(text, { workflows: '', integrations: '', members: '', downloads: '', deploys: '' })
    .replace(/\s{2,}/g, ' ')
    .trim();

const ICONS = [
  { file: 'apple-touch-icon.png', size: 180 },
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
];

export async function writeShareImages(options: {
  clientDir: string;
  pages: { path: string; title: string; description: string }[];
  posts: BlogPost[];
}): Promise<number> {
  const { clientDir } = options;
  const write = (file: string, body: Buffer | string) => {
    const full = path.join(clientDir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, body);
  };
  let images = 0;
  for (const page of options.pages) {
    const svg = shareCardSvg({
      eyebrow: 'n8n workflow templates',
      title: page.title.replace(/\s*\|\s*Flowvault$/, ''),
      text: withoutClaims(page.description),
    });
    write(shareImagePath(page.path), await svgToPng(svg, SHARE_IMAGE.width));
    images++;
  }
  // A post's own illustration (1200×630 SVG, shown on its page) becomes its share image.
  for (const post of options.posts) {
    const svg = readFileSync(path.join(clientDir, post.image), 'utf8');
    write(shareImagePath(`/blog/${post.slug}`), await svgToPng(svg, SHARE_IMAGE.width));
    images++;
  }
  const favicon = readFileSync(path.join(clientDir, 'favicon.svg'), 'utf8');
  const sizes = [16, 32, 48];
  const pngs = await Promise.all(sizes.map(async (size) => ({ size, png: await svgToPng(favicon, size) })));
  write('favicon.ico', icoFromPngs(pngs));
  for (const icon of ICONS) write(icon.file, await svgToPng(squareIconSvg(), icon.size));
  write(
    'manifest.webmanifest',
    `${JSON.stringify(
      {
        name: 'Flowvault',
        short_name: 'Flowvault',
        start_url: '/',
        display: 'browser',
        background_color: '#ffffff',
        theme_color: '#4f46e5',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      null,
      2,
    )}\n`,
  );
  return images;
}
