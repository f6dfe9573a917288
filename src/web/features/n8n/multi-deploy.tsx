import { N8N_TEXT, type N8nWebhookUrl } from '#shared/schemas/n8n.ts';
import { ApiError } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';
import { n8nApi } from './n8n-api.ts';
import { WebhookUrls } from './webhook-urls.tsx';

// Deploying several workflows one after another (Duplicate Top 5, a whole collection) and its live list.

export type TopStep = {
  id: string;
  title: string;
  state: 'waiting' | 'deploying' | 'deployed' | 'failed' | 'stopped';
  message?: string;
  url?: string;
  /** The deployed copy's webhook URLs (its own paths). */
  webhooks?: N8nWebhookUrl[];
};

const STEP_TEXT: Record<TopStep['state'], string> = {
  waiting: 'Waiting',
  deploying: 'Deploying…',
  deployed: 'Deployed',
  failed: 'Failed',
  stopped: 'Not deployed (stopped)',
};

/** Deploys targets one by one, reporting each step; `shouldStop` is read before each deployment. */
export async function deployInTurn(
  targets: { id: string; title: string }[],
  onStep: (steps: TopStep[]) => void,
  shouldStop: () => boolean,
): Promise<TopStep[]> {
  const steps: TopStep[] = targets.map((t) => ({ ...t, state: 'waiting' }));
  const publish = () => onStep(steps.map((s) => ({ ...s })));
  publish();
  for (const step of steps) {
    if (shouldStop()) {
      step.state = 'stopped';
      continue;
    }
    step.state = 'deploying';
    publish();
    try {
      const result = await n8nApi.deploy(step.id);
      if (result.ok) {
        step.state = 'deployed';
        step.url = result.workflowUrl;
        step.webhooks = result.preflight.webhooks;
      } else {
        step.state = 'failed';
        step.message = result.message;
      }
    } catch (error) {
      step.state = 'failed';
      step.message = error instanceof ApiError ? error.message : N8N_TEXT.unknownConnectionError;
    }
    publish();
  }
  publish();
  return steps;
}

/** The live list of a multi-deploy (Duplicate Top 5, a whole collection). */
export function DeployProgressList({ steps, label }: { steps: TopStep[]; label: string }) {
  const done = steps.filter(
    (s) => s.state === 'deployed' || s.state === 'failed' || s.state === 'stopped',
  ).length;
  return (
    <div className="space-y-2">
      <progress className="h-2 w-full" max={steps.length || 1} value={done} aria-label={label}>
        {done} / {steps.length}
      </progress>
      <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {done} / {steps.length} done
      </p>
      <ol className="space-y-1 text-sm">
        {steps.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 truncate">{s.title}</span>
            <span
              className={cn(
                'text-xs font-medium',
                s.state === 'deployed' && 'text-emerald-700 dark:text-emerald-400',
                s.state === 'failed' && 'text-red-700 dark:text-red-400',
              )}
            >
              {s.url ? (
                <a href={s.url} target="_blank" rel="noopener noreferrer" className="underline">
                  {STEP_TEXT[s.state]}
                  <span className="sr-only"> — open in n8n (new tab)</span>
                </a>
              ) : (
                STEP_TEXT[s.state]
              )}
            </span>
            {s.message && (
              <span className="w-full break-words text-xs text-red-700 dark:text-red-400">{s.message}</span>
            )}
            {s.webhooks && s.webhooks.length > 0 && (
              <details className="w-full text-xs">
                <summary className="cursor-pointer">Webhook URLs ({s.webhooks.length})</summary>
                <div className="mt-2">
                  <WebhookUrls webhooks={s.webhooks} label={`Webhook URLs of ${s.title}`} heading={false} />
                </div>
              </details>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
