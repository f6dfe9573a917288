import { lazy, Suspense } from 'react';
import type { CanvasModel } from '#shared/schemas/canvas.ts';
import { Block } from './detail-parts.tsx';

const WorkflowCanvas = lazy(() => import('./workflow-canvas.tsx'));

/** The canvas section; browsers without ResizeObserver (and the test DOM) get the step list only. */
export function CanvasBlock({ model }: { model: CanvasModel }) {
  if (model.nodes.length === 0 || typeof ResizeObserver === 'undefined') return null;
  return (
    <Block title="Workflow canvas">
      <Suspense fallback={<p className="text-sm text-slate-500">Loading canvas...</p>}>
        <WorkflowCanvas model={model} />
      </Suspense>
    </Block>
  );
}
