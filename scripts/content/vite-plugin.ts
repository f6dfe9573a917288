// Vite plugin exposing content/ as virtual modules, compiled at build time (no Markdown in the browser).
//   virtual:flowvault/site         site copy, testimonials, authors (small; any page)
//   virtual:flowvault/blog         post summaries without bodies (blog list, related posts)
//   virtual:flowvault/blog-bodies  post HTML by slug (only the lazily loaded post page imports it)
//   virtual:flowvault/legal        static pages by id (only the lazily loaded static page imports it)
import path from 'node:path';
import type { Plugin } from 'vite';
import { loadContent, summarize } from './load-content.ts';

const PREFIX = 'virtual:flowvault/';
const IDS = ['site', 'blog', 'blog-bodies', 'legal'] as const;

export function contentPlugin(root: string): Plugin {
  return {
    name: 'flowvault-content',
    resolveId(id) {
      if (id.startsWith(PREFIX) && (IDS as readonly string[]).includes(id.slice(PREFIX.length))) {
        return `\0${id}`;
      }
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const content = loadContent(root);
      for (const file of content.files) this.addWatchFile(file);
      const out = (value: unknown) => `export default ${JSON.stringify(value)};`;
      switch (name) {
        case 'site':
          return out({ site: content.site, testimonials: content.testimonials, authors: content.authors });
        case 'blog':
          return out(content.posts.map(summarize));
        case 'blog-bodies':
          return out(Object.fromEntries(content.posts.map((p) => [p.slug, p.html])));
        case 'legal':
          return out(Object.fromEntries(content.legal.map((p) => [p.id, p])));
        default:
          return undefined;
      }
    },
    configureServer(server) {
      server.watcher.add(path.join(root, 'content'));
    },
  };
}
