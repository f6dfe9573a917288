import type { CanvasEdge, CanvasModel, CanvasNode } from '#shared/schemas/canvas.ts';
import { humanizeIdentifier } from './integrations.ts';
import { nodeIntegration } from './node-icons.ts';
import { isStickyNote, shortType, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

// The one canvas model: the server's paywall-safe preview and the member's detail page both draw this.
// Sizes follow n8n's canvas (20 px grid): a node is a 100 px square with its name below, a trigger the
// same square with a rounded left side, an AI sub-node an 80 px circle below the node it serves, a node
// that takes sub-nodes is wider with one labelled port per connection type on its bottom edge, and a
// sticky note is a rectangle at its own size behind everything.

export const NODE_SIZE = 100;
export const SUBNODE_SIZE = 80;
/** Room under a node for its name (two lines): part of the node's box so a fit view includes it. */
export const LABEL_SPACE = 44;
const PORT_SPACING = 64;
/** A node that takes sub-nodes is drawn wide, its name inside, as n8n draws an agent or a chain. */
const CONFIGURABLE_MIN_WIDTH = 200;
const STICKY_DEFAULT = { width: 240, height: 160 };
/** Sub-nodes whose own position is not below their node are placed this far under it. */
const SUBNODE_GAP = 100;

/** n8n's AI connection types in the order n8n draws their ports, with n8n's labels. */
const AI_PORTS: [type: string, label: string][] = [
  ['ai_languageModel', 'Chat Model'],
  ['ai_memory', 'Memory'],
  ['ai_tool', 'Tool'],
  ['ai_outputParser', 'Output Parser'],
  ['ai_retriever', 'Retriever'],
  ['ai_reranker', 'Reranker'],
  ['ai_vectorStore', 'Vector Store'],
  ['ai_embedding', 'Embedding'],
  ['ai_document', 'Document'],
  ['ai_textSplitter', 'Text Splitter'],
];
const PORT_ORDER = new Map(AI_PORTS.map(([type], i) => [type, i]));
const PORT_LABEL = new Map(AI_PORTS);

export function aiPortLabel(type: string): string {
  return PORT_LABEL.get(type) ?? humanizeIdentifier(type.replace(/^ai_/, ''));
}

const TRIGGER_TYPES = new Set(['webhook', 'cron', 'interval', 'start', 'manualTrigger', 'emailReadImap']);

export function isTriggerType(type: string): boolean {
  const short = shortType(type);
  return TRIGGER_TYPES.has(short) || short.endsWith('Trigger');
}

type Link = { from: string; to: string; type: string; fromIndex: number; toIndex: number };

/** Every connection of the file whose both ends exist, in file order. */
function linksOf(workflow: WorkflowJson, names: Set<string>): Link[] {
  const links: Link[] = [];
  for (const [from, byType] of Object.entries(workflow.connections ?? {})) {
    if (!names.has(from) || !byType || typeof byType !== 'object') continue;
    for (const [type, outputs] of Object.entries(byType as Record<string, unknown>)) {
      if (!Array.isArray(outputs)) continue;
      outputs.forEach((output, fromIndex) => {
        if (!Array.isArray(output)) return;
        for (const link of output) {
          const l = link as { node?: unknown; index?: unknown } | null;
          // Real files name missing nodes; those links are dropped.
          if (typeof l?.node !== 'string' || !names.has(l.node)) continue;
          const toIndex = Number.isInteger(l.index) ? Math.max(0, l.index as number) : 0;
          links.push({ from, to: l.node, type, fromIndex, toIndex });
        }
      });
    }
  }
  return links;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Box height of a drawn node: the shape plus the room for its name. */
export function boxHeight(node: Pick<CanvasNode, 'kind' | 'height'>): number {
  return node.kind === 'sticky' ? node.height : node.height + LABEL_SPACE;
}

/**
 * Builds the canvas model of a workflow. `member: false` (the paywall-safe preview) keeps shapes and
 * names only: no parameters and no sticky-note text.
 */
export function buildCanvasModel(workflow: WorkflowJson | null, opts: { member: boolean }): CanvasModel {
  const raw: WorkflowNode[] = Array.isArray(workflow?.nodes) ? workflow.nodes : [];
  const ids = new Map<string, string>();
  const named = raw.map((n, i) => {
    const name = typeof n.name === 'string' && n.name ? n.name : `Node ${i + 1}`;
    // Duplicate names exist in real files; connections reach the first.
    if (!ids.has(name)) ids.set(name, `n${i}`);
    return { n, name, id: `n${i}` };
  });
  const links = workflow ? linksOf(workflow, new Set(ids.keys())) : [];
  const idOf = (name: string) => ids.get(name)!;

  const aiSources = new Set<string>();
  const portsOf = new Map<string, Set<string>>();
  const outputsOf = new Map<string, number>();
  const inputsOf = new Map<string, number>();
  for (const l of links) {
    if (l.type.startsWith('ai_')) {
      aiSources.add(idOf(l.from));
      const ports = portsOf.get(idOf(l.to)) ?? new Set<string>();
      ports.add(l.type);
      portsOf.set(idOf(l.to), ports);
    } else {
      outputsOf.set(idOf(l.from), Math.max(outputsOf.get(idOf(l.from)) ?? 1, l.fromIndex + 1));
      inputsOf.set(idOf(l.to), Math.max(inputsOf.get(idOf(l.to)) ?? 1, l.toIndex + 1));
    }
  }

  const nodes: CanvasNode[] = named.map(({ n, name, id }) => {
    const type = typeof n.type === 'string' ? n.type : 'unknown';
    const p = Array.isArray(n.position) ? n.position : [];
    const x = num(p[0], 0);
    const y = num(p[1], 0);
    const { name: label, icon } = nodeIntegration(type);
    if (isStickyNote(n)) {
      const params = n.parameters ?? {};
      const node: CanvasNode = {
        id,
        name,
        type,
        kind: 'sticky',
        label,
        icon,
        x,
        y,
        width: Math.max(num(params.width, STICKY_DEFAULT.width), 40),
        height: Math.max(num(params.height, STICKY_DEFAULT.height), 40),
        color: Math.min(7, Math.max(1, Math.round(num(params.color, 1)))),
        inputs: 0,
        outputs: 0,
        ports: [],
      };
      if (opts.member && typeof params.content === 'string') node.note = params.content;
      return node;
    }
    const portTypes = [...(portsOf.get(id) ?? [])].sort(
      (a, b) => (PORT_ORDER.get(a) ?? 99) - (PORT_ORDER.get(b) ?? 99) || a.localeCompare(b),
    );
    const sub = aiSources.has(id);
    const kind = sub ? 'subnode' : isTriggerType(type) ? 'trigger' : 'node';
    const base = sub ? SUBNODE_SIZE : NODE_SIZE;
    const width =
      portTypes.length === 0
        ? base
        : Math.max(sub ? base : CONFIGURABLE_MIN_WIDTH, portTypes.length * PORT_SPACING + 32);
    const node: CanvasNode = {
      id,
      name,
      type,
      kind,
      label,
      icon,
      x,
      y,
      width,
      height: base,
      inputs: kind === 'node' ? (inputsOf.get(id) ?? 1) : 0,
      outputs: sub ? 0 : (outputsOf.get(id) ?? 1),
      ports: portTypes.map((t, i) => ({
        type: t,
        label: aiPortLabel(t),
        offset: Math.round((width * (i + 1)) / (portTypes.length + 1)),
      })),
    };
    if (opts.member && n.parameters && typeof n.parameters === 'object') node.parameters = n.parameters;
    return node;
  });

  placeSubnodes(nodes, links, idOf);

  const edges: CanvasEdge[] = links.map((l, i) => {
    const ai = l.type.startsWith('ai_');
    return {
      id: `e${i}`,
      source: idOf(l.from),
      target: idOf(l.to),
      type: l.type,
      sourceHandle: ai ? 'ai' : `out-${l.fromIndex}`,
      targetHandle: ai ? l.type : `in-${l.toIndex}`,
    };
  });
  return { nodes, edges, bounds: boundsOf(nodes) };
}

/**
 * AI sub-nodes sit below the node they serve. A sub-node whose own position is not below it (missing,
 * or drawn above or across it) goes under its port, side by side with the others on that port.
 */
function placeSubnodes(nodes: CanvasNode[], links: Link[], idOf: (name: string) => string) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const placed = new Set<string>();
  const perPort = new Map<string, number>();
  for (const l of links) {
    if (!l.type.startsWith('ai_')) continue;
    const sub = byId.get(idOf(l.from));
    const parent = byId.get(idOf(l.to));
    if (!sub || !parent || placed.has(sub.id) || sub === parent) continue;
    placed.add(sub.id);
    const parentBottom = parent.y + parent.height + LABEL_SPACE;
    if (sub.y >= parentBottom) continue;
    const port = parent.ports.find((p) => p.type === l.type);
    const key = `${parent.id}/${l.type}`;
    const k = perPort.get(key) ?? 0;
    perPort.set(key, k + 1);
    sub.x = parent.x + (port?.offset ?? parent.width / 2) - sub.width / 2 + k * (SUBNODE_SIZE + 40);
    sub.y = parentBottom + SUBNODE_GAP;
  }
}

/** The rectangle holding every node (names included), sticky notes too. */
export function boundsOf(nodes: CanvasNode[]): CanvasModel['bounds'] {
  if (nodes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const n of nodes) {
    minX = Math.min(minX, n.x);
    minY = Math.min(minY, n.y);
    maxX = Math.max(maxX, n.x + n.width);
    maxY = Math.max(maxY, n.y + boxHeight(n));
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}
