import { isStickyNote, shortType, type WorkflowJson } from './workflow-types.ts';

// A workflow's shape for search and variants: which node types it uses and how they are wired.
// Names, positions, parameters and sticky notes do not count, so copies renamed or reworded share it.

/** Distinct node types without their package prefix, sorted (sticky notes left out). */
export function nodeTypesOf(workflow: WorkflowJson | null): string[] {
  const types = new Set<string>();
  for (const n of workflow?.nodes ?? []) if (!isStickyNote(n) && n.type) types.add(shortType(n.type));
  return [...types].sort();
}

type Link = { node?: unknown; index?: unknown };

/**
 * The canonical structure: the sorted multiset of node types plus the sorted wiring, each link as
 * source type, connection kind and output → target type and input. Empty for template-only rows.
 */
export function structureKey(workflow: WorkflowJson | null): string {
  const nodes = (workflow?.nodes ?? []).filter((n) => !isStickyNote(n));
  if (nodes.length === 0) return '';
  const typeOf = new Map<string, string>();
  for (const n of nodes) if (n.name) typeOf.set(n.name, n.type ?? '');
  const types = nodes.map((n) => n.type ?? '').sort();
  const links: string[] = [];
  const connections = workflow?.connections ?? {};
  for (const [from, kinds] of Object.entries(connections)) {
    if (!typeOf.has(from) || !kinds || typeof kinds !== 'object') continue;
    for (const [kind, outputs] of Object.entries(kinds as Record<string, unknown>)) {
      if (!Array.isArray(outputs)) continue;
      outputs.forEach((targets, out) => {
        if (!Array.isArray(targets)) return;
        for (const t of targets as Link[]) {
          const to = typeof t?.node === 'string' ? typeOf.get(t.node) : undefined;
          if (to === undefined) continue;
          links.push(`${typeOf.get(from)}|${kind}|${out}>${to}|${Number(t.index) || 0}`);
        }
      });
    }
  }
  return `${types.join(',')}#${links.sort().join(',')}`;
}

/** A short stable hash (cyrb53, hex) of the structure key; empty when there is no workflow. */
export function structureHash(workflow: WorkflowJson | null): string {
  const key = structureKey(workflow);
  if (!key) return '';
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
