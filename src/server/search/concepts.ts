import { stemOf } from '#shared/catalog/search-terms.ts';
import conceptData from './concepts.json' with { type: 'json' };
import languageData from './languages.json' with { type: 'json' };
import nodeWordData from './node-words.json' with { type: 'json' };

// The concept layer of member search (issue 37, decision 0010): the words a member uses for what a
// workflow does ("every morning", "transcribe", "factura") reach the words workflows and n8n's node
// types use (schedule, transcription, invoice). Data, not code: the hand-written concept and
// language tables, and the table generated from n8n's node descriptions (node-words.json:
// "sentiment" → googlecloudnaturallanguage, "whisper" → openai), for what the hand table lacks.

const concepts: Record<string, string[]> = conceptData.concepts;
const languages: Record<string, string> = languageData.words;
const inContext: Record<string, string> = languageData.inContext;
const nodeWords: Record<string, string[]> = nodeWordData.words;

/** Every word of the tables, as a member may type it (keys) — never "corrected" by did-you-mean. */
export const CONCEPT_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(concepts),
  ...Object.keys(languages),
  ...Object.keys(nodeWords),
]);

const expansions = new Map<string, string[]>();
for (const word of [...Object.keys(concepts), ...Object.keys(languages)]) {
  const english = Object.hasOwn(languages, word) ? languages[word]! : undefined;
  const out = new Set<string>();
  if (english) out.add(english);
  for (const w of [word, english]) {
    if (w && Object.hasOwn(concepts, w)) for (const t of concepts[w]!) out.add(t);
  }
  out.delete(word);
  expansions.set(word, [...out]);
}

/**
 * A query's words as it means them: in a request that reads as another language (more of the other
 * four languages' function words and table words than English stop words: "resume un pdf con ia"),
 * an English word that is also a word of those languages takes that meaning ("resume" → summarize).
 */
export function inLanguageOf(
  raw: readonly string[],
  foreignFunctionWords: ReadonlySet<string>,
  stopWords: ReadonlySet<string>,
): (word: string) => string {
  let foreign = 0;
  let english = 0;
  for (const w of raw) {
    if (foreignFunctionWords.has(w) || Object.hasOwn(languages, w)) foreign++;
    else if (stopWords.has(w)) english++;
  }
  if (foreign <= english) return (w) => w;
  return (w) => (Object.hasOwn(inContext, w) ? inContext[w]! : w);
}

/** The English word a word of another language stands for ("factura" → invoice), if any. */
export function englishOf(term: string): string | undefined {
  return Object.hasOwn(languages, term) ? languages[term] : undefined;
}

/** Node-type terms n8n's own words for a node reach: the word's, its stem's, its English word's. */
function nodeTermsOf(term: string, english: string | undefined): string[] {
  const out: string[] = [];
  for (const w of [term, stemOf(term), english])
    if (w && Object.hasOwn(nodeWords, w)) for (const t of nodeWords[w]!) if (!out.includes(t)) out.push(t);
  return out;
}

/** The catalogue words a query word also reaches through the concept and language tables. */
export function conceptTermsOf(term: string): string[] {
  return expansions.get(term) ?? [];
}

/**
 * The node types n8n's own words reach from a query word (node-words.json): the word's, its
 * stem's ("recordings", "transcribed") and its English word's.
 */
export function nodeTermsOfWord(term: string): string[] {
  return nodeTermsOf(term, englishOf(term));
}
