import type { N8nNode } from '#shared/catalog/n8n-nodes.ts';
import { stemOf, wordsOf } from '#shared/catalog/search-terms.ts';
import { STOP_WORDS } from './rules.ts';

// The generated part of the concept layer (issue 37, decision 0010): words n8n itself uses for a node
// — display name, codex aliases, operation action texts ("Analyze sentiment", "Transcribe a
// recording"), trigger event names — mapped to the node type as the index holds it (the short type
// glued and lowercased: "googlecloudnaturallanguage"). Pure, so the generator
// (scripts/catalog/gen-search-node-words.ts) and its test build the same table from n8n-nodes.json.

/** A word naming more node types than this says nothing about which node is meant ("get", "google"). */
export const MAX_NODES_PER_WORD = 4;

/** Words too common in n8n's texts to name a job, however few nodes carry them. */
const GENERIC = new Set(
  (
    'a an and are as at by for from in into is it of on or the to with without ' +
    'get create update delete remove list many all add set send execute run use call make ' +
    'node nodes trigger tool tools api data item items record records field fields value values ' +
    'id new one custom other by via v1 v2 v3 beta legacy deprecated google microsoft aws azure ' +
    // English function words of the action texts ("Find the email address of the most likely person"):
    // they name no job, and a request holds them ("every morning", "about", "like").
    'about above after again before below between both down during each every few first found further ' +
    'given here last like likely look made more most next not now once only out over same such than ' +
    'there these those through too two under until very whether within'
  ).split(' '),
);

/** The index term of a node type: its short name ("@n8n/…langchain.toolSerpApi" → toolserpapi). */
export function nodeTypeTerm(type: string): string {
  return wordsOf(type.slice(type.lastIndexOf('.') + 1)).join('');
}

/** Word → node-type terms, from n8n's node descriptions; only specific words, never a node's own name words. */
export function nodeWordTable(entries: [string, N8nNode][]): Record<string, string[]> {
  const byWord = new Map<string, Set<string>>();
  for (const [type, node] of entries) {
    const term = nodeTypeTerm(type);
    const own = new Set(wordsOf(type.slice(type.lastIndexOf('.') + 1)));
    const texts = [
      node.displayName,
      ...node.aliases,
      ...node.operations.map((o) => o[3]),
      ...node.events.map((e) => e[2]),
    ];
    const targets = node.usableAsTool ? [term, `${term}tool`] : [term];
    for (const text of texts) {
      // Each word, and each space-separated chunk glued ("ChatGPT" → chatgpt, "DallE" → dalle).
      const chunks = text.split(/\s+/).map((c) => wordsOf(c).join(''));
      for (const w of new Set([...wordsOf(text), ...chunks])) {
        if (
          w.length < 3 ||
          /^\d/.test(w) ||
          GENERIC.has(w) ||
          STOP_WORDS.has(w) ||
          own.has(w) ||
          own.has(stemOf(w))
        )
          continue;
        const set = byWord.get(w) ?? new Set<string>();
        byWord.set(w, set);
        for (const t of targets) set.add(t);
      }
    }
  }
  const out: Record<string, string[]> = {};
  for (const w of [...byWord.keys()].sort()) {
    const types = [...byWord.get(w)!].filter(
      (t) => !t.endsWith('tool') || !byWord.get(w)!.has(t.slice(0, -4)),
    );
    if (types.length <= MAX_NODES_PER_WORD) out[w] = [...byWord.get(w)!].sort();
  }
  return out;
}
