// Compares two versions of an n8n workflow as graphs (issue 40, decision 0025): what nodes, wiring and
// parameters changed, ignoring what n8n or an import rewrites without changing behaviour — canvas
// positions, node ids, webhook ids (and a webhook path that merely equals its id), credential ids and
// names, sticky notes. Pure: the import uses it to decide whether a template has a new version and to
// write that version's changelog; the update path reuses the normal form for its three-way merge.
import { credentialName } from './integrations.ts';
import { isStickyNote, shortType, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

/** A parameter leaf: a string, number, boolean or null. Objects and lists are flattened into paths. */
export type Leaf = string | number | boolean | null;

export type GraphNode = {
  name: string;
  type: string;
  typeVersion: number | null;
  disabled: boolean;
  /** Flattened parameters, path ("options.temperature", "messages.values.0.content") → leaf. */
  params: Map<string, Leaf>;
  /** Credential types only: ids and names belong to the author's instance. */
  credentialTypes: string[];
};

export type GraphEdge = { from: string; output: string; outputIndex: number; to: string; inputIndex: number };

export type Graph = { nodes: Map<string, GraphNode>; edges: GraphEdge[] };

export type GraphChange =
  | { kind: 'node-added'; node: string; type: string; after: string[]; before: string[] }
  | { kind: 'node-removed'; node: string; type: string }
  | { kind: 'node-renamed'; from: string; to: string; type: string }
  | { kind: 'type-version'; node: string; type: string; from: number | null; to: number | null }
  | { kind: 'disabled'; node: string; disabled: boolean }
  | { kind: 'credentials'; node: string; from: string[]; to: string[] }
  | {
      kind: 'parameter';
      node: string;
      type: string;
      path: string;
      from: Leaf | undefined;
      to: Leaf | undefined;
    }
  | { kind: 'connection-added' | 'connection-removed'; edge: GraphEdge };

export type GraphDiff = {
  changes: GraphChange[];
  /** Old node name → new node name for every node present in both (renames included). */
  matches: Map<string, string>;
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function flatten(value: unknown, path: string, out: Map<string, Leaf>): void {
  if (value === undefined) return;
  if (value === null || typeof value !== 'object') {
    out.set(path, value as Leaf);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) flatten(item, path ? `${path}.${i}` : String(i), out);
    return;
  }
  // A resource locator ({__rl, value, mode, cachedResult…}) is one choice: its value is what matters.
  const record = value as Record<string, unknown>;
  if (record.__rl === true) {
    flatten(record.value, path, out);
    return;
  }
  for (const [key, item] of Object.entries(record)) flatten(item, path ? `${path}.${key}` : key, out);
}

/** The workflow as a graph, without the noise listed at the top of this file. */
export function toGraph(workflow: WorkflowJson | { nodes?: unknown; connections?: unknown }): Graph {
  const nodes = new Map<string, GraphNode>();
  const raw = Array.isArray(workflow.nodes) ? (workflow.nodes as WorkflowNode[]) : [];
  for (const node of raw) {
    if (!isRecord(node) || typeof node.type !== 'string' || isStickyNote(node)) continue;
    const name = typeof node.name === 'string' ? node.name : '';
    if (nodes.has(name)) continue;
    const params = new Map<string, Leaf>();
    flatten(isRecord(node.parameters) ? node.parameters : {}, '', params);
    // A webhook path equal to the node's webhook id is generated, and renewed on every deploy.
    const webhookId = (node as { webhookId?: unknown }).webhookId;
    if (typeof webhookId === 'string' && params.get('path') === webhookId) params.delete('path');
    nodes.set(name, {
      name,
      type: node.type,
      typeVersion: typeof node.typeVersion === 'number' ? node.typeVersion : null,
      disabled: (node as { disabled?: unknown }).disabled === true,
      params,
      credentialTypes: isRecord(node.credentials) ? Object.keys(node.credentials).sort() : [],
    });
  }
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const connections = isRecord(workflow.connections) ? workflow.connections : {};
  for (const [from, byOutput] of Object.entries(connections)) {
    if (!nodes.has(from) || !isRecord(byOutput)) continue;
    for (const [output, slots] of Object.entries(byOutput)) {
      if (!Array.isArray(slots)) continue;
      slots.forEach((targets, outputIndex) => {
        if (!Array.isArray(targets)) return;
        for (const t of targets) {
          if (!isRecord(t) || typeof t.node !== 'string' || !nodes.has(t.node)) continue;
          const edge = {
            from,
            output,
            outputIndex,
            to: t.node,
            inputIndex: typeof t.index === 'number' ? t.index : 0,
          };
          const key = edgeKey(edge);
          if (seen.has(key)) continue;
          seen.add(key);
          edges.push(edge);
        }
      });
    }
  }
  return { nodes, edges };
}

export function edgeKey(e: GraphEdge): string {
  return JSON.stringify([e.from, e.output, e.outputIndex, e.to, e.inputIndex]);
}

/** A stable text of the graph: two workflows have the same fingerprint exactly when the diff is empty. */
export function graphFingerprint(graph: Graph): string {
  const nodes = [...graph.nodes.values()]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .map((n) => [
      n.name,
      n.type,
      n.typeVersion,
      n.disabled,
      n.credentialTypes,
      [...n.params.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    ]);
  const edges = graph.edges.map(edgeKey).sort();
  return JSON.stringify([nodes, edges]);
}

function paramsKey(node: GraphNode): string {
  return JSON.stringify([node.type, [...node.params.entries()].sort(([a], [b]) => (a < b ? -1 : 1))]);
}

function neighbours(graph: Graph, name: string): Set<string> {
  const out = new Set<string>();
  for (const e of graph.edges) {
    if (e.from === name) out.add(`>${e.to}`);
    if (e.to === name) out.add(`<${e.from}`);
  }
  return out;
}

/**
 * Pairs old nodes with new ones: by name; then a renamed node by the same type and the same parameters;
 * then, for a node renamed and edited at once, the only unpaired node of its type on each side when
 * both are wired to the same (already paired) neighbour.
 */
export function matchNodes(before: Graph, after: Graph): Map<string, string> {
  const matches = new Map<string, string>();
  const taken = new Set<string>();
  for (const [name, node] of before.nodes) {
    const other = after.nodes.get(name);
    if (other && other.type === node.type) {
      matches.set(name, name);
      taken.add(name);
    }
  }
  const unpairedOld = () => [...before.nodes.values()].filter((n) => !matches.has(n.name));
  const unpairedNew = () => [...after.nodes.values()].filter((n) => !taken.has(n.name));

  const byParams = new Map<string, GraphNode[]>();
  for (const n of unpairedNew()) {
    const key = paramsKey(n);
    byParams.set(key, [...(byParams.get(key) ?? []), n]);
  }
  for (const n of unpairedOld()) {
    const candidates = byParams.get(paramsKey(n));
    const pick = candidates?.shift();
    if (pick) {
      matches.set(n.name, pick.name);
      taken.add(pick.name);
    }
  }

  const oldLeft = unpairedOld();
  const newLeft = unpairedNew();
  for (const n of oldLeft) {
    const sameTypeOld = oldLeft.filter((o) => o.type === n.type);
    const sameTypeNew = newLeft.filter((o) => o.type === n.type && !taken.has(o.name));
    if (sameTypeOld.length !== 1 || sameTypeNew.length !== 1) continue;
    const candidate = sameTypeNew[0]!;
    // Translate the old node's neighbours into new names, then look for one in common.
    const mapped = new Set(
      [...neighbours(before, n.name)].map((k) => k[0] + (matches.get(k.slice(1)) ?? '\u0000')),
    );
    const shared = [...neighbours(after, candidate.name)].some((k) => mapped.has(k));
    if (!shared) continue;
    matches.set(n.name, candidate.name);
    taken.add(candidate.name);
  }
  return matches;
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Every change from `before` to `after`, in a stable order. */
export function diffGraphs(before: Graph, after: Graph): GraphDiff {
  const matches = matchNodes(before, after);
  const matchedNew = new Set(matches.values());
  const changes: GraphChange[] = [];

  for (const [name, node] of before.nodes) {
    if (!matches.has(name)) changes.push({ kind: 'node-removed', node: name, type: node.type });
  }
  for (const [from, to] of matches) {
    if (from !== to) changes.push({ kind: 'node-renamed', from, to, type: after.nodes.get(to)!.type });
  }
  const addedEdgesInto = (name: string) => after.edges.filter((e) => e.to === name).map((e) => e.from);
  const addedEdgesFrom = (name: string) => after.edges.filter((e) => e.from === name).map((e) => e.to);
  for (const [name, node] of after.nodes) {
    if (matchedNew.has(name)) continue;
    changes.push({
      kind: 'node-added',
      node: name,
      type: node.type,
      after: [...new Set(addedEdgesInto(name))],
      before: [...new Set(addedEdgesFrom(name))],
    });
  }
  for (const [from, to] of matches) {
    const a = before.nodes.get(from)!;
    const b = after.nodes.get(to)!;
    if (a.typeVersion !== b.typeVersion)
      changes.push({ kind: 'type-version', node: to, type: b.type, from: a.typeVersion, to: b.typeVersion });
    if (a.disabled !== b.disabled) changes.push({ kind: 'disabled', node: to, disabled: b.disabled });
    if (!sameList(a.credentialTypes, b.credentialTypes))
      changes.push({ kind: 'credentials', node: to, from: a.credentialTypes, to: b.credentialTypes });
    const paths = [...new Set([...a.params.keys(), ...b.params.keys()])];
    for (const path of paths) {
      const x = a.params.get(path);
      const y = b.params.get(path);
      if (x !== y) changes.push({ kind: 'parameter', node: to, type: b.type, path, from: x, to: y });
    }
  }
  // Wiring, in new names; edges of added or removed nodes are part of those changes already.
  const oldEdges = new Map<string, GraphEdge>();
  for (const e of before.edges) {
    const from = matches.get(e.from);
    const to = matches.get(e.to);
    if (from === undefined || to === undefined) continue;
    const renamed = { ...e, from, to };
    oldEdges.set(edgeKey(renamed), renamed);
  }
  const newEdges = new Map<string, GraphEdge>();
  for (const e of after.edges) {
    if (!matchedNew.has(e.from) || !matchedNew.has(e.to)) continue;
    newEdges.set(edgeKey(e), e);
  }
  for (const [key, edge] of oldEdges)
    if (!newEdges.has(key)) changes.push({ kind: 'connection-removed', edge });
  for (const [key, edge] of newEdges)
    if (!oldEdges.has(key)) changes.push({ kind: 'connection-added', edge });
  return { changes, matches };
}

// ---- Words ----

export type DescribeOptions = {
  /** The readable name of a node type ("Slack", "OpenAI"); defaults to the humanized short type. */
  typeName?: (type: string) => string | undefined;
};

/** Parameter changes per node beyond which the changelog says "changes N settings" instead. */
const MAX_PARAMS_LISTED = 3;
const MAX_VALUE_CHARS = 40;

function fallbackTypeName(type: string): string {
  const short = shortType(type).replace(/Trigger$/, ' Trigger');
  return short
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .trim();
}

function article(word: string): string {
  const first = word.split(/\s/)[0] ?? '';
  // Spoken letters: "an HTTP Request node", "an SMS node"; otherwise by the first letter.
  if (/^[A-Z0-9]{2,}$/.test(first)) return /^[AEFHILMNORSX8]/.test(first) ? 'an' : 'a';
  return /^[aeiou]/i.test(first) ? 'an' : 'a';
}

/** `sendTo` → "send to"; the last named segment of a path ("options.temperature" → "temperature"). */
const LABELS: Record<string, string> = { modelName: 'model' };

/** A parameter path in words: its last named segment, an `…Id` named by what it picks ("channelId" → "channel"). */
export function paramLabel(path: string): string {
  const segments = path.split('.').filter((s) => !/^\d+$/.test(s) && s !== 'values' && s !== 'value');
  const last = segments.at(-1) ?? path;
  return (LABELS[last] ?? last.replace(/(?<=[a-z])Id$/, ''))
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
}

function showValue(v: Leaf | undefined): string {
  if (v === undefined || v === null || v === '') return 'empty';
  return String(v);
}

const isLong = (v: Leaf | undefined) =>
  typeof v === 'string' && (v.length > MAX_VALUE_CHARS || v.includes('\n'));

function listNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "the Wait node", or "the Slack node “Post alert”" when the name does not say what it is. */
function nodePhrase(name: string, typeLabel: string, def: 'the' | 'a'): string {
  const art = def === 'the' ? 'the' : article(typeLabel);
  if (name === typeLabel || name.replace(/\d+$/, '') === typeLabel) return `${art} ${typeLabel} node`;
  return `${art} ${typeLabel} node “${name}”`;
}

/** The changelog in words, one sentence per change (parameter changes grouped per node). */
export function describeChanges(changes: GraphChange[], options: DescribeOptions = {}): string[] {
  const typeLabel = (type: string) => options.typeName?.(type) ?? fallbackTypeName(type);
  const lines: string[] = [];
  // A node inserted into a wire replaces it: "between Wait and Gmail" says so, no "disconnects" line.
  const insertedInto = new Set<string>();
  for (const c of changes)
    if (c.kind === 'node-added')
      for (const a of c.after) for (const b of c.before) insertedInto.add(`${a}\u0000${b}`);
  const paramsByNode = new Map<string, Extract<GraphChange, { kind: 'parameter' }>[]>();
  for (const c of changes) {
    switch (c.kind) {
      case 'node-removed':
        lines.push(`removes ${nodePhrase(c.node, typeLabel(c.type), 'the')}`);
        break;
      case 'node-renamed':
        lines.push(`renames ${c.from} to ${c.to}`);
        break;
      case 'node-added': {
        const where =
          c.after.length > 0 && c.before.length > 0
            ? ` between ${listNames(c.after)} and ${listNames(c.before)}`
            : c.after.length > 0
              ? ` after ${listNames(c.after)}`
              : c.before.length > 0
                ? ` before ${listNames(c.before)}`
                : '';
        lines.push(`adds ${nodePhrase(c.node, typeLabel(c.type), 'a')}${where}`);
        break;
      }
      case 'type-version':
        lines.push(`${c.node} node version ${c.from ?? 1} → ${c.to ?? 1}`);
        break;
      case 'disabled':
        lines.push(`${c.disabled ? 'disables' : 'enables'} ${c.node}`);
        break;
      case 'credentials':
        lines.push(
          c.to.length === 0
            ? `${c.node} no longer needs credentials`
            : `${c.node} now uses ${listNames(c.to.map(credentialName))} credentials`,
        );
        break;
      case 'parameter':
        paramsByNode.set(c.node, [...(paramsByNode.get(c.node) ?? []), c]);
        break;
      case 'connection-added':
      case 'connection-removed': {
        const e = c.edge;
        if (c.kind === 'connection-removed' && insertedInto.has(`${e.from}\u0000${e.to}`)) break;
        const from = e.outputIndex > 0 ? `${e.from} (output ${e.outputIndex + 1})` : e.from;
        const via = e.output === 'main' ? '' : ` as its ${paramLabel(e.output.replace(/^ai_/, ''))}`;
        lines.push(
          c.kind === 'connection-added'
            ? `connects ${from} to ${e.to}${via}`
            : `disconnects ${from} from ${e.to}`,
        );
        break;
      }
    }
  }
  for (const [node, params] of paramsByNode) {
    if (params.length > MAX_PARAMS_LISTED) {
      lines.push(`changes ${params.length} settings in ${node}`);
      continue;
    }
    // "OpenAI model …" reads well; "Summarize with OpenAI model …" needs a colon.
    const who = node.replace(/\d+$/, '') === typeLabel(params[0]!.type) ? node : `${node}:`;
    for (const p of params) {
      const label = paramLabel(p.path);
      if (p.from === undefined)
        lines.push(`${who} sets ${label} to ${isLong(p.to) ? 'a new value' : showValue(p.to)}`);
      else if (p.to === undefined) lines.push(`${who} no longer sets ${label}`);
      else if (isLong(p.from) || isLong(p.to)) lines.push(`changes the ${label} in ${node}`);
      else lines.push(`${who} ${label} ${showValue(p.from)} → ${showValue(p.to)}`);
    }
  }
  return lines;
}

/** Diff two workflow files and describe the result: the import's one call. */
export function workflowChangelog(
  before: WorkflowJson,
  after: WorkflowJson,
  options: DescribeOptions = {},
): { changes: GraphChange[]; changelog: string[] } {
  const diff = diffGraphs(toGraph(before), toGraph(after));
  return { changes: diff.changes, changelog: describeChanges(diff.changes, options) };
}
