// Three-way merge of a template update into the member's own copy (issue 40 item 4, decision 0025).
// base = the version the member deployed, theirs = the new version, mine = what is in the member's
// n8n now. Node by node and parameter by parameter: a change on one side only is taken; the same
// change on both sides is taken once; different changes to one parameter are a collision, reported
// and left as the member has it (never silently overwritten). The member's credentials, webhook ids
// and webhook paths are kept. Pure: the update action reads the workflow back, merges, then writes.
import {
  edgeKey,
  type Graph,
  type GraphEdge,
  type GraphNode,
  type Leaf,
  matchNodes,
  toGraph,
} from './graph-diff.ts';
import type { WorkflowJson, WorkflowNode } from './workflow-types.ts';

export type MergeCollision =
  | {
      kind: 'parameter';
      node: string;
      path: string;
      base: Leaf | undefined;
      mine: Leaf | undefined;
      theirs: Leaf | undefined;
    }
  | { kind: 'type-version'; node: string; mine: number | null; theirs: number | null }
  /** The new version removes a node the member edited: it is kept. */
  | { kind: 'removed-edited'; node: string }
  /** The member removed a node the new version changes: it stays removed. */
  | { kind: 'edited-removed'; node: string }
  /** Both renamed the node, differently: the member's name is kept. */
  | { kind: 'rename'; node: string; theirs: string }
  /** The new version adds a node under a name the member already uses: it is added as `node`. */
  | { kind: 'name-taken'; node: string; wanted: string };

export type MergeResult = {
  workflow: WorkflowJson;
  collisions: MergeCollision[];
  /** Parameters the member changed that the merge kept as theirs (for the update's summary). */
  keptEdits: { node: string; path: string }[];
  /** Changes of the new version applied: parameters, nodes added and removed, renames. */
  applied: number;
};

type RawNode = WorkflowNode & { webhookId?: string; disabled?: boolean; [key: string]: unknown };

const clone = <T>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T));

