// Types of the build-time content modules (scripts/content/vite-plugin.ts).
declare module 'virtual:flowvault/site' {
  import type { Author, SiteCopy, Testimonial } from '#shared/schemas/content.ts';

  const content: { site: SiteCopy; testimonials: Testimonial[]; authors: Author[] };
  export default content;
}
declare module 'virtual:flowvault/blog' {
  import type { BlogPostSummary } from '#shared/schemas/content.ts';

  const posts: BlogPostSummary[];
  export default posts;
}
declare module 'virtual:flowvault/blog-bodies' {
  /** Loads one post's HTML (each post body is its own chunk). */
  const bodies: Record<string, () => Promise<{ default: string }>>;
  export default bodies;
}
declare module 'virtual:flowvault/legal' {
  import type { LegalPageContent } from '#shared/schemas/content.ts';

  const pages: Record<string, LegalPageContent>;
  export default pages;
}
