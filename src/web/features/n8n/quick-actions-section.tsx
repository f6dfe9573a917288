import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Activity, Copy, type LucideIcon, OctagonX, Rocket } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { relativeTime } from '#shared/relative-time.ts';
import { N8N_TEXT, type N8nWebhookUrl, type QuickAction } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { cn } from '#web/lib/cn.ts';
import { ConnectN8nHint } from './connect-n8n-hint.tsx';
import { DeployProgressList, deployInTurn, type TopStep } from './multi-deploy.tsx';
import { DeploymentHistory, HealthCheck, RecentRuns } from './n8n-activity.tsx';
import { n8nApi, n8nKeys } from './n8n-api.ts';
import { WebhookUrls } from './webhook-urls.tsx';

/** The spec's shortcut labels. Shown only: each is a browser shortcut (bookmark, reload, cut, history). */
export const QUICK_ACTION_TILES: { id: QuickAction; title: string; shortcut: string; icon: LucideIcon }[] = [
  { id: 'deploy-latest', title: 'Deploy Latest', shortcut: 'Cmd+D', icon: Rocket },
  { id: 'duplicate-top-5', title: 'Duplicate Top 5', shortcut: 'Cmd+R', icon: Copy },
  { id: 'emergency-stop', title: 'Emergency Stop', shortcut: 'Cmd+X', icon: OctagonX },
  { id: 'health-check', title: 'Health Check', shortcut: 'Cmd+H', icon: Activity },
];

