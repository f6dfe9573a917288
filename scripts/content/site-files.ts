// Build-time head tags for posts, and the sitemap, robots.txt and RSS feed. URLs start with the
// base-URL token, filled in by the server with BASE_URL.
import { escapeHtml as esc } from '../../src/server/lib/escape-html.ts';
import type { BlogPost, Content } from './load-content.ts';
import { shareImagePath, shareImageTags } from './share-images.ts';

/** Keywords, Open Graph article, Twitter card and JSON-LD Article for one post. */
export function postHead(post: BlogPost, base: string): string {
  const url = `${base}/blog/${post.slug}`;
  const image = `${base}${shareImagePath(`/blog/${post.slug}`)}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: post.title,
    description: post.metaDescription,
    image: [image],
    datePublished: post.publishDate,
    dateModified: post.publishDate,
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@type': 'Organization',
      name: 'Flowvault',
      logo: { '@type': 'ImageObject', url: `${base}/favicon.svg` },
    },
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    keywords: post.keywords.join(', '),
    articleSection: post.category,
    wordCount: post.words,
  };
  return [
    `<meta name="keywords" content="${esc(post.keywords.join(', '))}" />`,
    `<meta name="author" content="${esc(post.author)}" />`,
    '<meta property="og:type" content="article" />',
    ...shareImageTags(`/blog/${post.slug}`, base, post.title),
    `<meta property="article:published_time" content="${post.publishDate}" />`,
    `<meta property="article:section" content="${esc(post.category)}" />`,
    ...post.tags.map((t) => `<meta property="article:tag" content="${esc(t)}" />`),
    `<meta name="twitter:title" content="${esc(post.title)}" />`,
    `<meta name="twitter:description" content="${esc(post.metaDescription)}" />`,
    `<link rel="alternate" type="application/rss+xml" title="Flowvault blog" href="${base}/rss.xml" />`,
    // JSON-LD is data, not script: CSP script-src does not apply to it. "<" is escaped so the text can't close the tag.
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`,
  ].join('\n    ');
}

export function feedFiles(content: Content, paths: string[], base: string): Record<string, string> {
  const lastmod = (p: string) => content.posts.find((post) => `/blog/${post.slug}` === p)?.publishDate;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.map((p) => {
      const mod = lastmod(p);
      return `  <url><loc>${base}${p === '/' ? '/' : p}</loc>${mod ? `<lastmod>${mod}</lastmod>` : ''}</url>`;
    }),
    '</urlset>',
    '',
  ].join('\n');
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /payment',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  const rfc822 = (d: string) => new Date(`${d}T12:00:00Z`).toUTCString();
  const rss = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    '  <title>Flowvault blog</title>',
    `  <link>${base}/blog</link>`,
    '  <description>n8n automation guides, use cases and case studies</description>',
    '  <language>en</language>',
    `  <atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml" />`,
    ...content.posts.map((p) =>
      [
        '  <item>',
        `    <title>${esc(p.title)}</title>`,
        `    <link>${base}/blog/${p.slug}</link>`,
        `    <guid isPermaLink="true">${base}/blog/${p.slug}</guid>`,
        `    <pubDate>${rfc822(p.publishDate)}</pubDate>`,
        `    <category>${esc(p.category)}</category>`,
        `    <description>${esc(p.excerpt)}</description>`,
        '  </item>',
      ].join('\n'),
    ),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
  return { 'sitemap.xml': sitemap, 'robots.txt': robots, 'rss.xml': rss };
}
