// A pre-initialised embedded database: a PGlite data dir with every migration applied, packed by
// `npm run build`. A new data dir is unpacked from it instead of running initdb, which took ~2 s and
// left ~300 MB of RSS behind in the process that ran it (decision 0002). It is keyed by the PGlite
// version, because a data dir only opens with the build that wrote it; without a matching file the
// database is created the slow way, as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
export function defaultTemplateFile(): string {
  return path.join(PROJECT_ROOT, 'dist/pglite', `template-${pgliteVersion()}.tar.gz`);
}

/** Creates a migrated database in memory and packs its data dir to `file`. */
export async function writeDatabaseTemplate(file: string): Promise<{ bytes: number }> {
  const handle = await openDatabase({ kind: 'pglite', pglite: await createPglite() });
  try {
    await migrateDatabase(handle);
    const packed = Buffer.from(await (await handle.pglite!.dumpDataDir('gzip')).arrayBuffer());
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, packed);
    return { bytes: packed.byteLength };
  } finally {
    await handle.close();
  }
}

/** The template to unpack into `dataDir`, when that dir holds no database yet and the file exists. */
export function templateFor(dataDir: string, file: string): Blob | undefined {
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  if (!empty || !existsSync(file)) return undefined;
  return new Blob([readFileSync(file)]);
}
