import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { prerenderFileFor, ROUTES } from '#shared/routes.ts';

/** A minimal built web root (what `npm run build` emits) for serving tests that need no real build. */
export function makeWebRoot(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'fv-web-'));
  mkdirSync(path.join(root, 'assets'));
  const page = (body: string) =>
    `<!doctype html><html><head><link rel="canonical" href="__FLOWVAULT_BASE_URL__/" /></head><body>${body}</body></html>`;
  // Every prerendered route of the table has its page, as the real build writes them.
  for (const route of Object.values(ROUTES)) {
    if (!route.prerender || route.path === '/') continue;
    const file = path.join(root, prerenderFileFor(route.path));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, page(`<div id="root">${route.path}</div>`));
  }
  writeFileSync(path.join(root, 'index.html'), page('<div id="root">HOME</div>'));
  for (const route of Object.values(ROUTES)) {
    if (!route.prerender || route.path === '/' || route.path.includes(':')) continue;
    mkdirSync(path.join(root, path.dirname(prerenderFileFor(route.path))), { recursive: true });
    writeFileSync(
      path.join(root, prerenderFileFor(route.path)),
      page(`<div id="root">PAGE ${route.path}</div>`),
    );
  }
  writeFileSync(
    path.join(root, 'app.html'),
    page('<div id="root" data-shell="app">Loading application...</div>'),
  );
  // The public catalogue's frame, as the build writes it (src/server/site/pages.ts).
  writeFileSync(
    path.join(root, 'catalogue.html'),
    '<!doctype html><html lang="en"><head><!--catalogue-head--></head><body><div id="root" data-page="catalogue"><nav>SITE TOP BAR</nav><div data-static="_R_1_"><div data-catalogue-slot=""></div></div></div></body></html>',
  );
  writeFileSync(path.join(root, '404.html'), page('<div id="root">404 Oops! Page not found</div>'));
  const js = 'console.log("flowvault");'.repeat(50);
  writeFileSync(path.join(root, 'assets/app-abc123.js'), js);
  writeFileSync(path.join(root, 'assets/app-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(path.join(root, 'assets/app-abc123.js.gz'), gzipSync(js));
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return root;
}
