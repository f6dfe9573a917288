// `node scripts/n8n-node-versions.ts [version]`: writes the highest node type versions a real n8n
// knows (from the copy `npm run verify:n8n` installed) to src/shared/catalog/n8n-node-versions.json,
// so the detail page can warn when a template needs nodes newer than a member's n8n (decision 0018).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cacheDirFor, N8N_1X_VERSION } from '../src/server/n8n/verify/n8n-process.ts';

const version = process.argv[2] ?? N8N_1X_VERSION;
const modules = path.join(cacheDirFor(version), 'node_modules');
const packages = [
  ['n8n-nodes-base', 'n8n-nodes-base'],
  ['@n8n/n8n-nodes-langchain', '@n8n/n8n-nodes-langchain'],
] as const;
const nodes: Record<string, number> = {};
for (const [dir, prefix] of packages) {
  const list = JSON.parse(readFileSync(path.join(modules, dir, 'dist/types/nodes.json'), 'utf8')) as {
    name: string;
    version: number | number[];
  }[];
  for (const n of list) {
    const max = Math.max(...[n.version].flat());
    const type = `${prefix}.${n.name}`;
    nodes[type] = Math.max(nodes[type] ?? 0, max);
  }
}
const sorted = Object.fromEntries(Object.entries(nodes).sort(([a], [b]) => (a < b ? -1 : 1)));
const out = path.resolve(import.meta.dirname, '../src/shared/catalog/n8n-node-versions.json');
writeFileSync(out, `${JSON.stringify({ n8nVersion: version, nodes: sorted }, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} node types of n8n ${version} → ${out}`);
