import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ownBytes } from '#server/lib/compress.ts';

// Pages built on request are compressed once per encoding, with settings that cost a millisecond or two
// (brotli 11 costs tens of milliseconds on a 40 KB page, more than the page takes to build). They are
// kept with the page, so in memory of their own size.
export function compress(page: { raw: Buffer; br?: Buffer; gzip?: Buffer }, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'br') {
    page.br ??= ownBytes(brotliCompressSync(page.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
    return page.br;
  }
  page.gzip ??= ownBytes(gzipSync(page.raw, { level: 6 }));
  return page.gzip;
}
