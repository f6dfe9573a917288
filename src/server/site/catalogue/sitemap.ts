import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml as esc } from '#server/lib/escape-html.ts';
import type { SearchIndex } from '#server/search/index.ts';
import { BASE_URL_TOKEN } from '../pages.ts';

// The sitemap: the site's own pages (written by the build) plus /library and every published template,
// read from the search index, so an import or an unpublish shows in it as soon as the index has it.
// Past 50,000 URLs (the sitemap protocol's limit per file) /sitemap.xml becomes a sitemap index.

export const SITEMAP_LIMIT = 50_000;
const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const urlset = (urls: string[]) => `${XML}\n<urlset ${NS}>\n${urls.join('\n')}\n</urlset>\n`;

const automationPath = (id: string) => `/automation/${encodeURIComponent(id)}`;

export function createSitemaps(deps: {
  index: SearchIndex;
  baseUrl: string;
  webRoot?: string | undefined;
  limit: number;
}) {
  // The build's <url> lines (landing, blog, legal pages…), with the base URL filled in.
  const file = deps.webRoot ? path.join(deps.webRoot, 'sitemap.xml') : undefined;
  const built =
    file && existsSync(file) ? readFileSync(file, 'utf8').replaceAll(BASE_URL_TOKEN, deps.baseUrl) : '';
  const siteUrls = [
    ...(built.match(/<url>[\s\S]*?<\/url>/g) ?? []),
    `<url><loc>${esc(deps.baseUrl)}/library</loc></url>`,
  ];

  let tag = '';
  let parts: string[] = [];

  /** Files of at most `limit` URLs each: the site's pages first, then the templates. */
  async function current(): Promise<string[]> {
    const now = await deps.index.tag();
    if (now === tag) return parts;
    const entries = await deps.index.all();
    const urls = [
      ...siteUrls,
      ...entries.map(
        (e) =>
          `<url><loc>${esc(deps.baseUrl + automationPath(e.card.id))}</loc><lastmod>${e.card.createdAt.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    const next: string[] = [];
    for (let i = 0; i < urls.length; i += deps.limit) next.push(urlset(urls.slice(i, i + deps.limit)));
    parts = next;
    tag = now;
    return parts;
  }

  return {
    /** /sitemap.xml: every URL, or the index of /sitemaps/pages-N.xml once they do not fit one file. */
    async root(): Promise<string> {
      const files = await current();
      if (files.length === 1) return files[0]!;
      const list = files.map(
        (_, i) => `<sitemap><loc>${esc(deps.baseUrl)}/sitemaps/pages-${i + 1}.xml</loc></sitemap>`,
      );
      return `${XML}\n<sitemapindex ${NS}>\n${list.join('\n')}\n</sitemapindex>\n`;
    },
    async part(name: string): Promise<string | undefined> {
      const n = /^pages-(\d{1,6})\.xml$/.exec(name)?.[1];
      const files = await current();
      if (!n || files.length === 1) return undefined;
      return files[Number(n) - 1];
    },
  };
}
