import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { N8N_TEXT, type N8nConnectionView, type N8nTestResult } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldClass } from '#web/components/ui/field.tsx';
import { n8nApi, n8nKeys } from '#web/features/n8n/n8n-api.ts';
import { ApiError } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';

const TEST_TOAST = 'n8n-test-connection';

type BadgeState = 'not-configured' | 'testing' | 'connected' | 'disconnected';

const BADGE: Record<BadgeState, { label: string; className: string }> = {
  'not-configured': {
    label: 'Not Configured',
    className: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  },
  testing: {
    label: 'Testing...',
    className: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  },
  connected: {
    label: 'Connected',
    className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  },
  disconnected: {
    label: 'Disconnected',
    className: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
  },
};

export function ConnectionBadge({ state }: { state: BadgeState }) {
  const badge = BADGE[state];
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', badge.className)}
    >
      {badge.label}
    </span>
  );
}

const HELP_LINKS = [
  { href: 'https://docs.n8n.io/api/authentication/', label: 'How to create an n8n API key' },
  { href: 'https://docs.n8n.io/api/', label: 'n8n public API documentation' },
  { href: 'https://docs.n8n.io/hosting/', label: 'Self-hosting n8n' },
];

const BENEFITS = [
  'Deploy any library workflow straight into your own n8n with one click',
  'A preflight check shows what will change and which credentials to set up before anything is created',
  'Keep several instances (e.g. staging and production) and choose a default',
  'Recent Runs and success rate come from your real n8n executions',
  'Emergency Stop deactivates every workflow Flowvault deployed, in one go',
];

type Draft = { name: string; instanceUrl: string; apiKey: string; webhookUrl: string };
const EMPTY: Draft = { name: '', instanceUrl: '', apiKey: '', webhookUrl: '' };

