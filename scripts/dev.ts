// `npm run dev`: the API with --watch on API_PORT (3001) and Vite with hot reload on PORT (3000), proxying /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, WEB_ROOT: process.env.WEB_ROOT ?? path.join(ROOT, 'dist/client') },
  }),
  spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
