import '@xyflow/react/dist/style.css';
import { Background, Controls, type Edge, type Node, ReactFlow } from '@xyflow/react';
import { useMemo, useState } from 'react';
import { type CanvasModel, type CanvasNode, nodeTypeLabel } from './canvas-model.ts';

// React Flow drawing the workflow's own positions and connections (DESIGN.md §3). Loaded lazily,
// only on the detail page.

export default function WorkflowCanvas({ model }: { model: CanvasModel }) {
  const [selected, setSelected] = useState<CanvasNode | null>(null);
  const { nodes, edges } = useMemo(() => {
    const nodes: Node[] = model.nodes.map((n) => ({
      id: n.name,
      position: { x: n.position[0], y: n.position[1] },
      data: { label: n.note !== undefined ? n.note.slice(0, 140) : `${n.name}\n${nodeTypeLabel(n.type)}` },
      // Colours set here for both schemes: the page follows the system setting through CSS at once,
      // React Flow's own colorMode only when it next renders.
      className:
        n.note !== undefined
          ? '!w-56 !whitespace-pre-line !border-amber-300 !bg-amber-50 !text-left !text-xs !text-slate-900 dark:!border-amber-700 dark:!bg-amber-950 dark:!text-amber-50'
          : '!whitespace-pre-line !border-slate-300 !bg-white !text-xs !text-slate-900 dark:!border-slate-600 dark:!bg-slate-800 dark:!text-slate-100',
      connectable: false,
      draggable: false,
      ariaLabel: `${n.name}, ${nodeTypeLabel(n.type)}`,
    }));
    const edges: Edge[] = model.connections.map((c, i) => ({
      id: `${c.from}->${c.to}-${i}`,
      source: c.from,
      target: c.to,
    }));
    return { nodes, edges };
  }, [model]);

  return (
    <div className="space-y-3">
      <div className="h-[420px] overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700">
        <ReactFlow
          nodes={nodes}
          edges={edges}
          fitView
          nodesConnectable={false}
          nodesDraggable={false}
          onNodeClick={(_e, node) => setSelected(model.nodes.find((n) => n.name === node.id) ?? null)}
          proOptions={{ hideAttribution: true }}
          colorMode="system"
        >
          <Background />
          <Controls showInteractive={false} />
        </ReactFlow>
      </div>
      {selected && (
        <div
          aria-live="polite"
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
          data-testid="node-details"
        >
          <p className="font-semibold">{selected.name}</p>
          <p className="text-slate-600 dark:text-slate-400">{selected.type}</p>
          {selected.parameters && Object.keys(selected.parameters).length > 0 && (
            <pre className="mt-2 max-h-64 overflow-auto rounded bg-slate-100 p-2 text-xs dark:bg-slate-800">
              {JSON.stringify(selected.parameters, null, 2)}
            </pre>
          )}
        </div>
      )}
    </div>
  );
}
