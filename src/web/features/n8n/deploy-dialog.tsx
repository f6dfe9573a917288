import { useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  N8N_TEXT,
  type N8nDeployResult,
  type N8nPreflightView,
  type N8nWebhookUrl,
  type PublishOutcomeView,
} from '#shared/schemas/n8n.ts';
import { ExternalLink } from '#web/components/external-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { ApiError } from '#web/lib/api.ts';
import { type Fallback, FallbackSteps, runBrowserFallback } from './deploy-fallback.tsx';
import { n8nApi, n8nKeys } from './n8n-api.ts';
import { credentialKey, initialPicks, PreflightReport } from './preflight-report.tsx';
import { PublishOutcome } from './publish-outcome.tsx';
import { type SetupAnswers, SetupWizard, setupErrors, setupValues } from './setup-wizard.tsx';
import { WebhookUrls } from './webhook-urls.tsx';

/** Settings → N8N Integration (the account settings honour `?tab=n8n`). */
export const N8N_SETTINGS_PATH = '/dashboard?section=settings&tab=n8n';

type Phase =
  | { step: 'ready' }
  | { step: 'deploying' }
  | {
      step: 'deployed';
      workflowUrl: string;
      name: string | null;
      webhooks: N8nWebhookUrl[];
      deploymentId: string;
      publish: PublishOutcomeView | null;
    }
  | ({ step: 'fallback' } & Fallback);

type DeployDialogProps = {
  automationId: string;
  automationTitle: string;
  open: boolean;
  onClose: () => void;
  /** Where the member configures n8n (Settings → N8N Integration). */
  onOpenSettings?: () => void;
};

/**
 * Deploy an automation into the member's n8n: preflight report, credentials checklist, then
 * 'Deploying to N8N' → 'Workflow Deployed Successfully' with the link, or the browser fallback.
 * Each opening starts afresh (the dialog's content mounts while it is open).
 */
export function DeployDialog(props: DeployDialogProps) {
  return props.open ? <DeployDialogContent {...props} /> : null;
}

