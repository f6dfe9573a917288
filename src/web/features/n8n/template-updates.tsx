import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DeploymentView } from '#shared/schemas/n8n.ts';
import type {
  TemplateRestoreOutcome,
  TemplateUpdateOutcome,
  TemplateUpdatePreview,
  TemplateUpdateView,
  TemplateVersionView,
} from '#shared/schemas/template-versions.ts';
import { ExternalLink } from '#web/components/external-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { n8nApi, n8nKeys } from './n8n-api.ts';

// Template versions and "Update available" (decision 0025; server: src/server/catalog/versions.routes.ts, src/server/n8n/template-update.routes.ts).

export const templateVersionsApi = {
  /** A template's published versions, newest first. */
  versions: async (automationId: string): Promise<TemplateVersionView[]> =>
    (await unwrap(await api.catalog.automations[':id'].versions.$get({ param: { id: automationId } })))
      .items as TemplateVersionView[],
  /** The deployed workflow read back from n8n, compared node by node with both versions. */
  preview: async (deploymentId: string): Promise<TemplateUpdatePreview> =>
    unwrap(
      await api.n8n.deployments[':id']['update-preview'].$get({ param: { id: deploymentId } }),
    ) as Promise<TemplateUpdatePreview>,
  /** Merges the new version into the same workflow (after the member decided every collision). */
  update: async (
    deploymentId: string,
    resolutions: { node: string; path: string; take: 'mine' | 'theirs' }[],
  ): Promise<TemplateUpdateOutcome> =>
    unwrap(
      await api.n8n.deployments[':id'].update.$post({ param: { id: deploymentId }, json: { resolutions } }),
    ) as Promise<TemplateUpdateOutcome>,
  /** Puts the inactive copy an update kept back into the live workflow. */
  restore: async (deploymentId: string): Promise<TemplateRestoreOutcome> =>
    unwrap(
      await api.n8n.deployments[':id'].restore.$post({ param: { id: deploymentId } }),
    ) as Promise<TemplateRestoreOutcome>,
  /** The member's live deployments whose template has a newer published version. */
  updates: async (): Promise<TemplateUpdateView[]> =>
    (await unwrap(await api.n8n['template-updates'].$get())).items as TemplateUpdateView[],
};

export const templateUpdateKeys = {
  // Under ['n8n']: a deploy or an Emergency Stop invalidates ['n8n'] and so refreshes the alerts.
  updates: ['n8n', 'template-updates'] as const,
  versions: (automationId: string) => ['catalog', 'versions', automationId] as const,
};

export function useTemplateUpdates() {
  return useQuery({
    queryKey: templateUpdateKeys.updates,
    queryFn: templateVersionsApi.updates,
    staleTime: 60_000,
  });
}

const BADGE =
  'inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200';

/** "Update available" on a deployment row, when that deployment's template has a newer version. */
export function UpdateAvailableBadge({ deploymentId }: { deploymentId: string }) {
  const { data } = useTemplateUpdates();
  const update = data?.find((u) => u.deploymentId === deploymentId);
  if (!update) return null;
  return (
    <Link
      to={`/automation/${encodeURIComponent(update.automationId)}#versions`}
      className={BADGE}
      title={update.versions[0]?.changelog.join('; ')}
    >
      Update available · v{update.latestVersion}
    </Link>
  );
}

/** What changed since a deployed version, in the changelog's own sentences (at most `max` lines). */
function ChangeSummary({ update, max = 4 }: { update: TemplateUpdateView; max?: number }) {
  const lines = update.versions.flatMap((v) => [...(v.note ? [v.note] : []), ...v.changelog]);
  const shown = lines.slice(0, max);
  return (
    <ul className="list-disc space-y-0.5 pl-5 text-sm text-slate-700 dark:text-slate-300">
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat across versions; the list is fixed.
        <li key={i}>{line}</li>
      ))}
      {lines.length > shown.length && <li>and {lines.length - shown.length} more changes</li>}
    </ul>
  );
}

