// The template text over the whole reference corpus, measured (issue 38, decision 0022): titles that
// are still file names, descriptions that say a clause twice, grammar faults by the house rules
// (src/shared/catalog/english.ts), and app chips that show a letter instead of a logo.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DERIVE_VERSION,
  type DerivedAutomation,
  deriveAutomation,
} from '#shared/catalog/derive-automation.ts';
import { grammarFaults, stepVerb } from '#shared/catalog/english.ts';
import { n8nNodeEntries } from '#shared/catalog/n8n-nodes.ts';
import { isLetterChip } from '#shared/catalog/node-icons.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { isFileNameTitle } from '#shared/catalog/title.ts';
import { loadCorpus } from '#tests/support/n8n-corpus.ts';

type Item = { file: string; d: DerivedAutomation };
let items: Item[] = [];
let cleanup = () => {};

beforeAll(() => {
  const corpus = loadCorpus();
  cleanup = corpus.cleanup;
  for (const f of corpus.files) {
    const parsed = parseWorkflowText(f.text);
    if (!parsed.ok) continue;
    const fileName = f.file.split('/').pop();
    items.push({ file: f.file, d: deriveAutomation({ workflow: parsed.workflow, fileName }) });
  }
});
afterAll(() => {
  cleanup();
  items = [];
});

/** Verbs a step may start with: the first word of every action text n8n publishes, and our own. */
function knownVerbs(): Set<string> {
  const verbs = new Set(
    'prepare check route keep merge loop wait stop run answer call send show use save produce let ask classify analyse summarise extract store update search get transcribe write create add look does do set split combine sort remove reshape format convert hash rename compare turn read edit zip post insert upload download reply subscribe'.split(
      ' ',
    ),
  );
  for (const [, node] of n8nNodeEntries())
    for (const op of node.operations) {
      const first = op[3].trim().split(/\s+/)[0]?.toLowerCase();
      if (first && /^[a-z]+$/.test(first)) verbs.add(first);
    }
  return verbs;
}

/** Clauses of one sentence ("it a, b and c"), normalised. */
function clausesOf(sentence: string): string[] {
  const fragments = sentence
    .replace(/^[^,]*?,\s*it (also )?/, '')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\([^)]*\)/g, '')
    .split(/,\s*|\s+and\s+|\s+or\s+|;\s*|\s+either\s+/)
    .map((c) =>
      c
        .replace(/^(either|it|then)\s+/, '')
        .trim()
        .toLowerCase(),
    );
  // A lone verb belongs to the next fragment ("creates or updates a member" is one clause).
  const clauses: string[] = [];
  let carry = '';
  for (const f of fragments) {
    const c = carry ? `${carry} ${f}` : f;
    if (f.split(' ').length === 1) carry = c;
    else {
      clauses.push(c);
      carry = '';
    }
  }
  return clauses.filter((c) => c.split(' ').length >= 3);
}

/** A description or summary that says one clause twice (within a sentence, or a sentence's tail again). */
function repeatsClause(text: string): boolean {
  const sentences = text.split(/(?<=[.!?])\s+/);
  const seen = new Set<string>();
  for (const s of sentences) {
    const clauses = clausesOf(s.replace(/[.!?]$/, ''));
    if (new Set(clauses).size < clauses.length) return true;
    // "… sends a message. In the end it sends a message."
    if (/^in the end\b/i.test(s) && clauses.every((c) => seen.has(c))) return true;
    for (const c of clauses) seen.add(c);
  }
  return false;
}

/** The description without the author's purpose sentences (those are theirs, not the generator's). */
const generatedDescription = (d: DerivedAutomation) =>
  d.purposeSource === 'author' && d.description.startsWith(d.purpose)
    ? d.description.slice(d.purpose.length).trim()
    : d.description;

/** The generated text of an item (the author's purpose sentences are theirs, not the generator's). */
function generatedText(d: DerivedAutomation): string[] {
  const description = generatedDescription(d);
  return [
    ...(d.titleSource === 'generated' ? [d.title] : []),
    ...(d.summarySource === 'generated' ? [d.summary] : []),
    description,
    ...d.howItWorks.split('\n'),
  ];
}

