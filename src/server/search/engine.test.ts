import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { suggestQuery } from './did-you-mean.ts';
import { buildWordIndex, searchWords } from './engine.ts';
import { matchesQuery, matchesWords, matchesWordsIn, parseQuery, type SearchDoc } from './rules.ts';
import { substringDocs } from './substring-rule.ts';

// The index must answer exactly what the one-item reference rules in rules.ts answer.

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

  it('word rule: matchesWordsIn keeps exactly the documents, matchesWords exactly the complete ones', () => {
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 12 }), query, (docs, q) => {
        const index = buildWordIndex(docs);
        const r = searchWords(index, q);
        if (parseQuery(q).length === 0) {
          expect(r).toBeNull();
          return;
        }
        const kept = matchesWordsIn(q, docs);
        expect([...r!.docs]).toEqual(docs.flatMap((_, i) => (kept[i] ? [i] : [])));
        const complete = docs.flatMap((_, i) => (r!.all[i] ? [i] : []));
        expect(complete).toEqual(docs.flatMap((d, i) => (matchesWords(q, d) && kept[i] ? [i] : [])));
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

  const base = {
    id: 'x',
    summary: '',
    description: '',
    integrations: [] as string[],
    nodeTypes: [] as string[],
    category: '',
    tags: [] as string[],
    author: '',
    notes: '',
  };
  const rank = (index: ReturnType<typeof buildWordIndex>, q: string) => {
    const r = searchWords(index, q)!;
    return [...r.docs].sort((a, b) => r.scores[b]! - r.scores[a]!);
  };

  it('never needs every word: more words rank higher, all words first, unknown words never miss', () => {
    const index = buildWordIndex([
      { ...base, id: 'one', title: 'Gmail backup' },
      { ...base, id: 'all', title: 'Forward invoices', notes: 'gmail telegram' },
      { ...base, id: 'two', title: 'Gmail to Telegram relay' },
      { ...base, id: 'none', title: 'Slack standup' },
    ]);
    // "zzqx" matches nothing and "please" is filler: neither decides a miss. A longer request keeps
    // items with half its words, complete ones first.
    expect(rank(index, 'please forward gmail invoices to telegram zzqx')).toEqual([1, 2]);
    // Every word in the notes beats two of three in the title; a short query keeps complete matches…
    expect(rank(index, 'gmail telegram invoices')).toEqual([1]);
    expect(rank(index, 'gmail telegram')).toEqual([2, 1]);
    // …or, when nothing is complete, the items matching the most words.
    expect(rank(index, 'gmail slack standup')).toEqual([3]);
    expect(searchWords(index, 'zzqx qqzz')!.docs).toHaveLength(0);
  });

  it('a request naming apps ranks the items that use them first; a glued pair names an app too', () => {
    const index = buildWordIndex([
      {
        ...base,
        id: 'sheets',
        title: 'Add rows when a Typeform is submitted',
        integrations: ['Typeform', 'Google Sheets'],
      },
      { ...base, id: 'airtable', title: 'Typeform answers', integrations: ['Typeform', 'Airtable'] },
      { ...base, id: 'chimp', title: 'Subscribers sync', integrations: ['Mailchimp'] },
    ]);
    // The first matches more words (typeform, submitted, add) but not the app the request names.
    expect(rank(index, 'when a typeform is submitted add it to airtable')[0]).toBe(1);
    expect(rank(index, 'add subscribers to mail chimp')).toEqual([2]);
  });

  it('reaches concepts and other languages through the data tables', () => {
    const index = buildWordIndex([
      { ...base, id: 'sched', title: 'Post weather', nodeTypes: ['n8n-nodes-base.scheduleTrigger'] },
      { ...base, id: 'inv', title: 'Parse invoice PDFs' },
      {
        ...base,
        id: 'mem',
        title: 'Support bot',
        nodeTypes: ['@n8n/n8n-nodes-langchain.memoryBufferWindow'],
      },
    ]);
    expect(rank(index, 'every morning')).toEqual([0]);
    for (const q of ['rechnung', 'factura', 'facture', 'fatura']) expect(rank(index, q), q).toEqual([1]);
    expect(rank(index, 'chatbot that remembers the conversation')[0]).toBe(2);
  });

  it('counts a concept hit in full for a word no item holds, and lets no node-only match complete', () => {
    const index = buildWordIndex([
      { ...base, id: 'amazon', title: 'Track Amazon product prices' },
      { ...base, id: 'coins', title: 'Coinmarketcap prices agent' },
      { ...base, id: 'weather', title: 'Weather bot', integrations: ['Telegram', 'OpenWeatherMap'] },
      { ...base, id: 'nasa', title: 'Astronomy picture', integrations: ['Telegram', 'NASA'] },
      { ...base, id: 'time', title: 'Track time' },
      { ...base, id: 'parcels', title: 'Track parcels' },
    ]);
    // No item says "bitcoin": its concept (coinmarketcap) is the best it has, and the rarer word
    // outweighs the commoner "track".
    expect(rank(index, 'track bitcoin prices')[0]).toBe(1);
    // "weather" reaches NASA only through n8n's "space weather": no complete match while a real one exists.
    expect(rank(index, 'telegram weather')).toEqual([2]);
    // Without a real one, it is the best there is.
    const nasaOnly = buildWordIndex([
      { ...base, id: 'nasa', title: 'Astronomy picture', integrations: ['Telegram', 'NASA'] },
      { ...base, id: 'time', title: 'Track time' },
      { ...base, id: 'parcels', title: 'Track parcels' },
    ]);
    expect(rank(nasaOnly, 'telegram weather')).toEqual([0]);
  });

  it('an app named exactly is that app: its typo neighbours complete nothing (and a bracketed name counts)', () => {
    const docs = [
      { ...base, id: 'deepseek', title: 'Translate text with DeepSeek', integrations: ['DeepSeek'] },
      { ...base, id: 'deepl', title: 'Translate a language', integrations: ['DeepL'] },
      { ...base, id: 'gt', title: 'Translate text', integrations: ['Google Translate'] },
      { ...base, id: 'bsky', title: 'Post new RSS items to Bluesky', integrations: ['RSS', 'Bluesky'] },
      { ...base, id: 'x', title: 'Post new videos', integrations: ['YouTube', 'X (Twitter)'] },
    ];
    const index = buildWordIndex(docs);
    // "deepl" reaches "deep" of DeepSeek by one typo: not a complete match. With none, the partial
    // matches that use the app the query names are the answer.
    const q = 'translate text with deepl';
    expect(rank(index, q)).toEqual([1]);
    expect([...searchWords(index, q)!.docs]).toEqual(
      docs.flatMap((_, i) => (matchesWordsIn(q, docs)[i] ? [i] : [])),
    );
    // A word no item holds, one typo from an app's name ("linkdin"), names that app.
    const misspelt = buildWordIndex([
      { ...base, id: 'title', title: 'Linkedin post ideas' },
      { ...base, id: 'app', title: 'Post ideas for the company page', integrations: ['Linkedin'] },
    ]);
    expect(rank(misspelt, 'linkdin post ideas')).toEqual([1, 0]);
    // "twitter" names the app "X (Twitter)": the Bluesky item misses it, as the X item misses RSS.
    const r = searchWords(index, 'post new rss items to twitter')!;
    expect(r.scores[4]! / r.scores[3]!).toBeGreaterThan(0.5);
  });

  it('reads an English word in the language of the request: "resume" summarises in Spanish', () => {
    const index = buildWordIndex([
      { ...base, id: 'cv', title: 'Resume screening with AI' },
      { ...base, id: 'sum', title: 'Summarize a PDF with AI' },
    ]);
    expect(rank(index, 'resume un pdf con ia')[0]).toBe(1);
    expect(rank(index, 'resume screening with ai')[0]).toBe(0);
    expect(parseQuery('resume un pdf con ia').map((w) => w.term)).toEqual(['summarize', 'pdf', 'ia']);
    expect(parseQuery('resume a pdf').map((w) => w.term)).toEqual(['resume', 'pdf']);
  });

  it('did you mean: never rewrites a known or concept word, never offers an empty suggestion', () => {
    const index = buildWordIndex([
      { ...base, id: 'a', title: 'Telegram members digest' },
      { ...base, id: 'b', title: 'Slack alerts' },
    ]);
    expect(suggestQuery(index, 'remembers')).toBeNull();
    expect(suggestQuery(index, 'telegrm')).toBe('telegram');
    expect(suggestQuery(index, 'members')).toBeNull();
    // "qwertz" has no neighbour; "slacks" is a stem of a known word: nothing to offer.
    expect(suggestQuery(index, 'qwertz')).toBeNull();
    expect(suggestQuery(index, 'slacks')).toBeNull();
  });
});
