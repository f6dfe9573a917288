import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { AutomationPreview } from '#shared/schemas/catalog.ts';
import { IntegrationList } from '#web/components/integration-icon.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CanvasBlock } from './canvas-block.tsx';

/** What visitors and unpaid users see: the paywall-safe preview and the upgrade call to action. */
export function PreviewDetail({ p, signedIn }: { p: AutomationPreview; signedIn: boolean }) {
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{p.title}</h1>
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-400">
          <span>{p.difficulty}</span>
          <span>{p.category}</span>
          <span>{p.nodeCount} nodes</span>
        </p>
      </header>
      <section className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
        <h2 className="mb-2 text-lg font-semibold">Description</h2>
        <p className="whitespace-pre-line">{p.description}</p>
      </section>
      {p.integrations.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="mb-2 text-lg font-semibold">Apps used</h2>
          <IntegrationList names={p.integrations} />
        </section>
      )}
      <CanvasBlock model={p.canvas} />
      {p.canvas.nodes.length > 0 && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <h2 className="mb-2 text-lg font-semibold">Workflow steps</h2>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            {p.canvas.nodes
              .filter((n) => n.kind !== 'sticky')
              .map((n) => (
                <li key={n.id}>
                  {n.name} <span className="text-slate-500 dark:text-slate-400">({n.label})</span>
                </li>
              ))}
          </ol>
        </section>
      )}
      <section className="flex flex-col items-start gap-3 rounded-xl border border-brand-600/40 bg-brand-600/5 p-5">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <Lock aria-hidden="true" className="h-5 w-5" />
          Unlock this workflow
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Get lifetime access to copy, download and deploy this workflow and the whole library. One payment,
          no recurring fees.
        </p>
        <Button asChild>
          <Link to={signedIn ? '/payment' : '/auth'}>
            {signedIn ? 'Upgrade now' : 'Sign up to get access'}
          </Link>
        </Button>
      </section>
    </div>
  );
}
