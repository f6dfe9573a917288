import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The project's folder (the one with package.json), found from this module wherever it runs: from
// src/server/lib in development and tests, from the production build's one file in dist/server. Paths
// to the migrations, the samples, the web build and the import worker start here, not at a fixed
// number of `../` from each module (which the build's single file would break).
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** Absolute path of the project folder, without a trailing slash. */
export const PROJECT_ROOT = findRoot();
