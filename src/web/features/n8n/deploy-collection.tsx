import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { N8N_TEXT } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { useCollections } from '#web/features/library/library-api.ts';
import { N8N_SETTINGS_PATH } from './deploy-dialog.tsx';
import { DeployProgressList, deployInTurn, type TopStep } from './multi-deploy.tsx';
import { n8nApi, n8nKeys } from './n8n-api.ts';

/**
 * Deploys every deployable automation in the member's collections to their default n8n, one by one,
 * with a live progress list and a Stop button. Self-contained: mount it anywhere in the dashboard.
 */
export function DeployCollectionButton() {
  const qc = useQueryClient();
  const collections = useCollections();
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const [steps, setSteps] = useState<TopStep[] | null>(null);
  const [running, setRunning] = useState(false);
  const stopRef = useRef(false);

  const targets = (collections.data?.items ?? [])
    .filter((i) => i.card.deployable)
    .map((i) => ({ id: i.automationId, title: i.card.title }));
  const skipped = (collections.data?.items.length ?? 0) - targets.length;
  const configured = (connections.data?.length ?? 0) > 0;

  async function start() {
    if (!configured) {
      toast.error(N8N_TEXT.connectionFailedTitle, { description: N8N_TEXT.notConfigured });
      return;
    }
    stopRef.current = false;
    setRunning(true);
    try {
      const done = await deployInTurn(targets, setSteps, () => stopRef.current);
      const ok = done.filter((s) => s.state === 'deployed').length;
      const failed = done.filter((s) => s.state === 'failed').length;
      if (failed)
        toast.error('Collection deployed with errors', { description: `${ok} deployed, ${failed} failed` });
      else toast.success(N8N_TEXT.deployedTitle, { description: `${ok} of ${done.length} deployed` });
    } finally {
      setRunning(false);
      void qc.invalidateQueries({ queryKey: ['n8n'] });
    }
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          onClick={() => void start()}
          disabled={running || targets.length === 0 || connections.isPending}
        >
          <Rocket aria-hidden="true" className="h-4 w-4" />
          Deploy collection to n8n
        </Button>
        {running && (
          <Button variant="ghost" size="sm" onClick={() => (stopRef.current = true)}>
            Stop
          </Button>
        )}
        {connections.isSuccess && !configured && (
          <a href={N8N_SETTINGS_PATH} className="text-sm text-brand-700 underline dark:text-brand-400">
            Connect n8n first
          </a>
        )}
        {skipped > 0 && (
          <span className="text-xs text-slate-500 dark:text-slate-400">
            {skipped} template-only item{skipped === 1 ? '' : 's'} will be skipped
          </span>
        )}
      </div>
      {steps && (
        <section aria-label="Collection deployment progress" className={cardClass()}>
          <DeployProgressList steps={steps} label="Collection deployment progress" />
          {!running && (
            <Button variant="ghost" size="sm" className="mt-2" onClick={() => setSteps(null)}>
              Dismiss
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
