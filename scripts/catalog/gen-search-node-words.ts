// Builds src/server/search/node-words.json, the generated part of search's concept layer, from
// n8n's node descriptions in n8n-nodes.json (run after gen-n8n-nodes.ts):
//   npm run gen:search-node-words
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nodeWordTable } from '../../src/server/search/node-words.ts';
import { n8nNodeEntries } from '../../src/shared/catalog/n8n-nodes.ts';

const out = path.resolve(import.meta.dirname, '../../src/server/search/node-words.json');
const words = nodeWordTable(n8nNodeEntries());
writeFileSync(out, `${JSON.stringify({ words })}\n`);
execFileSync(path.resolve(import.meta.dirname, '../../node_modules/.bin/biome'), ['format', '--write', out]);
const size = Math.round(readFileSync(out).length / 1024);
console.log(`${Object.keys(words).length} words → ${out} (${size} KB)`);
