import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import type { PageRenderer } from '#shared/site/page-render.ts';

// The SSR entry (src/web/entry-server.tsx) as `npm run build` bundles it: the build prerenders the site
// with it, and the server renders the pages it builds on request with the same bundle, loaded once on
// the first such request. Tests load the entry's renderers from source instead (tests/support/test-app.ts).

export const SSR_ENTRY_FILE = path.join(PROJECT_ROOT, 'dist/ssr/entry-server.js');

export async function loadBuiltRenderer(file = SSR_ENTRY_FILE): Promise<PageRenderer> {
  if (!existsSync(file)) throw new Error(`${file} is missing. Run "npm run build".`);
  // A variable path: the server's bundle (scripts/build-server.ts) must not pull the web app in.
  const entry = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as PageRenderer;
  return entry;
}
