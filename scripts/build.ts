// `npm run build`: client bundle → SSR bundle → prerendered HTML → precompressed assets → the
// embedded database template (a migrated PGlite data dir, so a new database skips initdb) → the
// production server (dist/server/main.js, scripts/build-server.ts).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { defaultTemplateDir, writeDatabaseTemplate } from '../src/server/db/template.ts';
import { BASE_URL_TOKEN, CATALOGUE_FRAME_FILE, CATALOGUE_HEAD, headTags } from '../src/server/site/pages.ts';
import {
  APP_SHELL_FILE,
  NOT_FOUND_FILE,
  PRERENDER_MANIFEST_FILE,
  type PrerenderManifest,
  prerenderFileFor,
  ROUTES,
} from '../src/shared/routes.ts';
import { buildServer } from './build-server.ts';
import { loadContent } from './content/load-content.ts';
import { shareImagePath, writeShareImages } from './content/share-images.ts';
import { feedFiles, postHead } from './content/site-files.ts';
import { buildWorkflowPacks } from './content/workflow-packs.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLIENT = path.join(ROOT, 'dist/client');
const SSR = path.join(ROOT, 'dist/ssr');

const started = performance.now();
rmSync(path.join(ROOT, 'dist'), { recursive: true, force: true });
await build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
await build({
  configFile: path.join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'entry-server.tsx', outDir: SSR, emptyOutDir: true, copyPublicDir: false },
  // The server renders pages with this bundle on request; bundling React (and everything that imports
  // it, so there is one copy) in its production build keeps `npm start`, which runs without
  // NODE_ENV=production, off React's development build (about three times slower per page).
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});

type Meta = { title: string; description: string };
const content = loadContent(ROOT);
/** Concrete paths of parameterised prerendered routes, and the page for an unknown param. */
const PARAM_PATHS: Record<
  string,
  { paths: { path: string; extraHead: string; meta: Meta }[]; fallback: string }
