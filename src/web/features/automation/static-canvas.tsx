import { Background, ReactFlow } from '@xyflow/react';
import { boxHeight } from '#shared/catalog/canvas-model.ts';
import type { CanvasModel } from '#shared/schemas/canvas.ts';
import { READ_ONLY_FLOW, toFlow } from './canvas-nodes.tsx';

// The member canvas (React Flow with the same node shapes, canvas-nodes.tsx) rendered once on the
// server for pages without script (a visitor's template page), from the paywall-safe canvas model
// (built with `member: false`: names, types, positions and connections, no parameters). No sticky notes
// (their text is for members; empty boxes said nothing). It is drawn at a fixed scale and scrolls
// sideways when wider than the page, so names stay readable on a phone instead of shrinking with the
// workflow's width (issue 43 item 19).

/** Canvas units of margin around the nodes and their names. */
const PAD = 40;
/** Names below a node are wider than it (canvas-nodes.tsx: the node's width + 40). */
const NAME_OVERHANG = 20;
/**
 * CSS pixels per canvas unit: a 100-unit node is 110 px wide and a name under it (12 px on the member
 * canvas) reads at 13.2 px, as the SVG drawing it replaces had it (13.5 px).
 */
const SCALE = 1.1;

/** The canvas model drawn as the member canvas; nothing when the workflow has no nodes to show. */
export function StaticCanvas({ model, title }: { model: CanvasModel; title: string }) {
  const shown = model.nodes.filter((n) => n.kind !== 'sticky');
  if (shown.length === 0) return null;
  const { nodes, edges } = toFlow({ ...model, nodes: shown });
  const left = Math.min(...shown.map((n) => n.x - NAME_OVERHANG));
  const right = Math.max(...shown.map((n) => n.x + n.width + NAME_OVERHANG));
  const top = Math.min(...shown.map((n) => n.y));
  const bottom = Math.max(...shown.map((n) => n.y + boxHeight(n)));
  const width = Math.round((right - left + PAD * 2) * SCALE);
  const height = Math.round((bottom - top + PAD * 2) * SCALE);
  const count = shown.length;
  return (
    <div
      role="img"
      aria-label={`Workflow canvas of ${title}: ${count} ${count === 1 ? 'node' : 'nodes'}`}
      className="fv-canvas mx-auto"
      style={{ width, height }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        {...READ_ONLY_FLOW}
        width={width}
        height={height}
        fitView
        fitViewOptions={{ padding: `${Math.round(PAD * SCALE)}px` }}
        minZoom={SCALE}
        maxZoom={SCALE}
        className="!bg-transparent"
      >
        <Background gap={20} />
      </ReactFlow>
    </div>
  );
}