function DeployDialogContent(props: DeployDialogProps) {
  const { automationId, automationTitle, onClose } = props;
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const queryClient = useQueryClient();
  const [connectionId, setConnectionId] = useState<string | undefined>(undefined);
  const [phase, setPhase] = useState<Phase>({ step: 'ready' });
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  // The credential picker (n8n 2.x with credential:list): credential id per need, '' = set up later.
  const [picks, setPicks] = useState<Record<string, string>>({});
  const [publish, setPublish] = useState(false);
  // The set-up wizard: the member's answers, the fields left (their errors show), and the server's refusal.
  const [answers, setAnswers] = useState<SetupAnswers>({});
  const [shownErrors, setShownErrors] = useState<Record<string, boolean>>({});
  const [setupRefusal, setSetupRefusal] = useState<string | null>(null);

  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const chosen = connectionId ?? connections.data?.find((c) => c.isDefault)?.id;
  const preflight = useQuery({
    queryKey: ['n8n', 'preflight', automationId, chosen],
    queryFn: () => n8nApi.preflight(automationId, chosen),
    enabled: chosen !== undefined,
    retry: false,
    staleTime: 0,
  });
  const notConfigured = connections.isSuccess && connections.data.length === 0;
  useEffect(() => {
    if (preflight.data) setPicks(initialPicks(preflight.data.credentials));
  }, [preflight.data]);
  const setupFields = preflight.data?.setupFields ?? [];
  const allSetupErrors = setupErrors(setupFields, answers);
  // A copy of this template already running on the chosen instance: deploying again would make a second,
  // identical workflow, so the member chooses (issue 43). A failed look-up warns about nothing.
  const copies = useQuery({
    queryKey: [...n8nKeys.deployments, 'of', automationId],
    queryFn: () => n8nApi.deployedCopies(automationId),
    retry: false,
  });
  const existing = copies.data?.find((d) => d.connectionId === chosen);
  const [anotherCopy, setAnotherCopy] = useState(false);

  async function deploy() {
    // Answers in the wrong format stay here: every error shows, the first field gets the focus.
    const invalid = Object.keys(allSetupErrors);
    if (invalid.length) {
      setShownErrors(Object.fromEntries(invalid.map((k) => [k, true])));
      ref.current
        ?.querySelector<HTMLInputElement>(`[data-testid="setup-wizard"] [name="${CSS.escape(invalid[0]!)}"]`)
        ?.focus();
      return;
    }
    setSetupRefusal(null);
    setPhase({ step: 'deploying' });
    const toastId = toast.loading(N8N_TEXT.deployingTitle, { description: N8N_TEXT.deployingBody });
    let result: N8nDeployResult;
    try {
      const credentials = (preflight.data?.credentials ?? [])
        .filter((c) => c.choices !== undefined)
        .map((c) => ({ type: c.type, name: c.name, id: picks[credentialKey(c)] || null }));
      const setup = setupValues(setupFields, answers);
      result = await n8nApi.deploy(automationId, chosen, { credentials, publish, setup });
    } catch (error) {
      // The server checks the answers again: a refusal goes back to the form, not to the fallback.
      if (error instanceof ApiError && error.status === 422) {
        toast.dismiss(toastId);
        setSetupRefusal(error.message);
        setPhase({ step: 'ready' });
        return;
      }
      const message = error instanceof ApiError ? error.message : N8N_TEXT.unknownConnectionError;
      result = { ok: false, message, fallback: null } as unknown as N8nDeployResult;
    }
    void queryClient.invalidateQueries({ queryKey: n8nKeys.deployments });
    if (result.ok) {
      toast.success(N8N_TEXT.deployedTitle, {
        id: toastId,
        description: result.deployment.workflowName ?? undefined,
      });
      setPhase({
        step: 'deployed',
        workflowUrl: result.workflowUrl,
        name: result.deployment.workflowName,
        webhooks: result.preflight.webhooks ?? [],
        deploymentId: result.deployment.id,
        publish: result.publish ?? null,
      });
      return;
    }
    toast.error(N8N_TEXT.deployFailedTitle, { id: toastId, description: N8N_TEXT.deployFailedBody });
    const view: N8nPreflightView | undefined = preflight.data;
    const payload = result.fallback?.payload ?? view?.payload ?? null;
    const newWorkflowUrl = result.fallback?.newWorkflowUrl ?? view?.newWorkflowUrl ?? '';
    const copied = payload && newWorkflowUrl ? await runBrowserFallback(payload, newWorkflowUrl) : false;
    setPhase({ step: 'fallback', message: result.message, payload, newWorkflowUrl, copied });
  }

  return (
    <Dialog
      onClose={onClose}
      closeLabel="Close the deploy dialog"
      placement="form"
      aria-labelledby={`${id}-title`}
    >
      <div ref={ref} className="space-y-5">
        <header className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              Deploy to n8n
            </h2>
            <p className="text-sm text-slate-600 dark:text-slate-400">{automationTitle}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={onClose} aria-label="Close">
            <X aria-hidden="true" className="size-4" />
          </Button>
        </header>

        {notConfigured && (
          <div role="alert" className="space-y-3">
            <p className="text-sm">{N8N_TEXT.notConfigured}</p>
            {props.onOpenSettings ? (
              <Button variant="outline" onClick={props.onOpenSettings}>
                Open Settings
              </Button>
            ) : (
              <Button variant="outline" asChild>
                <a href={N8N_SETTINGS_PATH}>Open Settings</a>
              </Button>
            )}
          </div>
        )}

        {connections.data && connections.data.length > 1 && phase.step === 'ready' && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-instance`} className="text-sm font-medium">
              Instance
            </label>
            <select
              id={`${id}-instance`}
              value={chosen}
              onChange={(e) => setConnectionId(e.target.value)}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
            >
              {connections.data.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} — {c.instanceUrl}
                  {c.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </div>
        )}

        {(connections.isPending || preflight.isFetching || copies.isPending) && !notConfigured && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            Checking what your n8n accepts…
          </p>
        )}
        {preflight.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {preflight.error instanceof ApiError ? preflight.error.message : N8N_TEXT.unknownConnectionError}
          </p>
        )}

        {preflight.data && phase.step === 'ready' && !copies.isPending && (
          <>
            <PreflightReport
              preflight={preflight.data}
              checked={checked}
              onCheck={setChecked}
              picks={picks}
              onPick={(key, value) => setPicks((s) => ({ ...s, [key]: value }))}
            />
            <SetupWizard
              fields={setupFields}
              answers={answers}
              onAnswer={(key, value) => setAnswers((s) => ({ ...s, [key]: value }))}
              errors={Object.fromEntries(Object.entries(allSetupErrors).filter(([k]) => shownErrors[k]))}
              onBlur={(key) => setShownErrors((s) => ({ ...s, [key]: true }))}
            />
            {setupRefusal && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {setupRefusal}
              </p>
            )}
            <Checkbox
              checked={publish}
              onCheckedChange={setPublish}
              className="flex items-start"
              boxClassName="mt-1"
            >
              <span>
                {preflight.data.publishes ? 'Publish it now' : 'Activate it now'} (it starts running on its
                trigger; n8n first checks every node)
              </span>
            </Checkbox>
            {existing && !anotherCopy ? (
              <div
                role="alert"
                className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              >
                <p>
                  You already deployed this template to {existing.instanceUrl} on{' '}
                  {new Date(existing.createdAt).toLocaleDateString()}
                  {existing.workflowName ? ` as “${existing.workflowName}”` : ''}. Deploying again creates a
                  second, identical workflow there.
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  {existing.workflowUrl && (
                    <Button asChild>
                      <ExternalLink href={existing.workflowUrl}>Open the existing one</ExternalLink>
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    onClick={() => {
                      setAnotherCopy(true);
                      void deploy();
                    }}
                  >
                    Deploy another copy
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex justify-end gap-2">
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button onClick={deploy}>
                  Deploy to {connections.data?.find((c) => c.id === chosen)?.name ?? 'n8n'}
                </Button>
              </div>
            )}
          </>
        )}

        {phase.step === 'deploying' && (
          <div aria-live="polite" className="space-y-1">
            <p className="font-medium">{N8N_TEXT.deployingTitle}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{N8N_TEXT.deployingBody}</p>
          </div>
        )}

        {phase.step === 'deployed' && (
          <div aria-live="polite" className="space-y-3">
            <p className="font-medium text-emerald-700 dark:text-emerald-400">{N8N_TEXT.deployedTitle}</p>
            <Button asChild>
              <ExternalLink href={phase.workflowUrl}>Open {phase.name ?? 'the workflow'} in n8n</ExternalLink>
            </Button>
            {phase.publish && (
              <PublishOutcome
                outcome={phase.publish}
                deploymentId={phase.deploymentId}
                onChange={(next) => setPhase({ ...phase, publish: next })}
              />
            )}
            <WebhookUrls webhooks={phase.webhooks} />
          </div>
        )}

        {phase.step === 'fallback' && (
          <FallbackSteps
            fallback={phase}
            automationTitle={automationTitle}
            onCopied={(copied) => setPhase({ ...phase, copied })}
          />
        )}
      </div>
    </Dialog>
  );
}
