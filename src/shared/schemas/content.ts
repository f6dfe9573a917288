import { z } from 'zod';
import { BLOG_CATEGORIES } from '#shared/constants.ts';

// Operator content under content/ (site copy, testimonials, authors, blog posts, legal pages),
// validated at build time: a bad file stops the build with the file name and the field.

const Slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lowercase words joined by hyphens');
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date written YYYY-MM-DD');

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;

export const StatSchema = z.object({ value: z.string().min(1), label: z.string().min(1) });
export type Stat = z.infer<typeof StatSchema>;

export const FaqItemSchema = z.object({
  question: z.string().min(5),
  /** Plain text; "[label](/path)" makes an internal link. */
  answer: z.string().min(5),
});
export type FaqItem = z.infer<typeof FaqItemSchema>;

export const SiteCopySchema = z.object({
  hero: z.object({
    badge: z.string(),
    title: z.string(),
    highlight: z.string(),
    subtitle: z.string(),
    newWorkflowsNote: z.string(),
  }),
  // Prices come from the plan table (src/shared/plans.ts): the blog's offer card holds no price.
  featuredOffer: z.object({
    stats: z.array(StatSchema).min(1),
    perks: z.array(z.string()).min(1),
  }),
  claims: z.array(z.string()).min(1),
  features: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string() })).min(1),
  /**
   * Results customers report, and the trust strip: the operator's own claims, shipped empty (a fresh
   * install claims nothing it cannot back, DESIGN.md §9.13); a section with no stat is not shown. Use
   * figures come from live data through {{memberCount}}, {{downloadCount}} and {{deployCount}}, which
   * fill with nothing below their floor, hiding that stat (src/shared/claims.ts).
   */
  results: z.object({ title: z.string(), intro: z.string(), stats: z.array(StatSchema) }),
  trust: z.array(StatSchema),
  faq: z.array(FaqItemSchema).min(1),
  contact: z.object({
    email: z.email(),
    phone: z.string(),
    address: z.string(),
    /** Both readings of the business hours (the spec gives two). */
    businessHours: z.array(z.string()).min(1),
    responseTimes: z.array(z.string()),
  }),
});
export type SiteCopy = z.infer<typeof SiteCopySchema>;

/**
 * A customer's review, written into content/testimonials.json by the operator with the customer's consent.
 * The file ships empty (DESIGN.md §9.13): no card shows until there is a real review. `date` is when it
 * was given (a fixed "2 days ago" would be untrue a week later); `verified` is the operator's word that
 * the reviewer bought lifetime access.
 */
export const TestimonialSchema = z.object({
  id: z.string(),
  name: z.string().min(2),
  title: z.string(),
  review: z.string().min(10),
  rating: z.number().int().min(1).max(5),
  date: IsoDate,
  verified: z.boolean(),
  location: z.string(),
});
export type Testimonial = z.infer<typeof TestimonialSchema>;
export const TestimonialsSchema = z.array(TestimonialSchema).max(20);

export const AuthorSchema = z.object({
  name: z.string().min(2),
  role: z.string(),
  bio: z.string().min(20),
  /** Initials drawn as the avatar (no external images). */
  initials: z.string().min(1).max(3),
  social: z.object({
    twitter: z.url().optional(),
    linkedin: z.url().optional(),
    website: z.url().optional(),
  }),
});
export type Author = z.infer<typeof AuthorSchema>;
export const AuthorsSchema = z.array(AuthorSchema).length(4);

export const BlogFrontmatterSchema = z.object({
  slug: Slug,
  title: z.string().min(10),
  excerpt: z.string().min(40),
  author: z.string().min(2),
  publishDate: IsoDate,
  readTime: z.string().regex(/^\d+ min read$/),
  category: z.enum(BLOG_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()).min(1),
  image: z.string().startsWith('/'),
  downloadUrl: z
    .string()
    .regex(/^\/workflows\/[a-z0-9-]+\.json$/)
    .optional(),
  keywords: z.array(z.string()).min(1),
  metaDescription: z.string().min(50).max(170),
});
export type BlogFrontmatter = z.infer<typeof BlogFrontmatterSchema>;

export const TocHeadingSchema = z.object({
  id: z.string(),
  text: z.string(),
  level: z.union([z.literal(2), z.literal(3), z.literal(4)]),
});
export type TocHeading = z.infer<typeof TocHeadingSchema>;

/** A post as the web app sees it, without its body (the body ships only with the post page). */
export type BlogPostSummary = BlogFrontmatter & { headings: TocHeading[]; words: number };

export const LegalFrontmatterSchema = z.object({
  id: Slug,
  title: z.string(),
  description: z.string().min(50),
  version: z.string().optional(),
  /** Legal pages say when they last changed; a page like Contact Us has no such date. */
  lastUpdated: z.string().optional(),
  sections: z.number().int().positive().optional(),
});
export type LegalFrontmatter = z.infer<typeof LegalFrontmatterSchema>;
export type LegalPageContent = LegalFrontmatter & { html: string; headings: TocHeading[] };
