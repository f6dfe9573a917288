// A pre-initialised embedded database: a PGlite data dir with every migration applied, written by
// `npm run build`. A new data dir is copied from it instead of running initdb, which took ~2 s and
// left ~300 MB of RSS behind in the process that ran it (decision 0002). It is a folder copied as
// files, not an archive PGlite unpacks: unpacking took ~0.65 s in JavaScript, a copy ~0.08 s
// (decision 0011). It is keyed by the PGlite version, because a data dir only opens with the build
// that wrote it; without a matching template the database is created the slow way, as before.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import { createPglite, openDatabase } from './client.ts';
import { migrateDatabase } from './migrate.ts';

function pgliteVersion(): string {
  // The package does not export its package.json: find it above the entry point.
  let dir = path.dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where `npm run build` puts the template for the installed PGlite. */
export function defaultTemplateDir(): string {
  return path.join(PROJECT_ROOT, 'dist/pglite', `template-${pgliteVersion()}`);
}

/** Creates a migrated data dir at `dir`, replacing what was there. Returns the bytes of its files. */
export async function writeDatabaseTemplate(dir: string): Promise<{ bytes: number }> {
  const building = `${dir}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const handle = await openDatabase({ kind: 'pglite', pglite: await createPglite(building) });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
  return { bytes: bytesUnder(dir) };
}

function bytesUnder(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  return bytes;
}

/** The template for `dataDir`: when that dir holds no database yet and the template exists. */
export function templateFor(dataDir: string, templateDir: string): string | undefined {
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!empty || !existsSync(path.join(templateDir, 'PG_VERSION'))) return undefined;
  return templateDir;
}

/**
 * Copies the template into the (empty) `dataDir` beside it first, then renames it into place: a
 * process killed mid-copy leaves no half-made database behind, and the next start copies again.
 */
export function copyTemplate(templateDir: string, dataDir: string): void {
  const copying = `${dataDir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(templateDir, copying, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(copying, dataDir);
}