/** The overview's card: every deployed template with a newer version. Nothing when all are current. */
export function TemplateUpdatesCard() {
  const id = useId();
  const { data } = useTemplateUpdates();
  if (!data?.length) return null;
  return (
    <section aria-labelledby={id} className={cardClass({ tone: 'warning' })}>
      <h3 id={id} className="mb-2 text-base font-semibold text-amber-950 dark:text-amber-100">
        Update available for {data.length === 1 ? '1 deployed template' : `${data.length} deployed templates`}
      </h3>
      <ul className="space-y-3">
        {data.map((u) => (
          <li key={u.deploymentId} className="min-w-0 space-y-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
              <Link
                to={`/automation/${encodeURIComponent(u.automationId)}#versions`}
                className="font-medium text-brand-700 underline dark:text-brand-300"
              >
                {u.automationTitle}
              </Link>
              <span className="text-slate-600 dark:text-slate-400">
                v{u.deployedVersion} → v{u.latestVersion}
              </span>
            </p>
            <ChangeSummary update={u} max={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** On the detail page: the member's deployed copies of this template that have a newer version. */
export function AutomationUpdateNotice({
  automationId,
  onDeploy,
}: {
  automationId: string;
  onDeploy?: () => void;
}) {
  const id = useId();
  const [comparing, setComparing] = useState(false);
  const { data } = useTemplateUpdates();
  const mine = data?.filter((u) => u.automationId === automationId) ?? [];
  if (mine.length === 0) return null;
  const first = mine[0]!;
  return (
    <section aria-labelledby={id} className={`space-y-2 ${cardClass({ tone: 'warning' })}`}>
      <h2 id={id} className="text-base font-semibold text-amber-950 dark:text-amber-100">
        Update available: version {first.latestVersion}
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {mine.length === 1
          ? `Your n8n runs version ${first.deployedVersion} of this template (workflow ${first.n8nWorkflowId}).`
          : `${mine.length} of your deployed copies run an older version.`}{' '}
        What the new version changes:
      </p>
      <ChangeSummary update={first} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" aria-expanded={comparing} onClick={() => setComparing((v) => !v)}>
          {comparing ? 'Hide the comparison' : 'Compare with my n8n'}
        </Button>
        {onDeploy && (
          <Button size="sm" variant="outline" onClick={onDeploy}>
            Deploy the new version as a copy
          </Button>
        )}
      </div>
      {comparing && <UpdatePreviewPanel deploymentId={first.deploymentId} />}
    </section>
  );
}

/**
 * After an update: the state before it, kept in n8n as an inactive copy, and the button that puts it
 * back into the live workflow (credentials and webhook URLs stay). Nothing once restored.
 */
export function RestorePreviousState({ deployment }: { deployment: DeploymentView }) {
  const queryClient = useQueryClient();
  const kept = deployment.previousState;
  const run = useMutation({
    mutationFn: () => templateVersionsApi.restore(deployment.id),
    onSuccess: (result) => {
      if (result.status === 'restored')
        toast.success(`Restored version ${result.version} in your n8n`, {
          description: 'Your workflow as it was before the restore is kept as an inactive copy.',
          action: {
            label: 'Open the copy',
            onClick: () => window.open(result.keptUrl, '_blank', 'noopener,noreferrer'),
          },
        });
      else toast.success(`Version ${result.version} was already restored`);
      void queryClient.invalidateQueries({ queryKey: ['n8n'] });
    },
    onError: (error) => toast.error('Restore failed', { description: error.message }),
  });
  if (!kept || kept.restoredAt) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="text-slate-600 dark:text-slate-400">
        Updated from version {kept.version}; the state before is kept as an inactive copy.
      </span>
      <ExternalLink href={kept.workflowUrl} className="text-brand-700 underline dark:text-brand-400">
        Open the copy
      </ExternalLink>
      <Button
        size="sm"
        variant="outline"
        disabled={run.isPending}
        onClick={() => {
          if (
            window.confirm(
              `Restore version ${kept.version}? Your workflow in n8n gets the copy's nodes and settings back; its credentials and webhook URLs stay, and its current state is kept as another inactive copy.`,
            )
          )
            run.mutate();
        }}
      >
        {run.isPending ? 'Restoring…' : `Restore version ${kept.version}`}
      </Button>
    </div>
  );
}

/** On the detail page: the member's updated copies of this template whose previous state can be restored. */
export function PreviousStateNotice({ automationId }: { automationId: string }) {
  const id = useId();
  const { data } = useQuery({
    queryKey: [...n8nKeys.deployments, 'of', automationId],
    queryFn: () => n8nApi.deployedCopies(automationId),
    retry: false,
  });
  const restorable = data?.filter((d) => d.previousState && !d.previousState.restoredAt) ?? [];
  if (restorable.length === 0) return null;
  return (
    <section aria-labelledby={id} className={`space-y-2 ${cardClass()}`}>
      <h2 id={id} className="text-base font-semibold">
        Before the update
      </h2>
      <ul className="space-y-2">
        {restorable.map((d) => (
          <li key={d.id} className="min-w-0 space-y-1">
            <p className="break-words text-sm">
              {d.workflowName ?? d.automationTitle} (workflow {d.n8nWorkflowId}, {d.instanceUrl})
            </p>
            <RestorePreviousState deployment={d} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The detail page's version history: each published version with its changelog and note. */
export function VersionHistory({ automationId }: { automationId: string }) {
  const id = useId();
  const { data } = useQuery({
    queryKey: templateUpdateKeys.versions(automationId),
    queryFn: () => templateVersionsApi.versions(automationId),
    staleTime: 60_000,
  });
  // One version is no history: the block appears once the template has changed.
  if (!data || data.length < 2) return null;
  return (
    <section id="versions" aria-labelledby={id} className={`scroll-mt-20 ${cardClass({ padding: 'lg' })}`}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        Version history
      </h2>
      <ol className="space-y-4">
        {data.map((v) => (
          <li key={v.version} className="min-w-0 space-y-1">
            <p className="text-sm font-medium">
              Version {v.version}{' '}
              <span className="font-normal text-slate-600 dark:text-slate-400">
                · {new Date(v.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' })}
              </span>
            </p>
            {v.note && <p className="text-sm">{v.note}</p>}
            {v.changelog.length > 0 ? (
              <ul className="list-disc space-y-0.5 break-words pl-5 text-sm text-slate-700 dark:text-slate-300">
                {v.changelog.map((line, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a version's changelog is fixed; lines may repeat.
                  <li key={i}>{line}</li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">First version in the library.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

const COLUMNS = [
  { key: 'mine', label: 'Your changes in n8n' },
  { key: 'theirs', label: 'The new version' },
  { key: 'collisions', label: 'Collisions' },
] as const;

/**
 * Node by node, side by side: what the member changed since deploying, what the new version
 * changes, and where the two collide. Columns stack on a phone, each labelled.
 */
function UpdatePreviewPanel({ deploymentId }: { deploymentId: string }) {
  const { data, isPending, error } = useQuery({
    queryKey: ['n8n', 'update-preview', deploymentId],
    queryFn: () => templateVersionsApi.preview(deploymentId),
  });
  if (isPending) return <p className="text-sm">Reading the workflow from your n8n…</p>;
  if (error) return <p className="text-sm text-red-700 dark:text-red-400">{error.message}</p>;
  if (data.nodes.length === 0)
    return (
      <p className="text-sm">
        Your workflow in n8n matches version {data.deployedVersion}: nothing to compare.
      </p>
    );
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {data.collisions === 0
          ? 'No collisions: your edits and the new version change different things.'
          : `${data.collisions === 1 ? '1 collision' : `${data.collisions} collisions`}: you and the new version changed the same thing. An update never overwrites these without asking.`}
      </p>
      <ul aria-label="Changes node by node" className="space-y-2">
        {data.nodes.map((n) => (
          <li
            key={n.node}
            className="min-w-0 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
          >
            <p className="mb-1 break-words text-sm font-semibold">{n.node}</p>
            <div className="grid grid-cols-1 gap-2 md:grid-cols-3">
              {COLUMNS.map((col) => (
                <div key={col.key} className="min-w-0">
                  <p className="text-xs font-medium text-slate-600 dark:text-slate-400">{col.label}</p>
                  {n[col.key].length === 0 ? (
                    <p className="text-sm text-slate-500 dark:text-slate-400">—</p>
                  ) : (
                    <ul
                      className={`space-y-0.5 break-words text-sm ${col.key === 'collisions' ? 'text-red-800 dark:text-red-300' : ''}`}
                    >
                      {n[col.key].map((line, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed; they may repeat.
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          </li>
        ))}
      </ul>
      <UpdateForm preview={data} />
    </div>
  );
}

/** One choice per collision (keep mine by default), then the update into the same workflow. */
function UpdateForm({ preview }: { preview: TemplateUpdatePreview }) {
  const queryClient = useQueryClient();
  const [takes, setTakes] = useState<Record<string, 'mine' | 'theirs'>>({});
  const key = (d: { node: string; path: string }) => `${d.node}\u0000${d.path}`;
  const run = useMutation({
    mutationFn: () =>
      templateVersionsApi.update(
        preview.deploymentId,
        preview.decisions.map((d) => ({ node: d.node, path: d.path, take: takes[key(d)] ?? 'mine' })),
      ),
    onSuccess: (result) => {
      if (result.status === 'collisions') {
        toast.error('Your workflow changed in n8n meanwhile', { description: 'Compare again and decide.' });
      } else if (result.status === 'updated') {
        toast.success(`Updated to version ${result.version}`, {
          description: 'The previous state is kept in your n8n as an inactive copy; Restore puts it back.',
        });
      } else toast.success('Already up to date');
      // The comparison is over once updated (asking again would answer "no update"): it unmounts when
      // the alerts refresh; everything else n8n-related is read again.
      void queryClient.invalidateQueries({
        queryKey: ['n8n'],
        predicate: (q) => q.queryKey[1] !== 'update-preview',
      });
    },
    onError: (error) => toast.error('Update failed', { description: error.message }),
  });
  const other = preview.collisions - preview.decisions.length;
  return (
    <form
      className="space-y-2"
      aria-label="Update my workflow"
      onSubmit={(e) => {
        e.preventDefault();
        run.mutate();
      }}
    >
      {preview.decisions.map((d) => (
        <fieldset
          key={key(d)}
          className="min-w-0 rounded-lg border border-slate-200 p-2 dark:border-slate-800"
        >
          <legend className="px-1 text-sm font-medium">
            {d.node}: {d.label}
          </legend>
          {(['mine', 'theirs'] as const).map((take) => (
            <label key={take} className="flex items-center gap-2 break-all text-sm">
              <input
                type="radio"
                name={key(d)}
                checked={(takes[key(d)] ?? 'mine') === take}
                onChange={() => setTakes((t) => ({ ...t, [key(d)]: take }))}
              />
              {take === 'mine' ? `Keep mine: ${d.mine}` : `Take the new version's: ${d.theirs}`}
            </label>
          ))}
        </fieldset>
      ))}
      {other > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          The other {other === 1 ? 'collision keeps' : `${other} collisions keep`} your version of the node.
        </p>
      )}
      <Button type="submit" size="sm" disabled={run.isPending}>
        {run.isPending ? 'Updating…' : `Update my workflow to version ${preview.latestVersion}`}
      </Button>
    </form>
  );
}
