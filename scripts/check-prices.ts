// Part of `npm run lint`: fails when a price, list price or discount is written anywhere but the plan table
// (src/shared/plans.ts). Pages, tests and operator content take them from there (planOffer(),
// PLAN_PRICE_LABEL, or the {{price}} placeholders in content/). Decision 0016.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where prices could be written: code, tests, operator content and the README. */
const SCAN = ['src', 'content', 'scripts', 'e2e', 'tests', 'bench', 'README.md'];
const TEXT = /\.(ts|tsx|js|mjs|md|json|html|css|yaml|yml)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tmp', 'fixtures']);
/** The plan table itself. */
const SOURCE = 'src/shared/plans.ts';

const PATTERNS: { name: string; re: RegExp }[] = [
  { name: 'a dollar amount', re: /\$ ?\d{2,}(?:\.\d{2})?\b|\$\d+\.\d{2}\b/ },
  { name: 'a USD amount', re: /\bUSD ?\d|\d ?USD\b|\d+ dollars\b/ },
  { name: 'a discount', re: /\d+ ?% off\b/i },
  { name: 'a price field', re: /"(price|listPrice|regularPrice|saved|percentOff|amount)" *: *\d/ },
];

export type StrayPrice = { file: string; line: number; text: string; kind: string };

function filesUnder(root: string, rel: string): string[] {
  const full = path.join(root, rel);
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return TEXT.test(rel) ? [rel] : [];
  return readdirSync(full)
    .filter((name) => !SKIP_DIRS.has(name))
    .flatMap((name) => filesUnder(root, path.posix.join(rel, name)));
}

/** Every line under `root` that writes a price outside the plan table. */
export function findStrayPrices(root: string): StrayPrice[] {
  const out: StrayPrice[] = [];
  for (const file of SCAN.flatMap((rel) => filesUnder(root, rel))) {
    if (file === SOURCE || file === 'scripts/check-prices.ts') continue;
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        const hit = PATTERNS.find((p) => p.re.test(text));
        if (hit) out.push({ file, line: i + 1, text: text.trim().slice(0, 120), kind: hit.name });
      });
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const stray = findStrayPrices(path.resolve(fileURLToPath(new URL('..', import.meta.url))));
  if (stray.length > 0) {
    for (const s of stray) console.error(`${s.file}:${s.line}: ${s.kind}: ${s.text}`);
    console.error(
      `\n${stray.length} price(s) written outside ${SOURCE}. Take them from the plan table: planOffer() or PLAN_PRICE_LABEL in code, {{price}} in content/.`,
    );
    process.exit(1);
  }
  console.log(`Prices: every one comes from ${SOURCE}.`);
}
