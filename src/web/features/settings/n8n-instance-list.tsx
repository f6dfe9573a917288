import type { UseMutationResult } from '@tanstack/react-query';
import { useId } from 'react';
import type { N8nConnectionView } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { ConnectionBadge } from './n8n-connection-badge.tsx';

type Action = UseMutationResult<unknown, Error, N8nConnectionView>;

/** The member's saved n8n instances, each with Edit, Test, Make default and Remove. */
export function N8nInstanceList(props: {
  items: N8nConnectionView[];
  loading: boolean;
  editing: boolean;
  edit: (connection: N8nConnectionView | null) => void;
  test: (connection: N8nConnectionView) => void;
  makeDefault: Action;
  remove: Action;
  /** Without lifetime access: the list, and Remove only. */
  removeOnly?: boolean;
}) {
  const id = useId();
  const { items, edit, test, makeDefault, remove } = props;
  return (
    <section aria-labelledby={`${id}-instances`} className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${id}-instances`} className="text-base font-semibold">
          Your n8n instances
        </h3>
        {props.editing && (
          <Button variant="outline" size="sm" onClick={() => edit(null)}>
            Add another instance
          </Button>
        )}
      </div>
      {props.loading ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading your instances…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {props.removeOnly
            ? 'No instance is stored for your account.'
            : 'No instance yet. Enter your Instance URL and API Key below.'}
        </p>
      ) : (
        <ul
          className={`divide-y divide-slate-200 dark:divide-slate-800 ${cardClass({ tone: 'plain', padding: 'none' })}`}
        >
          {items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {c.name}
                  {c.isDefault && (
                    <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs text-brand-800 dark:bg-brand-900/40 dark:text-brand-200">
                      Default
                    </span>
                  )}
                  <ConnectionBadge state={c.status} />
                </p>
                <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                  {c.instanceUrl} · API key {c.apiKeyMasked}
                  {c.workflowCount !== null && ` · ${c.workflowCount} workflows`}
                </p>
                {c.lastTestMessage && c.status === 'disconnected' && (
                  <p className="text-sm text-red-700 dark:text-red-400">{c.lastTestMessage}</p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {!props.removeOnly && (
                  <>
                    <Button variant="outline" size="sm" onClick={() => edit(c)} aria-label={`Edit ${c.name}`}>
                      Edit
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => test(c)} aria-label={`Test ${c.name}`}>
                      Test
                    </Button>
                  </>
                )}
                {!c.isDefault && !props.removeOnly && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={makeDefault.isPending}
                    onClick={() => makeDefault.mutate(c)}
                    aria-label={`Make ${c.name} the default`}
                  >
                    Make default
                  </Button>
                )}
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Remove ${c.name}? Flowvault will forget its API key.`))
                      remove.mutate(c);
                  }}
                  aria-label={`Remove ${c.name}`}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
