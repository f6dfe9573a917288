import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dollars, planOffer } from '#shared/plans.ts';
import { loadContent, renderMarkdown, splitFrontmatter } from '../../../scripts/content/load-content.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('content/', () => {
  const content = loadContent(ROOT);

  it('holds the six posts the spec names, newest first, each over 800 words with h2/h3', () => {
    expect(content.posts.map((p) => p.slug)).toEqual([
      'complete-guide-n8n-workflow-automation',
      'ecommerce-automation-with-n8n',
      'ai-powered-workflows-chatgpt-integration',
      'social-media-automation-best-practices',
      'data-processing-automation-workflows',
      'productivity-automation-remote-teams',
    ]);
    for (const post of content.posts) {
      expect(post.words, post.slug).toBeGreaterThan(800);
      expect(post.headings.some((h) => h.level === 2)).toBe(true);
      expect(post.headings.some((h) => h.level === 3)).toBe(true);
      expect(post.html).toContain(`<h2 id="${post.headings[0]!.id}">`);
    }
    const data = content.posts.find((p) => p.slug === 'data-processing-automation-workflows')!;
    expect([data.publishDate, data.category, data.difficulty]).toEqual([
      '2023-12-20',
      'Case Studies',
      'Advanced',
    ]);
    const remote = content.posts.find((p) => p.slug === 'productivity-automation-remote-teams')!;
    expect([remote.publishDate, remote.category, remote.difficulty]).toEqual([
      '2023-12-15',
      'Best Practices',
      'Intermediate',
    ]);
  });

  it('uses the four download packs and four authors', () => {
    expect(new Set(content.posts.map((p) => p.downloadUrl).filter(Boolean))).toEqual(
      new Set([
        '/workflows/beginner-automation-pack.json',
        '/workflows/ecommerce-automation-pack.json',
        '/workflows/ai-integration-pack.json',
        '/workflows/social-media-pack.json',
      ]),
    );
    expect(content.authors).toHaveLength(4);
  });

  it('ships no testimonial, results figure or static social proof: the operator adds real ones (issue 43)', () => {
    expect(content.testimonials).toEqual([]);
    expect(content.site.results.stats).toEqual([]);
    // The trust strip and the offer card hold only live use figures, which hide below their floor.
    for (const stat of [...content.site.trust, ...content.site.featuredOffer.stats])
      expect(stat.value).toMatch(/^\{\{(workflow|member|download|deploy)Count\}\}$/);
  });

  it("has the legal pages with the spec's section counts and versions", () => {
    const byId = Object.fromEntries(content.legal.map((p) => [p.id, p]));
    const h2 = (id: string) => byId[id]!.headings.filter((h) => h.level === 2).length;
    expect(h2('terms-conditions')).toBe(13);
    expect(byId['terms-conditions']!.version).toBe('2.1');
    expect(byId['terms-conditions']!.lastUpdated).toBe('January 2024');
    expect(h2('refund-policy')).toBe(10);
    expect(h2('shipping-policy')).toBe(9);
    expect(h2('privacy-policy')).toBe(12);
    expect(byId['privacy-policy']!.version).toBe('3.0');
    expect(Object.keys(byId).sort()).toEqual([
      'about-us',
      'contact-us',
      'docs',
      'privacy-policy',
      'refund-policy',
      'shipping-policy',
      'terms-conditions',
    ]);
  });

  it('offers one price from the plan table, with no struck-through former price (issue 43)', () => {
    expect(planOffer()).toEqual({ price: dollars(35) });
  });

  it('fills price placeholders from the plan table and leaves catalogue ones for the server', () => {
    const faq = content.site.faq.map((item) => item.answer).join('\n');
    expect(faq).toContain(`one-time payment of ${planOffer().price}`);
    expect(faq).toContain('{{workflowCount}} workflow templates');
    expect(content.legal.find((page) => page.id === 'terms-conditions')?.html).toContain(
      `one-time ${planOffer().price} (US dollars)`,
    );
    expect(JSON.stringify(content)).not.toMatch(/\{\{(price|listPrice|percentOff|saved)\}\}/);
    expect(JSON.stringify(content)).not.toMatch(/% off|regular price|list price/i);
  });

  it('promises no documentation, video tutorials or community forum the site has no page for', () => {
    const claims = content.site.claims.join('\n').toLowerCase();
    const pages = content.legal
      .map((page) => page.html)
      .join('\n')
      .toLowerCase();
    for (const promise of ['documentation', 'video tutorials', 'community forum']) {
      expect(claims, promise).not.toContain(promise);
    }
    for (const promise of ['video tutorials', 'community forum'])
      expect(pages, promise).not.toContain(promise);
  });

  it('states one set of policies, and it is what the product does (issue 43)', () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const page = (id: string) => text(content.legal.find((p) => p.id === id)!.html);
    const everything = [
      ...content.legal.map((p) => text(p.html)),
      ...content.site.faq.map((f) => f.answer),
      ...content.site.claims,
      ...content.site.features.map((f) => f.text),
    ].join('\n');
    // Refunds: a 30-day guarantee with no exception for how much was used; paid back through PayPal.
    expect(page('refund-policy')).toContain('full refund within 30 days of your payment, for any reason');
    expect(page('terms-conditions')).toContain('a full refund within 30 days, for any reason');
    for (const contradiction of [/80 ?%/, /48 hours/, /UPI/i, /net banking/i, /bank transfer/i])
      expect(everything, String(contradiction)).not.toMatch(contradiction);
    // Delivery: access when PayPal confirms (the reconciliation job looks every minute); no delivery
    // classes of minutes or hours the code does not have.
    expect(page('shipping-policy')).toContain('active the moment PayPal confirms your payment');
    expect(page('shipping-policy')).toContain('every minute');
    for (const window of [/0-5 minutes/, /5-15 minutes/, /5-10 minutes/, /within 24 hours/])
      expect(everything, String(window)).not.toMatch(window);
    // Retention: erased at once on deletion, except what the law makes us keep (as the delete dialog says).
    expect(page('privacy-policy')).toContain('erased at once');
    expect(everything).not.toMatch(/3 years after account closure|30 days after termination/);
    // Payment method: PayPal only.
    expect(page('shipping-policy')).toContain('PayPal only');
    // No uptime or cadence the operator has not measured.
    expect(everything).not.toMatch(/99\.9|20-30|every week/);
  });

  it('gives one business-hours line, and Contact Us carries no stale "last updated" date', () => {
    expect(content.site.contact.businessHours).toHaveLength(1);
    expect(content.legal.find((page) => page.id === 'contact-us')?.lastUpdated).toBeUndefined();
  });

  it('stops with the file and field when a post is invalid', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fv-content-'));
    cpSync(path.join(ROOT, 'content'), path.join(root, 'content'), { recursive: true });
    const file = path.join(root, 'content/blog/ecommerce-automation-with-n8n.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace("publishDate: '2024-01-10'", 'publishDate: soon'));
    expect(() => loadContent(root)).toThrow(
      /ecommerce-automation-with-n8n\.md is not valid:\n {2}publishDate/,
    );
  });

  it('gives headings unique ids and refuses a file without frontmatter', () => {
    const { headings, html } = renderMarkdown('## Setup\n\ntext\n\n### Setup\n\n#### Deep *one*');
    expect(headings).toEqual([
      { id: 'setup', text: 'Setup', level: 2 },
      { id: 'setup-1', text: 'Setup', level: 3 },
      { id: 'deep-one', text: 'Deep one', level: 4 },
    ]);
    expect(html).toContain('<h4 id="deep-one">Deep <em>one</em></h4>');
    expect(() => splitFrontmatter('# no frontmatter', 'x.md')).toThrow(/x\.md has no frontmatter/);
  });
});
