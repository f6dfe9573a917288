import { createRequire } from 'node:module';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import { escapeHtml } from '#server/lib/escape-html.ts';
import { onFirstUse } from '#server/lib/on-first-use.ts';

// Share images (Open Graph, Twitter) as 1200×630 PNG, and the site icons, drawn as SVG and rasterised with
// resvg (decision 0016). The build writes those of posts and pages; template pages' are drawn on request.

export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

const require = createRequire(import.meta.url);
/** Inter, shipped by an npm package: the images look the same on every machine, with or without fonts. */
const FONT_FILES = [
  '400Regular/Inter_400Regular.ttf',
  '600SemiBold/Inter_600SemiBold.ttf',
  '700Bold/Inter_700Bold.ttf',
].map((f) => require.resolve(`@expo-google-fonts/inter/${f}`));

const resvg = onFirstUse<typeof import('@resvg/resvg-js')>('@resvg/resvg-js');

const RENDER_FONT: ResvgRenderOptions['font'] = {
  loadSystemFonts: false,
  fontFiles: FONT_FILES,
  defaultFontFamily: 'Inter',
  sansSerifFamily: 'Inter',
};

/** An SVG drawn as a PNG `width` pixels wide (off the main thread). */
export async function svgToPng(svg: string, width: number): Promise<Buffer> {
  const image = await resvg().renderAsync(svg, { font: RENDER_FONT, fitTo: { mode: 'width', value: width } });
  return image.asPng();
}

export type ShareCard = {
  /** Small capitals above the title: "n8n workflow template", a blog category… */
  eyebrow: string;
  title: string;
  text?: string | undefined;
  /** Short facts shown as pills at the bottom: app names, node count. */
  chips?: string[] | undefined;
};

/** Greedy word wrap by an average glyph width; the last line ends with "…" when text is left over. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.length > maxChars ? `${words[i]!.slice(0, maxChars - 1)}…` : words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.length >= maxChars ? last.slice(0, maxChars - 1) : last}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The Flowvault mark (the favicon's "F") at a given size. */
function mark(x: number, y: number, size: number): string {
  const s = size / 32;
  return `<g transform="translate(${x} ${y}) scale(${s})"><rect width="32" height="32" rx="7" fill="#fff"/><path d="M9 9h14v3.5H13v3h8v3.5h-8V23H9z" fill="#4f46e5"/></g>`;
}

/** A 1200×630 card: brand band, eyebrow, title (up to 3 lines), text (up to 3 lines), chips. */
export function shareCardSvg(card: ShareCard): string {
  const { width, height } = SHARE_IMAGE;
  const title = wrapText(card.title, 30, 3);
  const titleY = 252;
  const titleLines = title
    .map(
      (l, i) =>
        `<text x="80" y="${titleY + i * 74}" font-size="62" font-weight="700">${escapeHtml(l)}</text>`,
    )
    .join('');
  const textY = titleY + (title.length - 1) * 74 + 62;
  // Text lines fit above the chips (or the bottom margin): each line's baseline stays 20 px clear of them.
  const bottom = card.chips?.length ? 528 - 20 : height - 60;
  const textLines = Math.min(3, Math.max(0, Math.floor((bottom - textY) / 42) + 1));
  const text = card.text
    ? wrapText(card.text, 62, textLines)
        .map(
          (l, i) =>
            `<text x="80" y="${textY + i * 42}" font-size="30" fill-opacity=".88">${escapeHtml(l)}</text>`,
        )
        .join('')
    : '';
  let chipX = 80;
  const chips = (card.chips ?? [])
    .slice(0, 5)
    .map((chip) => {
      const label = chip.length > 22 ? `${chip.slice(0, 21)}…` : chip;
      const w = Math.round(label.length * 14.5 + 40);
      if (chipX + w > width - 80) return '';
      const out = `<g transform="translate(${chipX} 528)"><rect width="${w}" height="48" rx="24" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-opacity=".45" stroke-width="2"/><text x="20" y="32" font-size="24" font-weight="600">${escapeHtml(label)}</text></g>`;
      chipX += w + 14;
      return out;
    })
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4338ca"/><stop offset="1" stop-color="#7c3aed"/></linearGradient>',
    '<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="#fff" stroke-opacity=".07"/></pattern></defs>',
    `<rect width="${width}" height="${height}" fill="url(#g)"/><rect width="${width}" height="${height}" fill="url(#p)"/>`,
    `<g font-family="Inter, sans-serif" fill="#fff">`,
    mark(80, 64, 56),
    '<text x="152" y="103" font-size="34" font-weight="700">Flowvault</text>',
    `<text x="80" y="172" font-size="24" font-weight="600" letter-spacing="3" fill-opacity=".8">${escapeHtml(card.eyebrow.toUpperCase())}</text>`,
    titleLines,
    text,
    chips,
    '</g></svg>',
  ].join('');
}

/** The icon as a square without rounded corners (touch icons: the platform rounds them itself). */
export function squareIconSvg(): string {
  return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><rect width="32" height="32" fill="#4f46e5"/><path d="M9 9h14v3.5H13v3h8v3.5h-8V23H9z" fill="#fff"/></svg>';
}

/** A Windows icon file holding PNG images (every browser reads PNG inside .ico). */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at);
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** Width and height from a PNG's IHDR chunk, or undefined when the bytes are not a PNG. */
export function pngSize(png: Uint8Array): { width: number; height: number } | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.length < 24 || signature.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (String.fromCharCode(...png.subarray(12, 16)) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
