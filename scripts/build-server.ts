// The production server as one JavaScript file (dist/server/main.js), which `npm run serve` runs: the
// same sources as `npm start`, with the types stripped ahead of time. Node's type stripper alone took
// ~15 MB of RSS in every process that loaded a .ts file, and the module graph of ~200 files shrinks to
// one (decision 0011, memory). Dependencies stay in node_modules (imported, not bundled). Rolldown
// through Vite's build API, which `npm run build` already uses for the web app. The import worker
// still runs from source (src/server/catalog/import-worker.ts), in its own thread during imports.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD = path.join(ROOT, 'dist/server');
export const SERVER_FILE = path.join(SERVER_BUILD, 'main.js');
const DEV_ONLY = /^#server\/dev\/|[/\\]src[/\\]server[/\\]dev[/\\]/;
const SRC = path.join(ROOT, 'src') + path.sep;
const FROM_FILE = '\0json-from-file:';

/**
 * The JSON tables our sources import (n8n's node table, the concept and credential tables, ~0.9 MB
 * in all) are read from their files when the server starts, with `require` (the text is parsed and
 * then garbage), not bundled: bundled, each was a string literal in the file's source, so every
 * process kept its text twice (the source and the literal) beside the parsed table (decision 0011,
 * memory). `#…` resolves through package.json's imports from dist/server as from src.
 */
function jsonFromFile(): Plugin {
  return {
    name: 'flowvault:json-from-file',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      // Not ending in .json: Vite's own JSON plugin would parse this module's code as JSON.
      return resolved?.id.startsWith(SRC) ? `${FROM_FILE}${resolved.id}.js` : null;
    },
    load(id) {
      if (!id.startsWith(FROM_FILE)) return null;
      const file = id.slice(FROM_FILE.length, -'.js'.length);
      const specifier = `#${path.relative(SRC, file).split(path.sep).join('/')}`;
      return [
        "import { createRequire } from 'node:module';",
        `export default createRequire(import.meta.url)(${JSON.stringify(specifier)});`,
      ].join('\n');
    },
  };
}

/** Writes `outDir/main.js` (default dist/server); returns the file's path. */
export async function buildServer(outDir = SERVER_BUILD): Promise<string> {
  // Vite is loaded here, not at the top: `npm start` imports this file only to know where the build is.
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [jsonFromFile()],
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      target: 'node24',
      minify: false,
      // One file: a chunk in another folder would need its own paths. No comments and ASCII only: a
      // file with one non-ASCII character is held as a two-byte string (1.5 MB instead of 0.7 MB of
      // source in every process; decision 0011).
      rollupOptions: {
        input: { main: path.join(ROOT, 'src/server/main.ts') },
        // Dev-only stand-ins (the local PayPal sandbox) stay out of the production file: production
        // never reaches their dynamic import (env.ts refuses PAYPAL_MODE=local there).
        external: (id) => DEV_ONLY.test(id),
        output: {
          format: 'es',
          entryFileNames: '[name].js',
          codeSplitting: false,
          comments: false,
          charset: 'ascii',
        },
      },
    },
  });
  return path.join(outDir, path.basename(SERVER_FILE));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const file = await buildServer();
  console.log(
    `Built the server: ${path.relative(ROOT, file)} in ${Math.round(performance.now() - started)} ms`,
  );
}
