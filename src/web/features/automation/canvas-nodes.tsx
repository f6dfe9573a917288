import {
  type Edge,
  Handle,
  type Node,
  type NodeHandle,
  type NodeProps,
  Position,
  type ReactFlowProps,
} from '@xyflow/react';
import { lazy, Suspense } from 'react';
import { boxHeight } from '#shared/catalog/canvas-model.ts';
import type { CanvasModel, CanvasNode } from '#shared/schemas/canvas.ts';
import { IntegrationGlyph } from '#web/components/integration-icon.tsx';
import { cn } from '#web/lib/cn.ts';

// The canvas's node shapes, drawn the way n8n draws them. Sizes come from the shared canvas model;
// colours are Tailwind classes for both schemes (the page follows the system setting through CSS).

// The Markdown renderer loads only when a note has text to show (members); notes without text never need it.
const Markdown = lazy(() => import('react-markdown'));

export type FlowNode = Node<{ node: CanvasNode }, 'n8n' | 'sticky'>;

// Handles only show where edges meet; nothing on this canvas can be connected or dragged.
const HANDLE = '!pointer-events-none !min-h-0 !min-w-0 !border-0';

const STICKY_COLOURS: Record<number, string> = {
  1: 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950',
  2: 'border-orange-300 bg-orange-50 dark:border-orange-700 dark:bg-orange-950',
  3: 'border-rose-300 bg-rose-50 dark:border-rose-700 dark:bg-rose-950',
  4: 'border-emerald-300 bg-emerald-50 dark:border-emerald-700 dark:bg-emerald-950',
  5: 'border-sky-300 bg-sky-50 dark:border-sky-700 dark:bg-sky-950',
  6: 'border-violet-300 bg-violet-50 dark:border-violet-700 dark:bg-violet-950',
  7: 'border-slate-300 bg-slate-100 dark:border-slate-600 dark:bg-slate-800',
};

/** A sticky note: a coloured rectangle at its own size; members see its Markdown (links only, no HTML). */
export function StickyShape({ data }: NodeProps<FlowNode>) {
  const n = data.node;
  return (
    <div
      data-kind="sticky"
      className={cn(
        'h-full w-full overflow-hidden rounded-md border p-3 text-left text-sm leading-snug text-slate-900 dark:text-slate-100',
        STICKY_COLOURS[n.color ?? 1],
      )}
    >
      {n.note !== undefined && (
        <div className="fv-sticky-md">
          <Suspense fallback={<p className="whitespace-pre-line">{n.note}</p>}>
            <Markdown skipHtml components={{ img: ({ alt }) => (alt ? <span>{alt}</span> : null) }}>
              {n.note}
            </Markdown>
          </Suspense>
        </div>
      )}
    </div>
  );
}

function Glyph({ n, size }: { n: CanvasNode; size: string }) {
  // Brand colours are made for light backgrounds: in the dark scheme the glyph sits on a light tile.
  return (
    <span className="flex items-center justify-center rounded-md dark:bg-slate-100 dark:p-1">
      <IntegrationGlyph icon={n.icon} className={size} />
    </span>
  );
}

function MainHandles({ n }: { n: CanvasNode }) {
  const at = (i: number, count: number) => ({ top: `${((i + 1) / (count + 1)) * 100}%` });
  return (
    <>
      {Array.from({ length: n.inputs }, (_, i) => (
        <Handle
          // biome-ignore lint/suspicious/noArrayIndexKey: a handle is its input index
          key={`in-${i}`}
          id={`in-${i}`}
          type="target"
          position={Position.Left}
          style={at(i, n.inputs)}
          className={cn(HANDLE, '!h-4 !w-1.5 !rounded-sm !bg-slate-400 dark:!bg-slate-500')}
        />
      ))}
      {Array.from({ length: n.outputs }, (_, i) => (
        <Handle
          // biome-ignore lint/suspicious/noArrayIndexKey: a handle is its output index
          key={`out-${i}`}
          id={`out-${i}`}
          type="source"
          position={Position.Right}
          style={at(i, n.outputs)}
          className={cn(HANDLE, '!h-3 !w-3 !rounded-full !bg-slate-400 dark:!bg-slate-500')}
        />
      ))}
    </>
  );
}

