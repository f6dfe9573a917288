import content from 'virtual:flowvault/site';

/** Operator content from content/ (validated at build time). */
export const { site, testimonials, authors } = content;
