// Build-time reader of content/: validates every file with zod and turns Markdown into HTML
// (heading ids for the table of contents). Used by the Vite plugin and by scripts/build.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { fillPrices } from '../../src/shared/plans.ts';
import {
  type Author,
  AuthorsSchema,
  BlogFrontmatterSchema,
  type BlogPostSummary,
  LegalFrontmatterSchema,
  type LegalPageContent,
  type SiteCopy,
  SiteCopySchema,
  type Testimonial,
  TestimonialsSchema,
  type TocHeading,
} from '../../src/shared/schemas/content.ts';

export type BlogPost = BlogPostSummary & { html: string };
export type Content = {
  site: SiteCopy;
  testimonials: Testimonial[];
  authors: Author[];
  /** Newest first: the blog's list order (previous/next follow it). */
  posts: BlogPost[];
  legal: LegalPageContent[];
  files: string[];
};

export class ContentError extends Error {
  override name = 'ContentError';
}

function check<S extends z.ZodType>(schema: S, value: unknown, file: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
  throw new ContentError(`${file} is not valid:\n${issues}`);
}

/** Splits "---\nyaml\n---\nbody" into its frontmatter object and Markdown body. */
export function splitFrontmatter(source: string, file: string): { data: unknown; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`${file} has no frontmatter block (--- … ---) at the top`);
  return { data: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

/** Markdown → HTML with stable heading ids, collecting h2–h4 for the table of contents. */
export function renderMarkdown(markdown: string): { html: string; headings: TocHeading[]; words: number } {
  const slugger = new GithubSlugger();
  const headings: TocHeading[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(t: Tokens.Heading['tokens']): string } }, token: Tokens.Heading) {
        const plain = token.text.replace(/[*_`]/g, '');
        const id = slugger.slug(plain);
        if (token.depth >= 2 && token.depth <= 4) {
          headings.push({ id, text: plain, level: token.depth as 2 | 3 | 4 });
        }
        return `<h${token.depth} id="${id}">${this.parser.parseInline(token.tokens)}</h${token.depth}>\n`;
      },
      link(this: { parser: { parseInline(t: Tokens.Link['tokens']): string } }, token: Tokens.Link) {
        const text = this.parser.parseInline(token.tokens);
        const external = /^https?:\/\//.test(token.href);
        const rel = external ? ' rel="noopener noreferrer" target="_blank"' : '';
        return `<a href="${token.href}"${rel}>${text}</a>`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false }) as string;
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
  return { html, headings, words };
}

/**
 * A content file's text with its price placeholders ({{price}}, {{listPrice}}…) filled from the plan
 * table. Catalogue placeholders ({{workflowCount}}…) stay: they are filled when a page is served.
 */
const readText = (file: string) => fillPrices(readFileSync(file, 'utf8'));

function readJson(file: string): unknown {
  try {
    return JSON.parse(readText(file));
  } catch (error) {
    throw new ContentError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

export function loadContent(root: string): Content {
  const dir = path.join(root, 'content');
  const files: string[] = [];
  const rel = (f: string) => path.relative(root, f);
  const json = <S extends z.ZodType>(name: string, schema: S): z.infer<S> => {
    const file = path.join(dir, name);
    files.push(file);
    return check(schema, readJson(file), rel(file));
  };
  const site = json('site.json', SiteCopySchema);
  const testimonials = json('testimonials.json', TestimonialsSchema);
  const authors = json('authors.json', AuthorsSchema);

  const posts: BlogPost[] = [];
  const blogDir = path.join(dir, 'blog');
  for (const name of readdirSync(blogDir)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const file = path.join(blogDir, name);
    files.push(file);
    const { data, body } = splitFrontmatter(readText(file), rel(file));
    const meta = check(BlogFrontmatterSchema, data, rel(file));
    if (`${meta.slug}.md` !== name) throw new ContentError(`${rel(file)}: slug must match the file name`);
    if (!authors.some((a) => a.name === meta.author)) {
      throw new ContentError(`${rel(file)}: author "${meta.author}" is not in content/authors.json`);
    }
    posts.push({ ...meta, ...renderMarkdown(body) });
  }
  posts.sort((a, b) => b.publishDate.localeCompare(a.publishDate) || a.slug.localeCompare(b.slug));

  const legal: LegalPageContent[] = [];
  const legalDir = path.join(dir, 'pages');
  for (const name of readdirSync(legalDir)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const file = path.join(legalDir, name);
    files.push(file);
    const { data, body } = splitFrontmatter(readText(file), rel(file));
    const meta = check(LegalFrontmatterSchema, data, rel(file));
    const { html, headings } = renderMarkdown(body);
    const h2 = headings.filter((h) => h.level === 2).length;
    if (meta.sections !== undefined && h2 !== meta.sections) {
      throw new ContentError(`${rel(file)}: declares ${meta.sections} sections but has ${h2} h2 headings`);
    }
    legal.push({ ...meta, html, headings });
  }
  return { site, testimonials, authors, posts, legal, files };
}

/** What the browser bundle may carry about posts: everything but the body. */
export function summarize(post: BlogPost): BlogPostSummary {
  const { html: _html, ...summary } = post;
  return summary;
}
