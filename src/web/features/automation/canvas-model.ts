// The workflow's own node positions and main connections, for the canvas. Members' canvases keep
// node parameters (shown on click); the preview's come from the server without them.

export type CanvasNode = {
  name: string;
  type: string;
  position: [number, number];
  note?: string;
  parameters?: Record<string, unknown>;
};
export type CanvasModel = { nodes: CanvasNode[]; connections: { from: string; to: string }[] };

type RawNode = { name?: unknown; type?: unknown; position?: unknown; parameters?: unknown };

/** Builds the canvas model from a member's workflow JSON. */
export function canvasFromWorkflow(workflow: Record<string, unknown> | null): CanvasModel {
  const rawNodes = Array.isArray(workflow?.nodes) ? (workflow.nodes as RawNode[]) : [];
  const nodes: CanvasNode[] = rawNodes.map((n, i) => {
    const p = Array.isArray(n.position) ? n.position : [];
    const type = typeof n.type === 'string' ? n.type : 'unknown';
    const parameters =
      n.parameters && typeof n.parameters === 'object' ? (n.parameters as Record<string, unknown>) : {};
    const node: CanvasNode = {
      name: typeof n.name === 'string' ? n.name : `Node ${i + 1}`,
      type,
      position: [Number(p[0]) || 0, Number(p[1]) || 0],
      parameters,
    };
    if (type === 'n8n-nodes-base.stickyNote' && typeof parameters.content === 'string')
      node.note = parameters.content;
    return node;
  });
  const names = new Set(nodes.map((n) => n.name));
  const connections: CanvasModel['connections'] = [];
  const raw = (workflow?.connections ?? {}) as Record<string, unknown>;
  for (const [from, value] of Object.entries(raw)) {
    if (!names.has(from) || !value || typeof value !== 'object') continue;
    for (const outputs of Object.values(value as Record<string, unknown>)) {
      if (!Array.isArray(outputs)) continue;
      for (const output of outputs) {
        if (!Array.isArray(output)) continue;
        for (const link of output) {
          const to = (link as { node?: unknown } | null)?.node;
          if (typeof to === 'string' && names.has(to)) connections.push({ from, to });
        }
      }
    }
  }
  return { nodes, connections };
}

/** 'n8n-nodes-base.googleSheets' → 'Google Sheets'; '@n8n/n8n-nodes-langchain.agent' → 'Agent'. */
export function nodeTypeLabel(type: string): string {
  const last = type.split('.').pop() ?? type;
  return last
    .replace(/Trigger$/, ' Trigger')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .trim();
}
