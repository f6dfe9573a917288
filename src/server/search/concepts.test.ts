import { describe, expect, it } from 'vitest';
import { n8nNodeEntries } from '#shared/catalog/n8n-nodes.ts';
import stopWordData from '#shared/catalog/search-stop-words.json' with { type: 'json' };
import conceptData from './concepts.json' with { type: 'json' };
import { CONCEPT_WORDS, conceptTermsOf, englishOf, nodeTermsOfWord } from './concepts.ts';
import languageData from './languages.json' with { type: 'json' };
import nodeWordData from './node-words.json' with { type: 'json' };
import { MAX_NODES_PER_WORD, nodeTypeTerm, nodeWordTable } from './node-words.ts';
import { normalizeText, parseQuery, STOP_WORDS } from './rules.ts';

// The concept layer is data: the generated node table must be what n8n's descriptions say today, and
// the hand tables must hold words a member can type (the parser's own form) and nothing that fights
// the stop words.

const concepts: Record<string, string[]> = conceptData.concepts;
const languages: Record<string, string> = languageData.words;
const asTyped = (w: string) => normalizeText(w) === w && /^[a-z0-9]+$/.test(w);

describe('concept layer generated from n8n node descriptions', () => {
  it('is up to date with n8n-nodes.json (npm run gen:search-node-words)', () => {
    expect(nodeWordData.words).toEqual(nodeWordTable(n8nNodeEntries()));
  });

  it("maps n8n's own words for a node to the node type as the index holds it", () => {
    expect(nodeTypeTerm('@n8n/n8n-nodes-langchain.toolSerpApi')).toBe('toolserpapi');
    // An operation's action text ("Analyze sentiment"), an alias ("whisper", "Cron").
    expect(nodeTermsOfWord('sentiment')).toContain('googlecloudnaturallanguage');
    expect(nodeTermsOfWord('whisper')).toContain('openai');
    expect(nodeTermsOfWord('cron')).toContain('scheduletrigger');
    // Plural and other-language forms reach the same nodes.
    expect(nodeTermsOfWord('recordings')).toEqual(nodeTermsOfWord('recording'));
  });

  it('keeps only words that name few nodes, never generic verbs', () => {
    const words: Record<string, string[]> = nodeWordData.words;
    for (const [word, types] of Object.entries(words)) {
      const base = types.filter((t) => !t.endsWith('tool') || !types.includes(t.slice(0, -4)));
      expect(base.length, word).toBeLessThanOrEqual(MAX_NODES_PER_WORD);
      expect(asTyped(word), word).toBe(true);
    }
    for (const generic of ['get', 'create', 'send', 'message', 'google', 'trigger'])
      expect(words[generic]).toBeUndefined();
    // English function words of the action texts name no job ("every morning" is not Hunter).
    for (const filler of ['every', 'about', 'first', 'most', 'there', 'not', 'like'])
      expect(words[filler], filler).toBeUndefined();
  });
});

describe('hand-written concept and language tables', () => {
  it('hold words as a member types them, mapped to other words', () => {
    for (const [word, targets] of Object.entries(concepts)) {
      expect(asTyped(word), word).toBe(true);
      for (const t of targets) expect(asTyped(t), `${word} → ${t}`).toBe(true);
    }
    for (const [word, english] of Object.entries(languages)) {
      expect(asTyped(word), word).toBe(true);
      expect(word, `${word} maps to itself`).not.toBe(english);
      expect(asTyped(english), `${word} → ${english}`).toBe(true);
    }
  });

  it('never make a concept word a stop word', () => {
    for (const word of CONCEPT_WORDS) expect(STOP_WORDS.has(word), word).toBe(false);
    for (const w of stopWordData.words) expect(asTyped(w), w).toBe(true);
  });

  it('reach English concepts from the four languages', () => {
    for (const w of ['rechnung', 'factura', 'facture', 'fatura']) {
      expect(englishOf(w)).toBe('invoice');
      expect(conceptTermsOf(w)).toContain('invoice');
    }
    // "inteligencia artificial" asks for ai once; function words never count.
    expect(parseQuery('publicar en linkedin con inteligencia artificial').map((w) => w.term)).toEqual([
      'publicar',
      'linkedin',
      'inteligencia',
    ]);
  });
});
