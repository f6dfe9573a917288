// Builds src/shared/catalog/credential-table.json, the node type → credential types table (decision
// 0012), and operation-defaults.json (each node's default resource and operation), from n8n's own published node metadata: `dist/types/nodes.json` of n8n-nodes-base and
// @n8n/n8n-nodes-langchain. Run at development time when n8n adds nodes:
//   npm pack n8n-nodes-base @n8n/n8n-nodes-langchain   (in a scratch folder, then untar both)
//   npx tsx scripts/catalog/gen-credential-table.ts <base>/package <langchain>/package
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

type Description = {
  name: string;
  version: number | number[];
  credentials?: { name: string; required?: boolean; displayOptions?: { show?: Record<string, unknown[]> } }[];
  properties?: { name: string; default?: unknown; displayOptions?: { show?: Record<string, unknown[]> } }[];
  usableAsTool?: boolean;
};

/** One credential a node type may need: its name and the parameter values that select it. */
export type CredentialRule = { name: string; when?: Record<string, unknown[]> };
export type CredentialTable = Record<string, { rules: CredentialRule[]; defaults?: Record<string, unknown> }>;

const [baseDir, langchainDir] = process.argv.slice(2);
if (!baseDir || !langchainDir) {
  console.error(
    'usage: gen-credential-table.ts <n8n-nodes-base package dir> <n8n-nodes-langchain package dir>',
  );
  process.exit(2);
}
const read = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'dist/types/nodes.json'), 'utf8')) as Description[];
const maxVersion = (d: Description) => Math.max(...[d.version].flat());

const table: CredentialTable = {};
const versions = new Map<string, number>();
const toolTypes = new Set<string>();
for (const [prefix, list] of [
  ['n8n-nodes-base.', read(baseDir)],
  ['@n8n/n8n-nodes-langchain.', read(langchainDir)],
] as const) {
  for (const d of list) {
    const type = `${prefix}${d.name}`;
    const required = (d.credentials ?? []).filter((c) => c.required);
    const rules: CredentialRule[] = required.map((c) => {
      const show = Object.fromEntries(
        Object.entries(c.displayOptions?.show ?? {}).filter(([k]) => !k.startsWith('@')),
      );
      return Object.keys(show).length ? { name: c.name, when: show } : { name: c.name };
    });
    // Defaults of the parameters the rules read, from the newest version of the node.
    const keys = new Set(rules.flatMap((r) => Object.keys(r.when ?? {})));
    const defaults: Record<string, unknown> = {};
    for (const key of keys) {
      const props = (d.properties ?? []).filter((p) => p.name === key);
      const newest = props.find((p) => {
        const v = p.displayOptions?.show?.['@version'];
        return !v || v.includes(maxVersion(d));
      });
      if (newest && newest.default !== undefined) defaults[key] = newest.default;
    }
    const entry = Object.keys(defaults).length ? { rules, defaults } : { rules };
    const previous = table[type];
    // Several descriptions per type (one per major version): the newest decides, others add rules.
    if (!previous || maxVersion(d) > (versions.get(type) ?? 0)) {
      const merged = previous
        ? [...entry.rules, ...previous.rules.filter((r) => !entry.rules.some((e) => e.name === r.name))]
        : entry.rules;
      table[type] = { ...entry, rules: merged };
      versions.set(type, maxVersion(d));
    } else {
      for (const r of entry.rules) if (!previous.rules.some((p) => p.name === r.name)) previous.rules.push(r);
    }
    if (d.usableAsTool) toolTypes.add(type);
  }
}
// n8n offers usable nodes to AI agents as `<type>Tool` with the same credentials.
for (const type of toolTypes) table[`${type}Tool`] ??= table[type]!;

/**
 * Default resource and operation per node type and version (parameters at their default are not saved in
 * workflow files, so the summary needs them to say what a node does): `[versions, resource, {resource: op}]`.
 */
type OperationDefaults = [number[], string | null, Record<string, string>];
const operations: Record<string, OperationDefaults[]> = {};
for (const [prefix, list] of [
  ['n8n-nodes-base.', read(baseDir)],
  ['@n8n/n8n-nodes-langchain.', read(langchainDir)],
] as const) {
  for (const d of list) {
    const versionList = [d.version].flat();
    const forVersion = (v: number) =>
      (d.properties ?? []).filter((p) => {
        const only = p.displayOptions?.show?.['@version'];
        return !only || only.includes(v);
      });
    const byKey = new Map<string, OperationDefaults>();
    for (const v of versionList) {
      const props = forVersion(v);
      const resource = props.find((p) => p.name === 'resource')?.default;
      const ops: Record<string, string> = {};
      for (const p of props.filter((q) => q.name === 'operation' && typeof q.default === 'string')) {
        const resources = p.displayOptions?.show?.resource as string[] | undefined;
        for (const r of resources ?? ['']) ops[r] ??= p.default as string;
      }
      if (resource === undefined && Object.keys(ops).length === 0) continue;
      const key = JSON.stringify([resource ?? null, ops]);
      const entry = byKey.get(key) ?? [[], typeof resource === 'string' ? resource : null, ops];
      entry[0].push(v);
      byKey.set(key, entry);
    }
    if (byKey.size)
      operations[`${prefix}${d.name}`] = [...(operations[`${prefix}${d.name}`] ?? []), ...byKey.values()];
  }
}
const opsOut = path.resolve(import.meta.dirname, '../../src/shared/catalog/operation-defaults.json');
writeFileSync(
  opsOut,
  `${JSON.stringify(Object.fromEntries(Object.entries(operations).sort(([a], [b]) => a.localeCompare(b))))}\n`,
);
console.log(
  `${Object.keys(operations).length} node types with default operations → ${path.relative(process.cwd(), opsOut)}`,
);

const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
const out = path.resolve(import.meta.dirname, '../../src/shared/catalog/credential-table.json');
writeFileSync(out, `${JSON.stringify(sorted)}\n`);
const needing = Object.values(sorted).filter((e) => e.rules.length > 0).length;
console.log(
  `${Object.keys(sorted).length} node types, ${needing} need credentials → ${path.relative(process.cwd(), out)}`,
);
