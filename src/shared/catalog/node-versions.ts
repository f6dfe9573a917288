import table from './n8n-node-versions.json' with { type: 'json' };

// Node type versions a template needs against what a member's n8n has (issue 24, decision 0018).
// The table is the highest version of each node type in the n8n that `npm run verify:n8n` installs
// (scripts/n8n-node-versions.ts). It proves a node too new only for instances up to that version.

export const NODE_TABLE_N8N_VERSION: string = table.n8nVersion;
const MAX: Record<string, number> = table.nodes;

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

export type NewerNode = { name: string; type: string; typeVersion: number; highest: number };

/**
 * Nodes whose typeVersion is above the highest the table's n8n knows, when the instance is that
 * version or older (so it cannot have them either). Null when the instance version is unknown or
 * newer than the table (nothing can be said).
 */
export function nodesNewerThanInstance(
  nodes: { name?: unknown; type?: unknown; typeVersion?: unknown }[],
  instanceVersion: string | null,
): NewerNode[] | null {
  if (!instanceVersion || compareVersions(instanceVersion, NODE_TABLE_N8N_VERSION) > 0) return null;
  const out: NewerNode[] = [];
  for (const n of nodes) {
    if (typeof n.type !== 'string' || typeof n.typeVersion !== 'number') continue;
    const highest = MAX[n.type];
    if (highest !== undefined && n.typeVersion > highest)
      out.push({ name: String(n.name ?? n.type), type: n.type, typeVersion: n.typeVersion, highest });
  }
  return out;
}