/** Dashboard → Quick Actions: four real actions against the member's default n8n, Recent Runs and totals. */
export function QuickActionsSection() {
  const id = useId();
  const qc = useQueryClient();
  const view = useQuery({ queryKey: n8nKeys.quickActions, queryFn: n8nApi.quickActions });
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const defaultConnection = connections.data?.find((c) => c.isDefault) ?? connections.data?.[0];
  const notConfigured = connections.isSuccess && !defaultConnection;
  const [steps, setSteps] = useState<TopStep[] | null>(null);
  const [running, setRunning] = useState(false);
  const stopRef = useRef(false);
  const [healthOpen, setHealthOpen] = useState(false);
  const now = Date.now();

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['n8n'] });
  };

  // Deploy Latest's copy: its webhook URLs stay on screen (a toast would take them away).
  const [latestHooks, setLatestHooks] = useState<{ title: string; webhooks: N8nWebhookUrl[] } | null>(null);
  const deployLatest = useMutation({
    mutationFn: n8nApi.deployLatest,
    onMutate: () => toast.loading(N8N_TEXT.deployingTitle, { description: N8N_TEXT.deployingBody }),
    onSuccess: (result, _v, toastId) => {
      if (result.ok) {
        const webhooks = result.preflight.webhooks ?? [];
        setLatestHooks(webhooks.length > 0 ? { title: result.deployment.automationTitle, webhooks } : null);
        toast.success(N8N_TEXT.deployedTitle, {
          id: toastId,
          description: result.deployment.automationTitle,
          action: {
            label: 'Open',
            onClick: () => window.open(result.workflowUrl, '_blank', 'noopener,noreferrer'),
          },
        });
      } else {
        toast.error(N8N_TEXT.deployFailedTitle, { id: toastId, description: result.message });
      }
      refresh();
    },
    onError: (error, _v, toastId) =>
      toast.error(N8N_TEXT.deployFailedTitle, { id: toastId, description: error.message }),
  });

  const emergencyStop = useMutation({
    mutationFn: n8nApi.emergencyStop,
    onSuccess: (result) => {
      const base = `${result.deactivated.length} workflow${result.deactivated.length === 1 ? '' : 's'} deactivated`;
      if (result.failed.length)
        toast.error('Emergency Stop incomplete', { description: `${base}; ${result.failed.length} failed.` });
      else toast.success('Emergency Stop', { description: base });
      refresh();
    },
    onError: (error) => toast.error('Emergency Stop failed', { description: error.message }),
  });

  async function duplicateTop() {
    const targets = view.data?.top ?? [];
    if (targets.length === 0) return;
    stopRef.current = false;
    setRunning(true);
    try {
      await deployInTurn(targets, setSteps, () => stopRef.current);
      await n8nApi.markUsed('duplicate-top-5').catch(() => undefined);
    } finally {
      setRunning(false);
      refresh();
    }
  }

  function run(action: QuickAction) {
    if (notConfigured) {
      toast.error(N8N_TEXT.connectionFailedTitle, { description: N8N_TEXT.notConfigured });
      return;
    }
    if (action === 'deploy-latest') deployLatest.mutate();
    if (action === 'duplicate-top-5') void duplicateTop();
    if (action === 'emergency-stop') {
      if (window.confirm('Deactivate every workflow Flowvault deployed to your default n8n instance?'))
        emergencyStop.mutate();
    }
    if (action === 'health-check') {
      setHealthOpen(true);
      void n8nApi.markUsed('health-check').then(refresh, () => undefined);
      void qc.invalidateQueries({ queryKey: ['n8n', 'health'] });
    }
  }

  const busy: Record<QuickAction, boolean> = {
    'deploy-latest': deployLatest.isPending,
    'duplicate-top-5': running,
    'emergency-stop': emergencyStop.isPending,
    'health-check': false,
  };
  const detail: Record<QuickAction, string> = {
    'deploy-latest': view.data?.latest ? view.data.latest.title : 'No deployable workflow yet',
    'duplicate-top-5': view.data ? `${view.data.top.length} most popular workflows` : '',
    'emergency-stop': 'Deactivate everything Flowvault deployed',
    'health-check': 'Connection, n8n version, accepted fields',
  };

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <header className="space-y-1">
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
          Quick Actions
        </h2>
        {notConfigured && <ConnectN8nHint />}
      </header>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {QUICK_ACTION_TILES.map((tile) => {
          const last = view.data?.lastUsed[tile.id] ?? null;
          return (
            <li key={tile.id}>
              <button
                type="button"
                onClick={() => run(tile.id)}
                disabled={busy[tile.id] || (tile.id === 'duplicate-top-5' && !view.data?.top.length)}
                aria-busy={busy[tile.id]}
                className={cn(
                  'flex h-full w-full flex-col gap-2 text-left hover:bg-slate-50 focus-visible:outline-2 disabled:opacity-60 dark:hover:bg-slate-800',
                  // The danger tone has no fill of its own: the tile keeps the default one.
                  tile.id === 'emergency-stop'
                    ? cn(cardClass({ tone: 'danger' }), 'bg-white dark:bg-slate-900')
                    : cardClass(),
                )}
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="flex items-center gap-2 font-semibold">
                    <tile.icon aria-hidden="true" className="h-5 w-5" />
                    {tile.title}
                  </span>
                  <kbd className="rounded border border-slate-300 px-1.5 text-xs text-slate-500 dark:border-slate-600 dark:text-slate-400">
                    {tile.shortcut}
                  </kbd>
                </span>
                <span className="line-clamp-2 text-xs text-slate-600 dark:text-slate-400">
                  {detail[tile.id]}
                </span>
                <span className="text-xs text-slate-500 dark:text-slate-400">
                  {last ? `Last used ${relativeTime(last, now)}` : 'Never used'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        The shortcut labels are shown but not bound: your browser already uses Cmd/Ctrl+D (bookmark), R
        (reload), X (cut) and H (history).
      </p>

      {latestHooks && (
        <div className={`space-y-2 ${cardClass()}`}>
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm font-medium">Deployed: {latestHooks.title}</p>
            <Button variant="ghost" size="sm" onClick={() => setLatestHooks(null)}>
              Dismiss
            </Button>
          </div>
          <WebhookUrls webhooks={latestHooks.webhooks} />
        </div>
      )}

      {steps && (
        <section aria-label="Duplicate Top 5 progress" className={`space-y-3 ${cardClass()}`}>
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold">Duplicate Top 5</h3>
            {running ? (
              <Button variant="outline" size="sm" onClick={() => (stopRef.current = true)}>
                Stop
              </Button>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setSteps(null)}>
                Dismiss
              </Button>
            )}
          </div>
          <DeployProgressList steps={steps} label="Duplicate Top 5 progress" />
        </section>
      )}

      {healthOpen && defaultConnection && (
        <div className={cardClass()}>
          <HealthCheck connectionId={defaultConnection.id} />
        </div>
      )}

      <div className={cardClass()}>
        <RecentRuns limit={5} />
      </div>

      <details className={cardClass()}>
        <summary className="cursor-pointer font-semibold">Show deployment history</summary>
        <div className="mt-3">
          <DeploymentHistory />
        </div>
      </details>
    </section>
  );
}
