// Vite plugin exposing content/ as virtual modules, compiled at build time (no Markdown in the browser).
//   virtual:flowvault/site         site copy, testimonials, authors (small; any page)
//   virtual:flowvault/blog         post summaries without bodies (blog list, related posts)
//   virtual:flowvault/blog-bodies  a loader per slug (only the lazily loaded post page imports it)
//   virtual:flowvault/blog-body/S  one post's HTML (its own chunk: a post page loads only its own body)
//   virtual:flowvault/legal        static pages by id (only the lazily loaded static page imports it)
import path from 'node:path';
import type { Plugin } from 'vite';
import { loadContent, summarize } from './load-content.ts';

const PREFIX = 'virtual:flowvault/';
const IDS = ['site', 'blog', 'blog-bodies', 'legal'] as const;
const BODY = 'blog-body/';
/** Fills catalogue placeholders in the browser ({{workflowCount}}…; decision 0016). */
const CLAIMS_HELPER = 'src/web/lib/claims.ts';

export function contentPlugin(root: string): Plugin {
  return {
    name: 'flowvault-content',
    resolveId(id) {
      const name = id.slice(PREFIX.length);
      if (id.startsWith(PREFIX) && ((IDS as readonly string[]).includes(name) || name.startsWith(BODY))) {
        return `\0${id}`;
      }
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const name = id.slice(PREFIX.length + 1);
      const content = loadContent(root);
      for (const file of content.files) this.addWatchFile(file);
      const out = (value: unknown) =>
        `import { withClaims } from ${JSON.stringify(path.join(root, CLAIMS_HELPER))};\n` +
        `export default withClaims(${JSON.stringify(value)});`;
      if (name.startsWith(BODY)) {
        const post = content.posts.find((p) => p.slug === name.slice(BODY.length));
        if (!post) throw new Error(`No blog post "${name.slice(BODY.length)}" in content/blog`);
        return out(post.html);
      }
      switch (name) {
        case 'site':
          return out({ site: content.site, testimonials: content.testimonials, authors: content.authors });
        case 'blog':
          return out(content.posts.map(summarize));
        case 'blog-bodies':
          return `export default {\n${content.posts
            .map(
              (p) =>
                `  ${JSON.stringify(p.slug)}: () => import(${JSON.stringify(`${PREFIX}${BODY}${p.slug}`)}),`,
            )
            .join('\n')}\n};`;
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
