import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type HtmlPage = { raw: Buffer; br: Buffer; gzip: Buffer; etag: string };

/** Written into canonical and Open Graph URLs by the build; replaced with BASE_URL here. */
export const BASE_URL_TOKEN = '__FLOWVAULT_BASE_URL__';

/** Reads a built HTML page once and keeps it with its compressed forms and ETag. */
export function loadHtmlPage(webRoot: string, file: string, baseUrl: string): HtmlPage | undefined {
  const full = path.join(webRoot, file);
  if (!existsSync(full)) return undefined;
  const raw = Buffer.from(readFileSync(full, 'utf8').replaceAll(BASE_URL_TOKEN, baseUrl));
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
  };
}

/** Picks br, then gzip, then identity from an Accept-Encoding header. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}