/** Settings → N8N Integration (spec part 2 §2, §4, §5, §8). The API key never comes back from the server. */
export function N8nSettings() {
  const queryClient = useQueryClient();
  const id = useId();
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const [editing, setEditing] = useState<N8nConnectionView | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [draftStatus, setDraftStatus] = useState<'disconnected' | 'testing' | 'connected'>('disconnected');
  const [lastResult, setLastResult] = useState<N8nTestResult | null>(null);
  const [saving, setSaving] = useState(false);

  const items = connections.data ?? [];
  // A saved key counts as entered while its connection is edited (the field stays empty: "keep").
  const hasKey = draft.apiKey.trim() !== '' || editing !== null;
  const hasBoth = draft.instanceUrl.trim() !== '' && hasKey;
  const credentialsUnchanged =
    editing !== null &&
    draft.apiKey.trim() === '' &&
    draft.instanceUrl.trim().replace(/\/+$/, '') === editing.instanceUrl;
  const badgeState: BadgeState = !hasBoth
    ? 'not-configured'
    : draftStatus === 'testing'
      ? 'testing'
      : credentialsUnchanged && editing
        ? editing.status
        : draftStatus;

  function change(field: keyof Draft, value: string) {
    setDraft((d) => ({ ...d, [field]: value }));
    // Editing URL or key resets the connection to disconnected (spec part 2 §4).
    if (field === 'instanceUrl' || field === 'apiKey') {
      setDraftStatus('disconnected');
      setLastResult(null);
    }
  }

  function edit(connection: N8nConnectionView | null) {
    setEditing(connection);
    setDraft(
      connection
        ? {
            name: connection.name,
            instanceUrl: connection.instanceUrl,
            apiKey: '',
            webhookUrl: connection.webhookUrl ?? '',
          }
        : EMPTY,
    );
    setDraftStatus(connection?.status === 'connected' ? 'connected' : 'disconnected');
    setLastResult(null);
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['n8n'] });

  function missingCredentials() {
    toast.error(N8N_TEXT.missingCredentialsTitle, { description: N8N_TEXT.missingCredentialsBody });
  }

  async function test(target?: N8nConnectionView) {
    if (!target && !hasBoth) return missingCredentials();
    setDraftStatus('testing');
    try {
      let result: N8nTestResult;
      if (target || credentialsUnchanged) {
        const saved = await n8nApi.testSaved((target ?? editing)!.id);
        result = saved.result;
        await refresh();
        if (!target) setEditing(saved.connection);
      } else {
        result = await n8nApi.testDraft(draft.instanceUrl.trim(), draft.apiKey.trim());
      }
      setDraftStatus(result.status);
      setLastResult(result);
      // One toast per test (same id): a success replaces the last failure instead of sitting beside it.
      if (result.ok) toast.success('Connected', { id: TEST_TOAST, description: result.message });
      else toast.error(N8N_TEXT.connectionFailedTitle, { id: TEST_TOAST, description: result.message });
    } catch (error) {
      setDraftStatus('disconnected');
      console.warn(
        'n8n test failed',
        error instanceof Error ? error.message : N8N_TEXT.unknownConnectionError,
      );
      // The server refused the request and said why (422 "must start with https://", 429…): show that.
      const refused = error instanceof ApiError && error.status < 500;
      toast.error(N8N_TEXT.connectionErrorTitle, {
        id: TEST_TOAST,
        description: refused ? error.message : N8N_TEXT.connectionErrorBody,
      });
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!hasBoth) return missingCredentials();
    setSaving(true);
    try {
      const webhookUrl = draft.webhookUrl.trim();
      const saved = editing
        ? await n8nApi.update(editing.id, {
            name: draft.name.trim() || undefined,
            instanceUrl: draft.instanceUrl.trim(),
            ...(draft.apiKey.trim() ? { apiKey: draft.apiKey.trim() } : {}),
            webhookUrl: webhookUrl === '' ? null : webhookUrl,
          })
        : await n8nApi.create({
            name: draft.name.trim() || undefined,
            instanceUrl: draft.instanceUrl.trim(),
            apiKey: draft.apiKey.trim(),
            webhookUrl,
          });
      await refresh();
      edit(saved);
      toast.success(N8N_TEXT.settingsUpdated);
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to save settings.',
      });
    } finally {
      setSaving(false);
    }
  }

  const makeDefault = useMutation({
    mutationFn: (connection: N8nConnectionView) => n8nApi.update(connection.id, { isDefault: true }),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (connection: N8nConnectionView) => n8nApi.remove(connection.id),
    onSuccess: (_, connection) => {
      if (editing?.id === connection.id) edit(null);
      return refresh();
    },
  });

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-instances`} className="space-y-3">
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${id}-instances`} className="text-base font-semibold">
            Your n8n instances
          </h3>
          {editing && (
            <Button variant="outline" size="sm" onClick={() => edit(null)}>
              Add another instance
            </Button>
          )}
        </div>
        {connections.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading your instances…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            No instance yet. Enter your Instance URL and API Key below.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
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
                  <Button variant="outline" size="sm" onClick={() => edit(c)} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => test(c)} aria-label={`Test ${c.name}`}>
                    Test
                  </Button>
                  {!c.isDefault && (
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

      <form onSubmit={save} className="space-y-5" aria-labelledby={`${id}-form`}>
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${id}-form`} className="text-base font-semibold">
            {editing ? `Edit ${editing.name}` : 'Connect an n8n instance'}
          </h3>
          <span aria-live="polite">
            <ConnectionBadge state={badgeState} />
          </span>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Name <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <input
            id={`${id}-name`}
            value={draft.name}
            maxLength={80}
            placeholder="Production"
            onChange={(e) => change('name', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-url`} className="text-sm font-medium">
            Instance URL
          </label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            autoComplete="url"
            required
            value={draft.instanceUrl}
            placeholder="https://your-n8n.example.com"
            onChange={(e) => change('instanceUrl', e.target.value)}
            className={fieldClass}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-key`} className="text-sm font-medium">
            API Key
          </label>
          <input
            id={`${id}-key`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={draft.apiKey}
            placeholder={editing ? `${editing.apiKeyMasked} (leave empty to keep)` : 'n8n API key'}
            aria-describedby={`${id}-key-hint`}
            onChange={(e) => change('apiKey', e.target.value)}
            className={fieldClass}
          />
          <p id={`${id}-key-hint`} className="text-xs text-slate-500 dark:text-slate-400">
            Stored encrypted; only its last four characters are ever shown. In n8n: Settings → n8n API →
            Create an API key.
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-webhook`} className="text-sm font-medium">
            Webhook URL <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
          </label>
          <input
            id={`${id}-webhook`}
            type="url"
            inputMode="url"
            value={draft.webhookUrl}
            placeholder="https://your-n8n.example.com/webhook/…"
            onChange={(e) => change('webhookUrl', e.target.value)}
            className={fieldClass}
          />
        </div>
        {lastResult && !lastResult.ok && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {lastResult.message}
          </p>
        )}
        {lastResult?.ok && (
          <p className="text-sm text-emerald-700 dark:text-emerald-400">{lastResult.message}</p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={!hasBoth || draftStatus === 'testing'}
            aria-describedby={hasBoth ? undefined : `${id}-missing`}
            onClick={() => test()}
          >
            {draftStatus === 'testing' ? 'Testing...' : 'Test Connection'}
          </Button>
          <Button
            type="submit"
            disabled={!hasBoth || saving}
            aria-describedby={hasBoth ? undefined : `${id}-missing`}
          >
            Save Settings
          </Button>
          {!hasBoth && (
            <p id={`${id}-missing`} className="text-sm text-slate-600 dark:text-slate-400">
              <span className="font-medium">{N8N_TEXT.missingCredentialsTitle}:</span>{' '}
              {N8N_TEXT.missingCredentialsBody}
            </p>
          )}
        </div>
      </form>

      <div className="grid gap-6 sm:grid-cols-2">
        <section aria-labelledby={`${id}-help`} className="space-y-2">
          <h3 id={`${id}-help`} className="text-base font-semibold">
            Help
          </h3>
          <ul className="space-y-1 text-sm">
            {HELP_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-400"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby={`${id}-benefits`} className="space-y-2">
          <h3 id={`${id}-benefits`} className="text-base font-semibold">
            Why connect n8n
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
            {BENEFITS.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