/** A node: square (trigger: rounded left side), AI sub-node: circle; the name below. */
export function NodeShape({ data }: NodeProps<FlowNode>) {
  const n = data.node;
  const sub = n.kind === 'subnode';
  const configurable = n.ports.length > 0 && !sub;
  return (
    <div
      className="flex h-full w-full flex-col items-center"
      data-kind={n.kind}
      title={`${n.name} (${n.label})`}
    >
      <div
        className={cn(
          'relative flex shrink-0 items-center justify-center border-2 border-slate-400 bg-white shadow-sm dark:border-slate-500 dark:bg-slate-800',
          sub ? 'rounded-full' : 'rounded-lg',
          n.kind === 'trigger' && 'rounded-l-[36px]',
          configurable && 'justify-start gap-3 px-4',
        )}
        style={{ width: n.width, height: n.height }}
      >
        <Glyph n={n} size={sub ? 'h-8 w-8' : configurable ? 'h-10 w-10' : 'h-12 w-12'} />
        {configurable && (
          <span className="line-clamp-2 text-left text-sm font-medium text-slate-900 dark:text-slate-100">
            {n.name}
          </span>
        )}
        <MainHandles n={n} />
        {sub && (
          <Handle
            id="ai"
            type="source"
            position={Position.Top}
            className={cn(HANDLE, '!h-2.5 !w-2.5 !rotate-45 !rounded-none !bg-slate-400 dark:!bg-slate-500')}
          />
        )}
        {n.ports.map((p) => (
          <Handle
            key={p.type}
            id={p.type}
            type="target"
            position={Position.Bottom}
            style={{ left: p.offset }}
            className={cn(HANDLE, '!h-2.5 !w-2.5 !rotate-45 !rounded-none !bg-slate-400 dark:!bg-slate-500')}
          />
        ))}
        {n.ports.map((p) => (
          <span
            key={`label-${p.type}`}
            className="absolute top-full mt-1.5 -translate-x-1/2 whitespace-nowrap text-[11px] text-slate-600 dark:text-slate-300"
            style={{ left: p.offset }}
          >
            {p.label}
          </span>
        ))}
      </div>
      {!configurable && (
        <span
          className="mt-1.5 line-clamp-2 text-center text-xs font-medium leading-tight text-slate-900 dark:text-slate-100"
          style={{ width: n.width + 40 }}
        >
          {n.name}
        </span>
      )}
    </div>
  );
}

export const NODE_TYPES = { n8n: NodeShape, sticky: StickyShape };

/**
 * What both canvases (the member's and the server-drawn one) share: n8n's node shapes and nothing to
 * edit, select or tab through (a graph's nodes and edges are not controls), and no attribution badge.
 */
export const READ_ONLY_FLOW = {
  nodeTypes: NODE_TYPES,
  nodesConnectable: false,
  nodesDraggable: false,
  nodesFocusable: false,
  edgesFocusable: false,
  elementsSelectable: false,
  disableKeyboardA11y: true,
  proOptions: { hideAttribution: true },
} as const satisfies Partial<ReactFlowProps<FlowNode>>;

/**
 * Sticky notes lie behind edges and nodes, the larger behind the smaller (as in n8n, where a note that
 * frames a section holds smaller notes).
 */
function stickyLayers(model: CanvasModel): Map<string, number> {
  const notes = model.nodes.filter((n) => n.kind === 'sticky');
  notes.sort((a, b) => a.width * a.height - b.width * b.height);
  return new Map(notes.map((n, i) => [n.id, -1 - i]));
}

/**
 * Where the node's handles sit, as the shapes above place them. Rendered without a browser (the
 * visitor's page) React Flow cannot measure them, and draws an edge only between known handles.
 */
function nodeHandles(n: CanvasNode): NodeHandle[] {
  const at = (id: string, type: 'source' | 'target', position: Position, x: number, y: number) => ({
    id,
    type,
    position,
    x,
    y,
    width: 0,
    height: 0,
  });
  const row = (i: number, count: number) => ((i + 1) / (count + 1)) * n.height;
  return [
    ...Array.from({ length: n.inputs }, (_, i) =>
      at(`in-${i}`, 'target', Position.Left, 0, row(i, n.inputs)),
    ),
    ...Array.from({ length: n.outputs }, (_, i) =>
      at(`out-${i}`, 'source', Position.Right, n.width, row(i, n.outputs)),
    ),
    ...(n.kind === 'subnode' ? [at('ai', 'source', Position.Top, n.width / 2, 0)] : []),
    ...n.ports.map((p) => at(p.type, 'target', Position.Bottom, p.offset, n.height)),
  ];
}

/** The canvas model as React Flow's nodes and edges, the same for the member's canvas and the static one. */
export function toFlow(model: CanvasModel): { nodes: FlowNode[]; edges: Edge[] } {
  const layers = stickyLayers(model);
  const nodes: FlowNode[] = model.nodes.map((n) => ({
    id: n.id,
    type: n.kind === 'sticky' ? 'sticky' : 'n8n',
    position: { x: n.x, y: n.y },
    width: n.width,
    height: boxHeight(n),
    handles: n.kind === 'sticky' ? [] : nodeHandles(n),
    data: { node: n },
    zIndex: layers.get(n.id) ?? 0,
    draggable: false,
    connectable: false,
    focusable: false,
    selectable: false,
    ariaLabel: n.kind === 'sticky' ? undefined : `${n.name}, ${n.label}`,
  }));
  const edges: Edge[] = model.edges.map((e) => ({
    ...e,
    focusable: false,
    selectable: false,
    style: e.type.startsWith('ai_') ? { strokeDasharray: '6 4' } : undefined,
    className: 'fv-edge',
  }));
  return { nodes, edges };
}
