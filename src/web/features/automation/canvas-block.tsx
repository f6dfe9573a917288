import { lazy, Suspense, useId } from 'react';
import type { CanvasModel } from '#shared/schemas/canvas.ts';

const WorkflowCanvas = lazy(() => import('./workflow-canvas.tsx'));

/** The canvas section; browsers without ResizeObserver (and the test DOM) get the step list only. */
export function CanvasBlock({ model }: { model: CanvasModel }) {
  const id = useId();
  if (model.nodes.length === 0 || typeof ResizeObserver === 'undefined') return null;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="mb-3 text-lg font-semibold">
        Workflow canvas
      </h2>
      <Suspense fallback={<p className="text-sm text-slate-500">Loading canvas...</p>}>
        <WorkflowCanvas model={model} />
      </Suspense>
    </section>
  );
}
