import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { BRAND_SLUGS, LOGO_ICONS, logoSymbol } from '#shared/catalog/brand-slugs.ts';
import { integrationName } from '#shared/catalog/integrations.ts';
import { ICON_FAMILIES, integrationIcon, nodeIntegration } from '#shared/catalog/node-icons.ts';
import { loadCorpus } from '#tests/support/n8n-corpus.ts';
import { buildBrandSprite, SPRITE_PATH } from '../../scripts/brand-sprite.ts';

// Integration icons over the reference corpus (src/shared/catalog/node-icons.ts), and the brand sprite
// the web draws them from (scripts/brand-sprite.ts).

describe('over the reference corpus', () => {
  const corpus = loadCorpus();
  afterAll(() => corpus.cleanup());

  it('maps every node type to a brand icon or a family glyph, and cards resolve the same brand', () => {
    const types = new Set<string>();
    for (const { text } of corpus.files) {
      try {
        const nodes = (JSON.parse(text) as { nodes?: { type?: unknown }[] }).nodes;
        for (const n of Array.isArray(nodes) ? nodes : []) if (typeof n?.type === 'string') types.add(n.type);
      } catch {
        // unreadable files are the importer's business
      }
    }
    const brands = new Set<string>([...BRAND_SLUGS, ...Object.values(LOGO_ICONS).map(logoSymbol)]);
    const families = new Set<string>(ICON_FAMILIES);
    let brand = 0;
    let family = 0;
    const unmapped: string[] = [];
    const mismatched: string[] = [];
    for (const type of types) {
      const { name, icon } = nodeIntegration(type);
      const [kind, key] = icon.split(':') as [string, string];
      if (kind === 'brand' && brands.has(key)) brand++;
      else if (kind === 'family' && families.has(key)) family++;
      else unmapped.push(`${type} → ${icon}`);
      if (!name) unmapped.push(`${type} has no name`);
      // Cards carry integration names: the name must lead back to the same brand.
      if (kind === 'brand' && integrationName(type) && integrationIcon(name) !== icon)
        mismatched.push(`${type}: ${name} → ${integrationIcon(name)}, not ${icon}`);
    }
    console.log(`integration icons: ${brand} brand, ${family} family over ${types.size} node types`);
    expect(types.size).toBeGreaterThan(400);
    expect(unmapped).toEqual([]);
    expect(mismatched).toEqual([]);
    expect(brand).toBeGreaterThan(150);
  });
});

describe('the brand sprite', () => {
  it('has every brand of the table and is up to date (run `node scripts/brand-sprite.ts`)', () => {
    const sprite = buildBrandSprite();
    for (const slug of BRAND_SLUGS) expect(sprite).toContain(`<symbol id="${slug}"`);
    for (const name of Object.values(LOGO_ICONS))
      expect(sprite).toContain(`<symbol id="${logoSymbol(name)}"`);
    expect(readFileSync(SPRITE_PATH, 'utf8')).toBe(sprite);
  });
});
