import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findStrayPrices } from '../../../scripts/check-prices.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('the price check of npm run lint', () => {
  it('finds no price outside the plan table in this repository', () => {
    expect(findStrayPrices(ROOT)).toEqual([]);
  });

  it('fails on a price written in content, code, a test or the README', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'fv-prices-'));
    mkdirSync(path.join(root, 'content'));
    mkdirSync(path.join(root, 'src/shared'), { recursive: true });
    mkdirSync(path.join(root, 'e2e'));
    const price = ['$', '49'].join('');
    const field = JSON.stringify({ offer: { price: 49 } }, null, 2);
    writeFileSync(path.join(root, 'content/site.json'), `${field}\n`);
    writeFileSync(path.join(root, 'src/label.ts'), `export const LABEL = 'Upgrade (${price})';\n`);
    writeFileSync(path.join(root, 'e2e/buy.spec.ts'), `// pays ${['49', 'USD'].join(' ')}\n`);
    writeFileSync(path.join(root, 'README.md'), `Lifetime access, ${['60', '% off'].join('')}.\n`);
    // The plan table is the one place a price may be written.
    writeFileSync(path.join(root, 'src/shared/plans.ts'), `// ${price}\nexport const AMOUNT_CENTS = 4900;\n`);
    expect(findStrayPrices(root).map((s) => `${s.file}:${s.line} ${s.kind}`)).toEqual([
      'src/label.ts:1 a dollar amount',
      'content/site.json:3 a price field',
      'e2e/buy.spec.ts:1 a USD amount',
      'README.md:1 a discount',
    ]);
  });
});
