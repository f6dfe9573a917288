import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { onFirstUse } from '#server/lib/on-first-use.ts';

// Turns an import argument (folder, one .json file, or a .zip) into a list of files, and reads
// manifests (JSON array, { rows: [...] }, or CSV with a header row). Files in a folder are listed,
// not read: the importer reads each when its batch comes (50,000 files never sit in memory at once).

/** A file to import: its bytes (uploads, zip entries) or where it is on disk (read when its batch comes). */
const fflate = onFirstUse<typeof import('fflate')>('fflate');
const csv = onFirstUse<typeof import('csv-parse/sync')>('csv-parse/sync');

export type InputFile =
  | { path: string; bytes: Uint8Array }
  | { path: string; diskPath: string; size: number };
export type ManifestRow = Record<string, string>;

const MANIFEST_NAMES = ['manifest.json', 'manifest.csv'];

/** Files under a folder, a single file, or a zip's entries; paths relative to the root, with `/`. */
export function readInputFiles(target: string): { files: InputFile[]; manifest?: InputFile } {
  if (!existsSync(target)) throw new Error(`Nothing to import at ${target}: no such file or folder`);
  const stat = statSync(target);
  let files: InputFile[];
  if (stat.isDirectory()) files = walk(target);
  else if (/\.zip$/i.test(target)) files = unzip(readFileSync(target));
  else files = [{ path: path.basename(target), diskPath: path.resolve(target), size: stat.size }];
  const manifest =
    stat.isDirectory() || /\.zip$/i.test(target)
      ? files.find((f) => MANIFEST_NAMES.includes(f.path))
      : undefined;
  return {
    files: files.filter((f) => f !== manifest && /\.json$/i.test(f.path)),
    manifest,
  };
}

function walk(root: string): InputFile[] {
  const out: InputFile[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile() && /\.(json|csv)$/i.test(entry.name)) {
        out.push({
          path: path.relative(root, full).split(path.sep).join('/'),
          diskPath: path.resolve(full),
          size: statSync(full).size,
        });
      }
    }
  };
  visit(root);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * What a zip may unpack to (issue 41: a 522 KB zip holding one 512 MiB entry took the server from 210
 * to 702 MB). Checked on each entry's declared sizes before it is inflated; fflate inflates into a
 * buffer of the declared size, so an entry that lies about its size cannot grow past it.
 */
export const ZIP_LIMITS = {
  /** A workflow file (the corpus's largest is under 2 MB). */
  entryBytes: 32 * 1024 * 1024,
  /** All entries together. */
  totalBytes: 256 * 1024 * 1024,
  /** Unpacked size over packed size, for entries over 1 MiB (JSON packs 5–20 times). */
  ratio: 200,
} as const;

const MIB = 1024 * 1024;

/** A zip's entries (dot files and __MACOSX left out; a single top folder becomes the root). */
export function unzip(buffer: Uint8Array): InputFile[] {
  let entries: Record<string, Uint8Array>;
  let total = 0;
  const refuse = (why: string) => {
    throw new ZipTooLargeError(why);
  };
  try {
    entries = fflate().unzipSync(buffer, {
      filter: (entry) => {
        const mib = (entry.originalSize / MIB).toFixed(0);
        if (entry.originalSize > ZIP_LIMITS.entryBytes)
          refuse(
            `${entry.name} unpacks to ${mib} MiB; a file may be at most ${ZIP_LIMITS.entryBytes / MIB} MiB`,
          );
        if (entry.originalSize > MIB && entry.originalSize > entry.size * ZIP_LIMITS.ratio)
          refuse(
            `${entry.name} unpacks to ${mib} MiB from ${Math.ceil(entry.size / 1024)} KiB, more than a workflow file packs`,
          );
        total += entry.originalSize;
        if (total > ZIP_LIMITS.totalBytes)
          refuse(
            `the zip unpacks to more than ${ZIP_LIMITS.totalBytes / MIB} MiB; split it into smaller ones`,
          );
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ZipTooLargeError) throw error;
    throw new Error(
      `The zip file could not be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const names = Object.keys(entries).filter(
    (n) => !n.endsWith('/') && !n.split('/').some((p) => p.startsWith('.') || p === '__MACOSX'),
  );
  // A zip of one folder: treat that folder as the root so a manifest inside it is found.
  const first = names[0]?.split('/')[0];
  const common = first && names.every((n) => n.startsWith(`${first}/`)) ? `${first}/` : '';
  return names
    .map((n) => ({ path: n.slice(common.length), bytes: entries[n]! }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** A zip refused for what it would unpack to. */
export class ZipTooLargeError extends Error {
  override name = 'ZipTooLargeError';
  constructor(why: string) {
    super(`The zip is too large to unpack: ${why}.`);
  }
}

export function sizeOf(file: InputFile): number {
  return 'bytes' in file ? file.bytes.byteLength : file.size;
}

export function readBytes(file: InputFile): Uint8Array {
  return 'bytes' in file ? file.bytes : readFileSync(file.diskPath);
}

/** Manifest rows from a .json or .csv file; empty strings mean "not given". */
export function parseManifest(file: InputFile): ManifestRow[] {
  const text = new TextDecoder().decode(readBytes(file)).replace(/^\uFEFF/, '');
  let rows: unknown;
  if (/\.csv$/i.test(file.path)) {
    try {
      rows = csv().parse(text, {
        columns: true,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
      });
    } catch (error) {
      throw new Error(
        `The manifest ${file.path} is not valid CSV (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  } else {
    try {
      rows = JSON.parse(text);
    } catch (error) {
      throw new Error(
        `The manifest ${file.path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    if (
      rows &&
      typeof rows === 'object' &&
      !Array.isArray(rows) &&
      Array.isArray((rows as { rows?: unknown }).rows)
    ) {
      rows = (rows as { rows: unknown[] }).rows;
    }
  }
  if (!Array.isArray(rows))
    throw new Error(`The manifest ${file.path} must be a list of rows (or { "rows": [...] })`);
  return rows.map((row) => {
    const out: ManifestRow = {};
    if (row && typeof row === 'object') {
      for (const [key, value] of Object.entries(row)) {
        if (value === null || value === undefined) continue;
        out[key.trim()] = typeof value === 'string' ? value.trim() : String(value);
      }
    }
    return out;
  });
}

export function readManifestFile(manifestPath: string): InputFile {
  if (!existsSync(manifestPath)) throw new Error(`No manifest at ${manifestPath}`);
  return { path: path.basename(manifestPath), bytes: readFileSync(manifestPath) };
}
