// Constants from the spec (part 1 §9, part 2 §9). Change them here only.

export const SUPPORT_EMAIL = 'support@flowvault.app';

/** The blog's categories (spec part 2 §2), in the order of the category buttons. */
export const BLOG_CATEGORIES = [
  'Tutorials',
  'Use Cases',
  'Best Practices',
  'Industry Solutions',
  'Case Studies',
] as const;
