import '@xyflow/react/dist/style.css';
import {
  Background,
  ControlButton,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
} from '@xyflow/react';
import { Maximize2, Minimize2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import type { CanvasModel, CanvasNode } from '#shared/schemas/canvas.ts';
import { cn } from '#web/lib/cn.ts';
import { type FlowNode, READ_ONLY_FLOW, toFlow } from './canvas-nodes.tsx';

// React Flow drawing the shared canvas model (src/shared/catalog/canvas-model.ts) the way n8n draws a
// workflow. Loaded lazily, only on the detail page. Nothing on it is a Tab stop but the canvas itself
// (arrow keys pan, + and − zoom, 0 fits) and its few controls: a graph's edges and nodes are not.

const FIT = { padding: 0.08 };
const PAN_STEP = 80;
/** Above this many nodes (sticky notes aside) the canvas shows a minimap. */
const MINIMAP_FROM = 12;

function Canvas({ model, onSelect }: { model: CanvasModel; onSelect: (n: CanvasNode | null) => void }) {
  const flow = useReactFlow();
  const [expanded, setExpanded] = useState(false);
  const { nodes, edges } = useMemo(() => toFlow(model), [model]);
  const large = model.nodes.filter((n) => n.kind !== 'sticky').length > MINIMAP_FROM;

  useEffect(() => {
    if (!expanded) return;
    const exit = (e: globalThis.KeyboardEvent) => e.key === 'Escape' && setExpanded(false);
    window.addEventListener('keydown', exit);
    return () => window.removeEventListener('keydown', exit);
  }, [expanded]);
  // The box changed size: fit again once it has been laid out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the size mode changes
  useEffect(() => {
    const frame = requestAnimationFrame(() => void flow.fitView(FIT));
    return () => cancelAnimationFrame(frame);
  }, [expanded]);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Only the canvas itself, and never a browser shortcut (DESIGN.md §9.6).
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const { x, y, zoom } = flow.getViewport();
    const pan: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP, 0],
      ArrowRight: [-PAN_STEP, 0],
      ArrowUp: [0, PAN_STEP],
      ArrowDown: [0, -PAN_STEP],
    };
    const step = pan[e.key];
    if (step) void flow.setViewport({ x: x + step[0], y: y + step[1], zoom });
    else if (e.key === '+' || e.key === '=') void flow.zoomIn();
    else if (e.key === '-' || e.key === '_') void flow.zoomOut();
    else if (e.key === '0') void flow.fitView(FIT);
    else return;
    e.preventDefault();
  }

  return (
    <div
      className={cn(
        'fv-canvas overflow-hidden rounded-lg border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950',
        expanded ? 'fixed inset-0 z-50 rounded-none' : 'max-h-[460px] min-h-[280px] w-full',
      )}
      // As tall as the workflow's shape needs at this width, between 280 and 460 px.
      style={
        expanded
          ? undefined
          : { aspectRatio: `${Math.max(model.bounds.width, 1)} / ${Math.max(model.bounds.height, 1)}` }
      }
      data-testid="workflow-canvas"
    >
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: one Tab stop that pans and zooms from the keyboard
        tabIndex={0}
        aria-label="Workflow canvas. Arrow keys pan, plus and minus zoom, 0 fits the whole workflow."
        onKeyDown={onKeyDown}
        className="h-full w-full focus-visible:outline-3 focus-visible:-outline-offset-4 dark:focus-visible:outline-brand-300"
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          {...READ_ONLY_FLOW}
          fitView
          fitViewOptions={FIT}
          minZoom={0.05}
          onNodeClick={(_e, node) => onSelect(node.type === 'sticky' ? null : (node as FlowNode).data.node)}
          colorMode="system"
        >
          <Background gap={20} />
          <Controls showInteractive={false} fitViewOptions={FIT} orientation="horizontal">
            <ControlButton
              onClick={() => setExpanded((v) => !v)}
              aria-label={expanded ? 'Exit full screen' : 'Full screen'}
              title={expanded ? 'Exit full screen' : 'Full screen'}
            >
              {expanded ? <Minimize2 aria-hidden="true" /> : <Maximize2 aria-hidden="true" />}
            </ControlButton>
          </Controls>
          {large && (
            <MiniMap
              ariaLabel="Minimap of the workflow"
              className="max-sm:!hidden"
              nodeColor={(n) => ((n as FlowNode).type === 'sticky' ? 'rgb(253 230 138 / 0.5)' : '#64748b')}
              pannable
              zoomable
            />
          )}
        </ReactFlow>
      </section>
    </div>
  );
}

export default function WorkflowCanvas({ model }: { model: CanvasModel }) {
  const [selected, setSelected] = useState<CanvasNode | null>(null);
  return (
    <div className="space-y-3">
      <ReactFlowProvider>
        <Canvas model={model} onSelect={setSelected} />
      </ReactFlowProvider>
      {selected && (
        <div
          aria-live="polite"
          className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
          data-testid="node-details"
        >
          <p className="font-semibold">{selected.name}</p>
          <p className="text-slate-600 dark:text-slate-400">
            {selected.label} · {selected.type}
          </p>
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
