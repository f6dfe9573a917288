// Runs before `npm start`: builds the web app when there is no build or a source is newer than it, and
// the production server's file (dist/server/main.js, for `npm run serve`) when a server source is newer.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, SERVER_FILE } from './build-server.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const stamp = path.join(ROOT, 'dist/.build-stamp');
const INPUTS = ['src/web', 'src/shared', 'content', 'vite.config.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const source = Math.max(...INPUTS.map((p) => newestMtime(path.join(ROOT, p))));
if (built === 0 || source > built) {
  console.log(
    built === 0 ? 'No build found: building the web app…' : 'Sources changed: rebuilding the web app…',
  );
  const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.ts')], {
    stdio: 'inherit',
    cwd: ROOT,
  });
  process.exit(result.status ?? 1);
}
const serverBuilt = existsSync(SERVER_FILE) ? statSync(SERVER_FILE).mtimeMs : 0;
const serverSource = Math.max(
  ...['src/server', 'src/shared', 'package-lock.json'].map((p) => newestMtime(path.join(ROOT, p))),
);
if (serverSource > serverBuilt) await buildServer();
