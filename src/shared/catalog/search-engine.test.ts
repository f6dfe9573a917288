import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestQuery } from './did-you-mean.ts';
import { buildWordIndex, searchWords } from './search-engine.ts';
import { matchesQuery, matchesWords, parseQuery, type SearchDoc } from './search-rules.ts';
import { substringDocs } from './substring-rule.ts';

// The index must answer exactly what the one-item reference rules in search-rules.ts answer.

const piece = fc.oneof(
  fc.constantFrom(
    'Gmail',
    'Telegram',
    'e-mail',
    'E-Mail',
    'googleSheets',
    'Google Sheets',
    'google-sheets',
    'Café',
    'ÉMAIL',
    'emails',
    'submitted',
    'n8nWorkflow',
    'C++',
    'slack:bot',
    '100%',
    '🚀',
    'İstanbul',
    'ﬁle',
    'K',
    'notification',
    'summarize',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 6 }).map((p) => p.join(' '));
const doc = fc.record({
  // Ids as the importer makes them (words joined by underscores and hyphens) or any string.
  id: fc.oneof(
    fc.string({ maxLength: 10 }),
    fc.array(piece, { maxLength: 4 }).map((p) => p.join('_')),
    fc.array(piece, { maxLength: 3 }).map((p) => p.join('-')),
  ),
  title: text,
  summary: text,
  description: text,
  integrations: fc.array(text, { maxLength: 3 }),
  nodeTypes: fc.array(piece, { maxLength: 3 }),
  category: text,
  tags: fc.array(text, { maxLength: 3 }),
  author: text,
  notes: text,
}) as fc.Arbitrary<SearchDoc>;
const query = fc.oneof(
  piece,
  text,
  fc.constantFrom('gmail telegram', 'e-mail', 'googlesheets', 'telegarm', 'gmail tele', 'mail', 'a to'),
);

describe('the word index answers the reference rules', () => {
  it('substring rule: exactly the documents matchesQuery keeps', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 12 }), query, (docs, q) => {
        const index = buildWordIndex(docs);
        const expected = docs.flatMap((d, i) => (matchesQuery(q.replaceAll('\u0000', ''), d) ? [i] : []));
        expect([...substringDocs(index, q)].sort((a, b) => a - b)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('word rule: exactly the documents matchesWords keeps', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 12 }), query, (docs, q) => {
        const index = buildWordIndex(docs);
        const r = searchWords(index, q);
        const got = r ? [...r.docs] : docs.map((_, i) => i).filter(() => q.trim() === '');
        const expected = docs.flatMap((d, i) => (matchesWords(q, d) ? [i] : []));
        if (parseQuery(q).length === 0) expect(r).toBeNull();
        else expect(got).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('ranks a title hit above a notes hit, and exact above a typo', () => {
    const base = {
      id: 'x',
      summary: '',
      description: '',
      integrations: [],
      nodeTypes: [],
      category: '',
      tags: [],
      author: '',
      notes: '',
    };
    const index = buildWordIndex([
      { ...base, id: 'notes', title: 'Other', notes: 'telegram' },
      { ...base, id: 'title', title: 'Telegram digest' },
      { ...base, id: 'typo', title: 'Telegarm digest' },
    ]);
    const r = searchWords(index, 'telegram')!;
    expect([...r.docs].sort((a, b) => r.scores[b]! - r.scores[a]!)).toEqual([1, 2, 0]);
    expect(suggestQuery(index, 'telegrm digst')).toBe('telegram digest');
  });
});
