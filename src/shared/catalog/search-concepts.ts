import conceptData from './search-concepts.json' with { type: 'json' };
import languageData from './search-languages.json' with { type: 'json' };

// The concept layer of member search (issue 37, decision 0010): the words a member uses for what a
// workflow does ("every morning", "transcribe", "factura") reach the words workflows and n8n's node
// types use (schedule, transcription, invoice). Data, not code: the two JSON files beside this one.

const concepts: Record<string, string[]> = conceptData.concepts;
const languages: Record<string, string> = languageData.words;

/** Function words of the four other languages ("der", "para", "les", "com"): never decide a match. */
export const LANGUAGE_STOP_WORDS: readonly string[] = languageData.stopWords;

/** Every word of the tables, as a member may type it (keys) — never "corrected" by did-you-mean. */
export const CONCEPT_WORDS: ReadonlySet<string> = new Set([
  ...Object.keys(concepts),
  ...Object.keys(languages),
]);

const expansions = new Map<string, string[]>();
for (const word of CONCEPT_WORDS) {
  const english = Object.hasOwn(languages, word) ? languages[word]! : undefined;
  const out = new Set<string>();
  if (english) out.add(english);
  for (const w of [word, english]) {
    if (w && Object.hasOwn(concepts, w)) for (const t of concepts[w]!) out.add(t);
  }
  out.delete(word);
  expansions.set(word, [...out]);
}

/** The catalogue words a query word also reaches through the concept and language tables. */
export function conceptTermsOf(term: string): string[] {
  return expansions.get(term) ?? [];
}
