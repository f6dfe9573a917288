import { useId } from 'react';
import type { N8nPreflightView } from '#shared/schemas/n8n.ts';

/** The preflight report: what the import will change, and a checklist of the credentials to set up. */
export function PreflightReport({
  preflight,
  checked,
  onCheck,
}: {
  preflight: N8nPreflightView;
  checked: Record<string, boolean>;
  onCheck: (update: (s: Record<string, boolean>) => Record<string, boolean>) => void;
}) {
  const id = useId();
  const credentials = preflight.credentials;
  const allChecked = credentials.every((c) => checked[`${c.type}:${c.name}`]);
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
      <section aria-labelledby={`${id}-creds`} className="space-y-2">
        <h3 id={`${id}-creds`} className="font-semibold">
          Credentials to set up in n8n
        </h3>
        {credentials.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">None needed.</p>
        ) : (
          <ul className="space-y-2 text-sm">
            {credentials.map((c) => {
              const key = `${c.type}:${c.name}`;
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
        {credentials.length > 0 && (
          <p className="text-xs text-slate-500 dark:text-slate-400">
            n8n links credentials by name and type; any it cannot match you pick in the workflow after
            deploying.
            {allChecked ? '' : ' You can deploy now and set them up afterwards.'}
          </p>
        )}
      </section>
    </>
  );
}
