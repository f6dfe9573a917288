import { readFileSync } from 'node:fs';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contentPlugin } from './scripts/content/vite-plugin.ts';

// The web app lives in src/web; the build goes to dist/client (browser) and dist/ssr (prerender). Two
// documents, two entries: index.html loads the app (main.tsx), site.html the public site (site.tsx). The
// manifest lets the build preload each prerendered page's own chunk.

// The page frame both entries load at once (src/web/site-app.tsx and its static imports): nothing here
// may import a library the public site does not load up front.
const FRAME = new RegExp(
  [
    'src/web/(site-app|site-pages)\\.tsx',
    'src/web/components/(layout/(page-shell|top-bar|site-footer)|app-error-boundary|error-fallback|hydrated-mark|static-html|ui/button)\\.tsx',
    'src/web/lib/(navigation\\.tsx|cn\\.ts|client-errors\\.ts|api\\.ts|bind-value\\.ts)',
    'src/web/features/auth/(auth-context\\.tsx|subscription-checker\\.ts)',
    'src/web/features/site/(client-only\\.tsx|site-content\\.ts|social-proof/[^/]+)',
    'src/shared/(routes|subscription|constants)\\.ts',
    'node_modules/(clsx|@radix-ui/react-slot|@radix-ui/react-compose-refs)/',
    '\\0virtual:flowvault/site',
  ].join('|'),
);

/**
 * The <head> both documents open with (charset, viewport, icons, manifest, the claims figures), written
 * once in src/web/document-head.html and put in place of their `<!--document-head-->` line.
 */
function documentHead(): Plugin {
  const file = path.join(import.meta.dirname, 'src/web/document-head.html');
  return {
    name: 'flowvault-document-head',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/^( *)<!--document-head-->$/m, (_, indent: string) =>
          readFileSync(file, 'utf8')
            .trim()
            .split('\n')
            .map((line) => indent + line)
            .join('\n'),
        ),
    },
  };
}

// The small primitives the landing and the blog both show: one chunk rather than a request for each.
const UI = /src[\\/]web[\\/]components[\\/]ui[\\/](card|check-list|text-link)\.tsx$/;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [documentHead(), react(), tailwindcss(), contentPlugin(import.meta.dirname)],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    assetsDir: 'assets',
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    // Every browser the site supports knows <link rel="modulepreload">: no polyfill chunk to fetch.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: path.join(import.meta.dirname, 'src/web/index.html'),
        site: path.join(import.meta.dirname, 'src/web/site.html'),
      },
      // Every page loads React and the page frame; as two chunks instead of a dozen small shared ones,
      // a first visit makes fewer requests (on a slow phone each one waits a round trip).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'frame', test: FRAME },
            { name: 'ui', test: UI },
            // Lucide's icons are tiny modules shared by many pages: one chunk of all sixty (~6 KB) costs
            // less than a request for each.
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 3000,
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}` },
  },
});
