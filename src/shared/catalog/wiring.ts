import { isStickyNote, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

// The connections of a workflow file, checked against its nodes. Real files name nodes that do not
// exist (a script renamed nodes without fixing the wiring). A name is repaired only when exactly one
// node matches it but for case, spacing or a numeric suffix; anything else is reported, never guessed.

/** One link: `from` output `output` of kind `kind` (main, ai_tool, ai_languageModel…) into `to`. */
export type Edge = { from: string; to: string; kind: string; output: number };

export type WiringRepair = { written: string; actual: string };

export type WiringReport = {
  edges: Edge[];
  /** Names the connections use that were mapped to an existing node. */
  repaired: WiringRepair[];
  /** Names the connections use that match no node (after repair). */
  missing: string[];
  /** Node names used by more than one node. */
  duplicateNames: string[];
};

const spacingAndCase = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const withoutSuffix = (name: string) => spacingAndCase(name).replace(/\d+$/, '');

/** The one node name `written` can mean, or null when none or several match. */
function resolveName(written: string, names: string[]): string | null {
  for (const key of [spacingAndCase, withoutSuffix]) {
    const target = key(written);
    const hits = names.filter((n) => key(n) === target);
    if (hits.length === 1) return hits[0]!;
    if (hits.length > 1) return null;
  }
  return null;
}

type RawLink = { node?: unknown; type?: unknown; index?: unknown };

/** Walks every link in `connections`: source name, output kind, output index, link object. */
function eachLink(
  connections: unknown,
  visit: (from: string, kind: string, output: number, link: RawLink) => void,
): void {
  if (!connections || typeof connections !== 'object') return;
  for (const [from, byKind] of Object.entries(connections as Record<string, unknown>)) {
    if (!byKind || typeof byKind !== 'object') continue;
    for (const [kind, outputs] of Object.entries(byKind as Record<string, unknown>)) {
      if (!Array.isArray(outputs)) continue;
      outputs.forEach((output, index) => {
        if (!Array.isArray(output)) return;
        for (const link of output) if (link && typeof link === 'object') visit(from, kind, index, link);
      });
    }
  }
}

/** Checks the wiring of `workflow` without changing it. */
export function checkWiring(workflow: Pick<WorkflowJson, 'nodes' | 'connections'>): WiringReport {
  const nodes = workflow.nodes.filter((n: WorkflowNode) => typeof n.name === 'string');
  const names = nodes.map((n) => n.name as string);
  const nameSet = new Set(names);
  const seen = new Set<string>();
  const duplicateNames = new Set<string>();
  for (const n of names) (seen.has(n) ? duplicateNames : seen).add(n);

  const repairs = new Map<string, string | null>();
  const resolve = (written: string): string | null => {
    if (nameSet.has(written)) return written;
    if (!repairs.has(written)) repairs.set(written, resolveName(written, names));
    return repairs.get(written) ?? null;
  };

  const edges: Edge[] = [];
  eachLink(workflow.connections, (fromWritten, kind, output, link) => {
    const from = resolve(fromWritten);
    const to = typeof link.node === 'string' ? resolve(link.node) : null;
    if (from && to) edges.push({ from, to, kind, output });
  });
  const repaired: WiringRepair[] = [];
  const missing: string[] = [];
  for (const [written, actual] of repairs) {
    if (actual) repaired.push({ written, actual });
    else missing.push(written);
  }
  return { edges, repaired, missing, duplicateNames: [...duplicateNames] };
}

/** The workflow with repaired names written into its connections (a copy; missing names left as they are). */
export function repairWiring<W extends Pick<WorkflowJson, 'connections'>>(
  workflow: W,
  repaired: WiringRepair[],
): W {
  if (repaired.length === 0 || !workflow.connections) return workflow;
  const map = new Map(repaired.map((r) => [r.written, r.actual]));
  const connections: Record<string, unknown> = {};
  for (const [from, byKind] of Object.entries(workflow.connections)) {
    const fixed = JSON.parse(JSON.stringify(byKind ?? null)) as unknown;
    eachLink({ [from]: fixed }, (_f, _k, _o, link) => {
      if (typeof link.node === 'string' && map.has(link.node)) link.node = map.get(link.node);
    });
    const key = map.get(from) ?? from;
    // A repaired source that also has links under its real name: keep both sets of links.
    connections[key] = key in connections ? mergeOutputs(connections[key], fixed) : fixed;
  }
  return { ...workflow, connections };
}

function mergeOutputs(a: unknown, b: unknown): unknown {
  const out = { ...(a as Record<string, unknown[]>) };
  for (const [kind, outputs] of Object.entries((b ?? {}) as Record<string, unknown[]>)) {
    const base = [...(out[kind] ?? [])];
    outputs.forEach((o, i) => {
      base[i] = [...((base[i] as unknown[]) ?? []), ...((o as unknown[]) ?? [])];
    });
    out[kind] = base;
  }
  return out;
}

/** n8n's own node packages; anything else needs a community node installed. */
const OWN_PACKAGES = ['n8n-nodes-base.', '@n8n/n8n-nodes-langchain.'];

/** Distinct node types from outside n8n's own packages, in node order. */
export function communityNodeTypes(nodes: WorkflowNode[]): string[] {
  const types = new Set<string>();
  for (const n of nodes) {
    if (typeof n.type !== 'string' || isStickyNote(n)) continue;
    if (!OWN_PACKAGES.some((p) => n.type!.startsWith(p))) types.add(n.type);
  }
  return [...types];
}

/** The package a community node type comes from: `@scope/pkg.node` → `@scope/pkg`. */
export function communityPackage(type: string): string {
  const dot = type.lastIndexOf('.');
  return dot > 0 ? type.slice(0, dot) : type;
}