> = {
  [ROUTES.blogPost.path]: {
    paths: content.posts.map((post) => ({
      path: `/blog/${post.slug}`,
      meta: { title: `${post.title} | Flowvault blog`, description: post.metaDescription },
      extraHead: postHead(post, BASE_URL_TOKEN),
    })),
    fallback: '/blog/__post-not-found__',
  },
};
const manifest: PrerenderManifest = { paths: [], fallbacks: {} };
type Rendered = { html: string; meta: Meta; entry: 'site' | 'app'; page?: { module: string } };
const entry = (await import(pathToFileURL(path.join(SSR, 'entry-server.js')).href)) as {
  renderPage(pathname: string): Promise<Rendered>;
  renderAppShell(): string;
  renderCatalogueFrame(): Promise<{ html: string; page: { module: string } }>;
};
// Two documents: the app's (main.tsx) and the public site's (site.tsx), each with its entry's preloads.
const templates = {
  app: readFileSync(path.join(CLIENT, 'index.html'), 'utf8'),
  site: readFileSync(path.join(CLIENT, 'site.html'), 'utf8'),
};
rmSync(path.join(CLIENT, 'index.html'));
rmSync(path.join(CLIENT, 'site.html'));
type ManifestChunk = { file: string; src?: string; imports?: string[] };
const viteManifest = JSON.parse(readFileSync(path.join(CLIENT, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
rmSync(path.join(CLIENT, '.vite'), { recursive: true });

/** The chunk of a page's module and every chunk it imports statically, as asset URLs. */
function chunksOf(key: string, seen = new Set<string>()): string[] {
  const chunk = viteManifest[key];
  if (!chunk) throw new Error(`The build manifest has no chunk for ${key}`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((k) => chunksOf(k, seen))];
}

/**
 * The document for a rendered page: its entry's template, plus a preload of the page's own chunks (a
 * post's body is not among them: the browser keeps it as prerendered, components/static-html.tsx).
 */
function documentFor(rendered: Rendered): string {
  const template = templates[rendered.entry];
  if (!rendered.page) return template;
  const preloads = [...new Set(chunksOf(rendered.page.module))]
    .filter((url) => !template.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
  return template.replace('</head>', `  ${preloads.join('\n    ')}\n  </head>`);
}

/** A prerendered page's head (the page server writes every page's tags); no pathname: not indexed. */
function head(meta: Meta, pathname: string | null, extra = ''): string {
  return headTags({
    ...meta,
    ...(pathname ? { url: `${BASE_URL_TOKEN}${pathname}` } : {}),
    // A post's share image comes with its own tags (`extra`).
    ...(pathname && !extra
      ? { image: `${BASE_URL_TOKEN}${shareImagePath(pathname)}`, imageAlt: meta.title }
      : {}),
    ...(extra ? { extra } : {}),
  });
}

function writePage(file: string, html: string) {
  const full = path.join(CLIENT, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, html);
}

let pages = 0;
/** Prerendered pages that get a share image (posts have their own). */
const sharePages: { path: string; title: string; description: string }[] = [];
for (const route of Object.values(ROUTES)) {
  if (!route.prerender) continue;
  if (route.path.includes(':')) {
    const param = PARAM_PATHS[route.path];
    if (!param) throw new Error(`${route.path} is prerendered but the build does not know its paths`);
    for (const p of param.paths) {
      const rendered = await entry.renderPage(p.path);
      writePage(
        prerenderFileFor(p.path),
        documentFor(rendered)
          .replace('<!--app-head-->', head(p.meta, p.path, p.extraHead))
          .replace('<!--app-html-->', rendered.html),
      );
      manifest.paths.push(p.path);
      pages++;
    }
    const missing = await entry.renderPage(param.fallback);
    const file = `${param.fallback.replace(/^\/+/, '')}.html`;
    writePage(
      file,
      documentFor(missing)
        .replace('<!--app-head-->', head(missing.meta, null))
        .replace('<!--app-html-->', missing.html),
    );
    manifest.fallbacks[route.path] = file;
    continue;
  }
  const rendered = await entry.renderPage(route.path);
  sharePages.push({ path: route.path, ...rendered.meta });
  writePage(
    prerenderFileFor(route.path),
    documentFor(rendered)
      .replace('<!--app-head-->', head(rendered.meta, route.path))
      .replace('<!--app-html-->', rendered.html),
  );
  pages++;
}
// The library is rendered on request (decision 0015); its share card is drawn here with the others.
sharePages.push({
  path: ROUTES.library.path,
  title: 'The n8n workflow template library',
  description: 'Every template with what it does, the apps it connects and the shape of its workflow.',
});
const notFound = await entry.renderPage('/__flowvault_not_found__');
writePage(
  NOT_FOUND_FILE,
  documentFor(notFound)
    .replace('<!--app-head-->', head(notFound.meta, null))
    .replace('<!--app-html-->', notFound.html),
);
// The public catalogue's frame: the server writes each page's head and body into it (src/server/site/catalogue).
const frame = await entry.renderCatalogueFrame();
writePage(
  CATALOGUE_FRAME_FILE,
  documentFor({ html: frame.html, meta: { title: '', description: '' }, entry: 'site', page: frame.page })
    .replace('<!--app-head-->', CATALOGUE_HEAD)
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-page="catalogue">${frame.html}</div>`,
    ),
);
writePage(
  APP_SHELL_FILE,
  templates.app
    .replace('<!--app-head-->', head({ title: 'Flowvault', description: 'Flowvault member area' }, null))
    .replace(
      '<div id="root"><!--app-html--></div>',
      `<div id="root" data-shell="app">${entry.renderAppShell()}</div>`,
    ),
);

writeFileSync(path.join(CLIENT, PRERENDER_MANIFEST_FILE), JSON.stringify(manifest));
const staticPaths = Object.values(ROUTES)
  .filter((r) => r.prerender && !r.path.includes(':') && r.path !== ROUTES.newsletter.path)
  .map((r) => r.path);
for (const [file, body] of Object.entries(
  feedFiles(content, [...staticPaths, ...manifest.paths], BASE_URL_TOKEN),
)) {
  writeFileSync(path.join(CLIENT, file), body);
}

// The blog's downloadable workflow packs, from the sample library.
mkdirSync(path.join(CLIENT, 'workflows'), { recursive: true });
for (const pack of buildWorkflowPacks(path.join(ROOT, 'samples')))
  writeFileSync(path.join(CLIENT, pack.file), pack.body);

// Share images (1200×630 PNG) of pages and posts, the favicon, touch icons and manifest.
const imagesStarted = performance.now();
const images = await writeShareImages({ clientDir: CLIENT, pages: sharePages, posts: content.posts });
console.log(
  `Drew ${images} share image(s) and the icons in ${Math.round(performance.now() - imagesStarted)} ms`,
);

// Precompress static text assets once, so the server never compresses them per request.
let compressed = 0;
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(js|css|svg|json|txt|xml|map)$/.test(name)) {
      const raw = readFileSync(full);
      writeFileSync(
        `${full}.br`,
        brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${full}.gz`, gzipSync(raw, { level: 9 }));
      compressed++;
    }
  }
}
walk(CLIENT);

const templateStarted = performance.now();
const templateDir = defaultTemplateDir();
const { bytes } = await writeDatabaseTemplate(templateDir);
console.log(
  `Wrote the embedded database template: ${path.relative(ROOT, templateDir)}/ (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${Math.round(performance.now() - templateStarted)} ms`,
);

const serverFile = await buildServer();
console.log(`Built the server for npm run serve: ${path.relative(ROOT, serverFile)}`);

const stamp = createHash('sha256').update(String(Date.now())).digest('hex').slice(0, 12);
writeFileSync(path.join(ROOT, 'dist/.build-stamp'), `${stamp}\n`);
console.log(
  `Built the web app: ${pages} prerendered page(s), 404 page, app shell, ${compressed} precompressed asset(s) in ${Math.round(performance.now() - started)} ms`,
);
// The prerender bundle may leave timers or sockets open (module-level UI code); the build is done.
process.exit(0);