describe('template text over the reference corpus', () => {
  it('prints the measure and meets the targets', () => {
    const verbs = knownVerbs();
    const N = items.length;
    const fileNameTitles = items.filter((i) => isFileNameTitle(i.d.title, i.file.split('/').pop()));
    const repeated = items.filter(
      (i) =>
        repeatsClause(generatedDescription(i.d)) ||
        (i.d.summarySource === 'generated' && repeatsClause(i.d.summary)),
    );
    const faulty = items
      .map((i) => {
        const faults = generatedText(i.d).flatMap(grammarFaults);
        for (const step of i.d.howItWorks.split('\n').slice(1)) {
          if (/^(When|Every|At|On) .*\(entry point \d+\)\.$/.test(step) || step.startsWith('…and')) continue;
          const verb = stepVerb(step);
          if (!verbs.has(verb)) faults.push(`unknown verb "${verb}" in "${step}"`);
        }
        return { file: i.file, faults };
      })
      .filter((x) => x.faults.length > 0);
    const chips = items.flatMap((i) => i.d.integrations);
    // A chip with no logo and no glyph of its kind shows letters (src/web/features/site/catalogue/template-card.tsx).
    const letters = chips.filter(isLetterChip);
    console.log(
      `template text: file-name titles ${fileNameTitles.length}/${N}, repeated clauses ${repeated.length}/${N}, grammar faults ${faulty.length}/${N}, letter chips ${letters.length}/${chips.length}`,
    );
    const tally = new Map<string, number>();
    for (const name of letters) tally.set(name, (tally.get(name) ?? 0) + 1);
    const top = [...tally].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log(`most frequent letter chips: ${top.map(([n, k]) => `${n} ${k}`).join(', ')}`);
    for (const f of faulty.slice(0, 15))
      console.log(`grammar: ${f.file}: ${f.faults.slice(0, 3).join('; ')}`);
    for (const f of fileNameTitles.slice(0, 10)) console.log(`file-name title: ${f.file}: ${f.d.title}`);
    for (const f of repeated.slice(0, 10)) console.log(`repeated: ${f.file}: ${f.d.description}`);

    expect(N).toBeGreaterThan(2000);
    expect(fileNameTitles.map((i) => `${i.file}: ${i.d.title}`)).toEqual([]);
    expect(repeated.map((i) => i.file)).toEqual([]);
    expect(faulty.map((f) => `${f.file}: ${f.faults.join('; ')}`)).toEqual([]);
    expect(letters.length / chips.length).toBeLessThanOrEqual(0.1);
  });
});

// What the import writes for a fixed sample (every 25th file), kept readable so a diff shows what a
// rule change did. Changed text must come with a DERIVE_VERSION bump, or re-imports keep the old text.
const GOLDEN = path.resolve(import.meta.dirname, '../fixtures/derived-text.json');

describe('DERIVE_VERSION moves with the derived text', () => {
  it('the sample derives as the golden file says, under the same version', () => {
    const sample = Object.fromEntries(
      items
        .filter((_, i) => i % 25 === 0)
        .map(({ file, d }) => [
          file,
          {
            title: d.title,
            summary: d.summary,
            description: d.description,
            steps: d.howItWorks.split('\n'),
            integrations: d.integrations,
            readiness: d.quality?.readiness ?? null,
            deployable: d.deployable,
          },
        ]),
    );
    const current = { deriveVersion: DERIVE_VERSION, items: sample };
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(GOLDEN, `${JSON.stringify(current, null, 2)}\n`);
    const golden = existsSync(GOLDEN)
      ? (JSON.parse(readFileSync(GOLDEN, 'utf8')) as typeof current)
      : { deriveVersion: '', items: {} };
    const refresh = `refresh ${path.relative(process.cwd(), GOLDEN)} with UPDATE_GOLDEN=1 npx vitest run --project server tests/server/catalog-text-corpus.test.ts`;
    if (golden.deriveVersion === DERIVE_VERSION)
      expect(
        sample,
        `derived text changed: bump DERIVE_VERSION (derive-automation.ts), then ${refresh}`,
      ).toEqual(golden.items);
    else
      expect.fail(
        `DERIVE_VERSION is ${DERIVE_VERSION} but the golden file was made under ${golden.deriveVersion || 'none'}: ${refresh}`,
      );
  });
});
