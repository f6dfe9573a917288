import { useId } from 'react';
import type { N8nPreflightView, RequiredCredentialView } from '#shared/schemas/n8n.ts';

/** The key of one required credential in the picker and the checklist. */
export const credentialKey = (c: { type: string; name: string }) => `${c.type}:${c.name}`;

/** The picker's starting values: the preselected credential, or '' ("set up later"). */
export function initialPicks(credentials: RequiredCredentialView[]): Record<string, string> {
  return Object.fromEntries(credentials.map((c) => [credentialKey(c), c.preselectedId ?? '']));
}

/**
 * The preflight report: what the import will change, nodes the member's n8n lacks, and the
 * credentials — picked from the member's own (n8n 2.x with credential:list) or a checklist to set
 * up, bound by name.
 */
export function PreflightReport({
  preflight,
  checked,
  onCheck,
  picks,
  onPick,
}: {
  preflight: N8nPreflightView;
  checked: Record<string, boolean>;
  onCheck: (update: (s: Record<string, boolean>) => Record<string, boolean>) => void;
  picks?: Record<string, string>;
  onPick?: (key: string, id: string) => void;
}) {
  const id = useId();
  const credentials = preflight.credentials;
  const allChecked = credentials.every((c) => checked[credentialKey(c)]);
  const listed = preflight.credentialListing?.status === 'listed';
  const nodeIssues = preflight.nodeIssues ?? [];
  return (
    <>
      <section aria-labelledby={`${id}-changes`} className="space-y-2">
        <h3 id={`${id}-changes`} className="font-semibold">
          What will be changed
        </h3>
        {preflight.capabilitiesFallbackReason && (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            Your instance’s API description could not be read ({preflight.capabilitiesFallbackReason}); the
            most compatible format is used.
          </p>
        )}
        {preflight.changes.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Nothing: the workflow is sent as it is.
          </p>
        ) : (
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {preflight.changes.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: changes have no id and never reorder
              <li key={i}>{c.message}</li>
            ))}
          </ul>
        )}
      </section>
      {nodeIssues.length > 0 && (
        <section
          aria-labelledby={`${id}-nodes`}
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <h3 id={`${id}-nodes`} className="font-semibold">
            Nodes your n8n{preflight.instanceVersion ? ` ${preflight.instanceVersion}` : ''} cannot run yet
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {nodeIssues.map((issue) => (
              <li key={`${issue.code}:${issue.type}`}>{issue.message}</li>
            ))}
          </ul>
        </section>
      )}
      {(preflight.settingsToFill?.length ?? 0) > 0 && (
        <section
          aria-labelledby={`${id}-fill`}
          data-testid="settings-to-fill"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <h3 id={`${id}-fill`} className="font-semibold">
            Settings to fill in before it publishes
          </h3>
          <p className="text-sm">
            The template leaves these empty, and n8n{' '}
            {preflight.settingsCheckedOn ? preflight.settingsCheckedOn : ''} refused to publish it without
            them. Open the workflow in your n8n after deploying and fill them in:
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {preflight.settingsToFill?.map((s) => (
              <li key={s.node}>
                <span className="font-medium">{s.node}</span>: {s.settings.join(', ')}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby={`${id}-creds`} className="space-y-2">
        <h3 id={`${id}-creds`} className="font-semibold">
          {listed ? 'Credentials from your n8n' : 'Credentials to set up in n8n'}
        </h3>
        {credentials.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">None needed.</p>
        ) : listed && picks && onPick ? (
          <ul className="space-y-3 text-sm">
            {credentials.map((c) => {
              const key = credentialKey(c);
              const choices = c.choices ?? [];
              return (
                <li key={key} className="space-y-1">
                  <label htmlFor={`${id}-${key}`} className="block">
                    <span className="font-medium">{c.name}</span> ({c.type}) — used by {c.nodes.join(', ')}
                  </label>
                  <select
                    id={`${id}-${key}`}
                    value={picks[key] ?? ''}
                    onChange={(e) => onPick(key, e.target.value)}
                    className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-900"
                  >
                    {choices.map((k) => (
                      <option key={k.id} value={k.id}>
                        {k.name}
                      </option>
                    ))}
                    <option value="">Set up later in n8n</option>
                  </select>
                  {choices.length === 0 && (
                    <p className="text-xs text-slate-500 dark:text-slate-400">
                      You have no {c.type} credential in n8n yet: create one there, then publish.
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        ) : (
          <ul className="space-y-2 text-sm">
            {credentials.map((c) => {
              const key = credentialKey(c);
              return (
                <li key={key} className="flex items-start gap-2">
                  <input
                    id={`${id}-${key}`}
                    type="checkbox"
                    className="mt-1"
                    checked={checked[key] ?? false}
                    onChange={(e) => onCheck((s) => ({ ...s, [key]: e.target.checked }))}
                  />
                  <label htmlFor={`${id}-${key}`}>
                    <span className="font-medium">{c.name}</span> ({c.type}) — used by {c.nodes.join(', ')}
                  </label>
                </li>
              );
            })}
          </ul>
        )}
        {credentials.length > 0 && !listed && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {preflight.credentialListing?.message ??
              'n8n links credentials by name and type; any it cannot match you pick in the workflow after deploying.'}
            {allChecked ? '' : ' You can deploy now and set them up afterwards.'}
          </p>
        )}
      </section>
    </>
  );
}
