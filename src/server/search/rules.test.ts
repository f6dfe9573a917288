import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chipText,
  findV3000Match,
  forEachTerm,
  forEachTermRegex,
  highlightRanges,
  isAiAgent,
  isV3000Id,
  matchesChip,
  matchesQuery,
  v3000Id,
} from './rules.ts';

const item = (
  over: Partial<{
    id: string;
    title: string;
    description: string;
    author: string;
    tags: string[];
    category: string;
  }> = {},
) => ({
  id: 'slack-digest',
  title: 'Slack digest',
  description: 'Posts a daily summary.',
  author: 'Ada',
  tags: ['integrations', 'slack'],
  category: 'Integrations',
  ...over,
});

describe('matchesQuery (case-insensitive substring over title, description, author, tags, id)', () => {
  it.each([
    ['SLACK', true],
    ['daily sum', true],
    ['ada', true],
    ['integrations', true],
    ['k-dig', true],
    ['', true],
    ['   ', true],
    ['%', false],
    ['_', false],
    ['gmail', false],
  ])('%j → %s', (q, expected) => expect(matchesQuery(q, item())).toBe(expected));
  it('treats % and _ literally', () => {
    expect(matchesQuery('100%', item({ description: 'Saves 100% of the time' }))).toBe(true);
    expect(matchesQuery('a_b', item({ title: 'a_b tool' }))).toBe(true);
    expect(matchesQuery('a_b', item({ title: 'axb tool' }))).toBe(false);
  });
});

describe('matchesChip (hyphen → space, in category, tags, title or description)', () => {
  it.each([
    ['integrations', item(), true],
    ['ai-memory-rag', item({ category: 'AI Memory & RAG', tags: [] }), true],
    ['ai-automation', item({ category: 'AI & Automation', tags: [] }), true],
    ['telegram', item({ description: 'Talks to Telegram' }), true],
    ['business-process', item(), false],
    ['video', item({ tags: ['video'] }), true],
  ])('%s', (chip, value, expected) => expect(matchesChip(chip, value)).toBe(expected));
  it('normalises text', () => expect(chipText(' AI  Memory & RAG ')).toBe('ai memory rag'));
});

describe('isAiAgent', () => {
  it.each([
    [item({ title: 'Customer support chatbot' }), true],
    [item({ description: 'Uses ChatGPT to reply' }), true],
    [item({ title: 'Telegram bot' }), true],
    [item({ title: 'Robot arm telemetry' }), false],
    [item({ category: 'AI Memory & RAG' }), true],
    [item({ title: 'An LLM summariser' }), true],
    [item({ title: 'Machine learning pipeline' }), true],
    [item(), false],
  ])('%# → %s', (value, expected) => expect(isAiAgent(value)).toBe(expected));
});

describe('v3000 ids', () => {
  it.each([
    ['Email Summariser', 'v3000-email-summariser'],
    ['  Two  Spaces ', 'v3000-two-spaces'],
    ['AI: Résumé Bot', 'v3000-ai:-résumé-bot'],
  ])('%s → %s', (name, expected) => expect(v3000Id(name)).toBe(expected));
  it('recognises the prefix', () => {
    expect(isV3000Id('v3000-x')).toBe(true);
    expect(isV3000Id('x-v3000-')).toBe(false);
  });
  it.each([
    ['v3000-email-summariser', 'Email Summariser'],
    ['v3000-summariser', 'Email Summariser'],
    ['v3000-nothing', undefined],
    ['other-id', undefined],
  ])('findV3000Match %s', (id, expected) => {
    const rows = [{ title: 'Email Summariser' }, { title: 'Slack Bot' }];
    expect(findV3000Match(id, rows)?.title).toBe(expected);
  });
});

describe('highlightRanges (matched words in titles and summaries)', () => {
  it.each([
    ['Forward Gmail to Telegram', 'gmail telegram', ['Gmail', 'Telegram']],
    ['Send E-mails with Café bots', 'email cafe', ['E-mails', 'Café']],
    ['Summarize emails', 'summarize email', ['Summarize', 'emails']],
    ['Telegram digest', 'teleg', ['Telegram']],
    ['Post to Slack', 'the to', ['to']],
    ['Nothing here', 'slack', []],
  ])('%j for %j → %j', (text, q, expected) => {
    expect(highlightRanges(text, q).map(([a, b]) => text.slice(a, b))).toEqual(expected);
  });
});

describe('forEachTerm (the index terms of a field)', () => {
  const terms = (f: typeof forEachTerm, text: string, pairs: boolean) => {
    const out: string[] = [];
    f(text, pairs, (t, word) => out.push(`${word ? 'w' : 'j'}:${t}`));
    return out;
  };
  it('the hand scan gives exactly the terms of the general form, in order', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'googleSheets',
        'HTTPRequest',
        'v2Api',
        'e-mail',
        'E-Mails',
        'n8n',
        'ABC',
        'aB',
        'Ab1C',
      ),
      fc.constantFrom(' ', '  ', '\t', '\n', '\r', '\v', '\f', '-', '_', '.', '/', '\u0000', '(', ')'),
      // Non-ASCII: separators (…, emoji, a zero-width joiner, no-break and ideographic spaces, ¨ whose
      // normal form holds a space), and what belongs to words (é, a combining accent, ™ → TM, ½, 图).
      fc.constantFrom(
        '…',
        '🤖',
        '👩🏻\u200d🏫',
        '\u00a0',
        '\u3000',
        '¨',
        '°',
        '\ud800',
        'é',
        'e\u0301',
        '\u0301',
        '™',
        '½',
        '图片',
        'Ñ',
      ),
      fc.string({ unit: fc.constantFrom(...'aZk9 -_\tQx\u0000.…é\u00a0🤖'), maxLength: 8 }),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), fc.boolean(), (parts, pairs) => {
        const text = parts.join('');
        expect(terms(forEachTerm, text, pairs)).toEqual(terms(forEachTermRegex, text, pairs));
      }),
      { numRuns: 2_000 },
    );
  });
  it('reads text with more distinct symbols than it remembers the same as the general form', () => {
    // 6,000 private-use characters (separators) between words: more than the scan keeps classed.
    const text = Array.from({ length: 6_000 }, (_, i) => `w${i % 7}${String.fromCodePoint(0xe000 + i)}`).join(
      '',
    );
    const scanned = terms(forEachTerm, text, true);
    expect(scanned).toEqual(terms(forEachTermRegex, text, true));
    expect(scanned).toContain('w:w6');
  });
  it('glues hyphens and camelCase, joins neighbours in short fields, adds stems', () => {
    expect(terms(forEachTerm, 'Send E-Mails via googleSheets', true)).toEqual([
      'w:send',
      'j:sende',
      'w:e',
      'j:emails',
      'j:mail',
      'w:mails',
      'w:emails',
      'j:email',
      'j:mailsvia',
      'w:via',
      'j:viagoogle',
      'w:google',
      'j:googlesheets',
      'j:sheet',
      'w:sheets',
      'w:googlesheets',
      'j:googlesheet',
    ]);
  });
});