/** The raw value at a flattened path ("options.temperature", "values.0.field"), or undefined. */
function rawAt(params: unknown, path: string): unknown {
  let current: unknown = params;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Sets (or with `undefined`, deletes) the raw value at a flattened path, creating containers. */
function setAt(params: Record<string, unknown>, path: string, value: unknown): void {
  const segments = path.split('.');
  let current: Record<string, unknown> | unknown[] = params;
  for (let i = 0; i < segments.length - 1; i++) {
    const key = segments[i]!;
    const next = (current as Record<string, unknown>)[key];
    if (next === null || typeof next !== 'object') {
      if (value === undefined) return;
      const made = /^\d+$/.test(segments[i + 1]!) ? [] : {};
      (current as Record<string, unknown>)[key] = made;
      current = made;
    } else current = next as Record<string, unknown>;
  }
  const last = segments.at(-1)!;
  if (value === undefined) {
    if (Array.isArray(current)) current.splice(Number(last), 1);
    else delete current[last];
  } else (current as Record<string, unknown>)[last] = clone(value);
}

function rawNodes(w: WorkflowJson): Map<string, RawNode> {
  const out = new Map<string, RawNode>();
  for (const n of (Array.isArray(w.nodes) ? w.nodes : []) as RawNode[])
    if (typeof n?.name === 'string' && !out.has(n.name)) out.set(n.name, n);
  return out;
}

const sameNodeParams = (a: GraphNode, b: GraphNode) =>
  a.params.size === b.params.size && [...a.params].every(([k, v]) => b.params.get(k) === v);

function paramPathsOf(node: GraphNode | undefined): Set<string> {
  return new Set(node ? node.params.keys() : []);
}

/** The member's decision on a parameter collision: keep theirs (the default) or take the new version's. */
export type MergeResolution = { node: string; path: string; take: 'mine' | 'theirs' };

export function mergeWorkflows(input: {
  base: WorkflowJson;
  theirs: WorkflowJson;
  mine: WorkflowJson;
  resolutions?: MergeResolution[];
}): MergeResult {
  const decided = new Map((input.resolutions ?? []).map((r) => [`${r.node}\u0000${r.path}`, r.take]));
  const g = { base: toGraph(input.base), theirs: toGraph(input.theirs), mine: toGraph(input.mine) };
  const raw = { base: rawNodes(input.base), theirs: rawNodes(input.theirs), mine: rawNodes(input.mine) };
  const toTheirs = matchNodes(g.base, g.theirs);
  const toMine = matchNodes(g.base, g.mine);
  const collisions: MergeCollision[] = [];
  const keptEdits: { node: string; path: string }[] = [];
  let applied = 0;

  // Final name of every node of each side that survives: base/theirs/mine name → merged name.
  const finalOf = {
    base: new Map<string, string>(),
    theirs: new Map<string, string>(),
    mine: new Map<string, string>(),
  };
  const merged: RawNode[] = [];
  const mineMatched = new Set(toMine.values());
  const theirsMatched = new Set(toTheirs.values());

  // Nodes the member added, and nodes of the base, in the member's order (their canvas stays theirs).
  for (const [mineName, mineNode] of raw.mine) {
    if (!g.mine.nodes.has(mineName) && mineNode.type !== undefined) {
      // Sticky notes and other canvas-only nodes: kept as the member has them.
      merged.push(clone(mineNode));
      continue;
    }
    if (!mineMatched.has(mineName)) {
      merged.push(clone(mineNode));
      finalOf.mine.set(mineName, mineName);
      continue;
    }
    const baseName = [...toMine].find(([, m]) => m === mineName)![0];
    const theirsName = toTheirs.get(baseName);
    const b = g.base.nodes.get(baseName)!;
    const m = g.mine.nodes.get(mineName)!;
    if (theirsName === undefined) {
      // Removed by the new version: gone, unless the member edited it.
      if (sameNodeParams(b, m) && b.typeVersion === m.typeVersion) {
        applied++;
        continue;
      }
      collisions.push({ kind: 'removed-edited', node: mineName });
      merged.push(clone(mineNode));
      finalOf.base.set(baseName, mineName);
      finalOf.mine.set(mineName, mineName);
      continue;
    }
    const t = g.theirs.nodes.get(theirsName)!;
    const theirsRaw = raw.theirs.get(theirsName)!;
    const node = clone(mineNode);
    // Name: the member's rename wins; theirs is taken when the member kept the base name.
    let name = mineName;
    if (theirsName !== baseName) {
      if (mineName === baseName) {
        name = theirsName;
        applied++;
      } else if (mineName !== theirsName)
        collisions.push({ kind: 'rename', node: mineName, theirs: theirsName });
    }
    node.name = name;
    if (t.typeVersion !== b.typeVersion) {
      if (m.typeVersion === b.typeVersion) {
        node.typeVersion = theirsRaw.typeVersion;
        applied++;
      } else if (m.typeVersion !== t.typeVersion)
        collisions.push({ kind: 'type-version', node: name, mine: m.typeVersion, theirs: t.typeVersion });
    }
    if (t.disabled !== b.disabled && m.disabled === b.disabled) {
      if (t.disabled) node.disabled = true;
      else delete node.disabled;
    }
    const params = (node.parameters ?? {}) as Record<string, unknown>;
    const paths = new Set([...paramPathsOf(b), ...paramPathsOf(t), ...paramPathsOf(m)]);
    for (const path of paths) {
      const bv = b.params.get(path);
      const tv = t.params.get(path);
      const mv = m.params.get(path);
      if (tv === bv) {
        if (mv !== bv) keptEdits.push({ node: name, path });
        continue;
      }
      if (mv === bv) {
        // A resource locator is one leaf at its own path: rawAt copies its whole object.
        setAt(params, path, rawAt(theirsRaw.parameters, path));
        applied++;
      } else if (mv !== tv) {
        const take = decided.get(`${name}\u0000${path}`);
        if (take === 'theirs') {
          setAt(params, path, rawAt(theirsRaw.parameters, path));
          applied++;
        } else if (take !== 'mine')
          collisions.push({ kind: 'parameter', node: name, path, base: bv, mine: mv, theirs: tv });
      }
    }
    node.parameters = params;
    // Credentials: the member's own stay; a type the new version adds comes unbound (id null, by name).
    const credentials = { ...((mineNode.credentials ?? {}) as Record<string, unknown>) };
    for (const type of t.credentialTypes)
      if (!(type in credentials) && !b.credentialTypes.includes(type)) {
        const entry = (theirsRaw.credentials as Record<string, { name?: string }> | undefined)?.[type];
        credentials[type] = { id: null, name: entry?.name ?? type };
      }
    for (const type of b.credentialTypes)
      if (!t.credentialTypes.includes(type) && m.credentialTypes.includes(type)) delete credentials[type];
    if (Object.keys(credentials).length > 0) node.credentials = credentials;
    else delete node.credentials;
    merged.push(node);
    finalOf.base.set(baseName, name);
    finalOf.theirs.set(theirsName, name);
    finalOf.mine.set(mineName, name);
  }

  // Base nodes the member removed: they stay removed, with a collision when the new version changed them.
  for (const [baseName, theirsName] of toTheirs) {
    if (toMine.has(baseName)) continue;
    const b = g.base.nodes.get(baseName)!;
    const t = g.theirs.nodes.get(theirsName)!;
    if (!sameNodeParams(b, t) || b.typeVersion !== t.typeVersion)
      collisions.push({ kind: 'edited-removed', node: baseName });
  }

  // Nodes the new version adds: in, without the author's credential ids; a taken name gets a suffix.
  const taken = new Set(merged.map((n) => n.name));
  for (const [theirsName, node] of raw.theirs) {
    if (!g.theirs.nodes.has(theirsName) || theirsMatched.has(theirsName)) continue;
    let name = theirsName;
    for (let i = 1; taken.has(name); i++) name = `${theirsName} ${i}`;
    if (name !== theirsName) collisions.push({ kind: 'name-taken', node: name, wanted: theirsName });
    const added = clone(node);
    added.name = name;
    delete added.id;
    if (added.credentials && typeof added.credentials === 'object')
      added.credentials = Object.fromEntries(
        Object.entries(added.credentials).map(([type, c]) => [
          type,
          { id: null, name: (c as { name?: string } | null)?.name ?? type },
        ]),
      );
    merged.push(added);
    taken.add(name);
    finalOf.theirs.set(theirsName, name);
    applied++;
  }

  return {
    workflow: { ...input.mine, nodes: merged, connections: mergeConnections(g, finalOf) },
    collisions,
    keptEdits,
    applied,
  };
}

type Side = 'base' | 'theirs' | 'mine';

/** Edges three-way: a base edge stays only if both kept it; an edge added by either side is added. */
function mergeConnections(
  g: Record<Side, Graph>,
  finalOf: Record<Side, Map<string, string>>,
): Record<string, unknown> {
  const rename = (side: Side, e: GraphEdge): GraphEdge | null => {
    const from = finalOf[side].get(e.from);
    const to = finalOf[side].get(e.to);
    return from === undefined || to === undefined ? null : { ...e, from, to };
  };
  const sets = {} as Record<Side, Map<string, GraphEdge>>;
  for (const side of ['base', 'theirs', 'mine'] as const) {
    sets[side] = new Map();
    for (const e of g[side].edges) {
      const r = rename(side, e);
      if (r) sets[side].set(edgeKey(r), r);
    }
  }
  const keys = new Set([...sets.theirs.keys(), ...sets.mine.keys()]);
  const out: Record<string, Record<string, { node: string; type: string; index: number }[][]>> = {};
  for (const key of keys) {
    const inBase = sets.base.has(key);
    const keep = inBase ? sets.theirs.has(key) && sets.mine.has(key) : true;
    if (!keep) continue;
    const e = sets.mine.get(key) ?? sets.theirs.get(key)!;
    const byOutput = out[e.from] ?? {};
    out[e.from] = byOutput;
    const slots = byOutput[e.output] ?? [];
    byOutput[e.output] = slots;
    while (slots.length <= e.outputIndex) slots.push([]);
    slots[e.outputIndex]!.push({ node: e.to, type: e.output, index: e.inputIndex });
  }
  return out;
}
