import { useState } from 'react';
import type { PublishOutcomeView } from '#shared/schemas/n8n.ts';
import { ExternalLink } from '#web/components/external-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { n8nApi } from './n8n-api.ts';

/**
 * n8n's answer to publishing: live, or which nodes lack what (parsed from n8n's refusal), with the
 * link to fix them in the member's n8n and a button to publish again once they have.
 */
export function PublishOutcome({
  outcome,
  deploymentId,
  onChange,
}: {
  outcome: PublishOutcomeView;
  deploymentId: string;
  onChange: (next: PublishOutcomeView) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (outcome.status === 'published')
    return (
      <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
        Published: it is live in your n8n.
      </p>
    );
  async function retry() {
    setBusy(true);
    setError(null);
    try {
      onChange(await n8nApi.publishDeployment(deploymentId));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Could not reach Flowvault');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">n8n did not publish it yet</p>
      {outcome.status === 'refused' && outcome.nodes.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {outcome.nodes.map((n) => (
            <li key={n.node}>
              <span className="font-medium">{n.node}</span>: {n.reasons.map((r) => r.text).join('; ')}
            </li>
          ))}
        </ul>
      ) : (
        <p>{outcome.status === 'refused' ? (outcome.general ?? outcome.message) : outcome.message}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <ExternalLink href={outcome.workflowUrl}>Fix it in your n8n</ExternalLink>
        </Button>
        <Button size="sm" onClick={retry} disabled={busy}>
          {busy ? 'Publishing…' : 'Publish again'}
        </Button>
      </div>
      {error && <p className="text-red-700 dark:text-red-400">{error}</p>}
    </div>
  );
}
