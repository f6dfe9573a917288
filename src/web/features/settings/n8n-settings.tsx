import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { N8N_TEXT, type N8nConnectionView, type N8nTestResult } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { n8nApi, n8nKeys } from '#web/features/n8n/n8n-api.ts';
import { ApiError } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { type BadgeState, ConnectionBadge } from './n8n-connection-badge.tsx';
import { N8nHelp } from './n8n-help.tsx';
import { N8nInstanceList } from './n8n-instance-list.tsx';

const TEST_TOAST = 'n8n-test-connection';

type Draft = { name: string; instanceUrl: string; apiKey: string; webhookUrl: string };
const EMPTY: Draft = { name: '', instanceUrl: '', apiKey: '', webhookUrl: '' };

/** A label with a muted '(optional)' after it. */
function Optional({ children }: { children: string }) {
  return (
    <>
      {children} <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
    </>
  );
}

/** The server's refusal of the instance address (its rules, the SSRF guard), or null for anything else. */
function addressProblem(error: unknown): string | null {
  const aboutAddress =
    error instanceof ApiError && error.status === 422 && (!error.fields || 'instanceUrl' in error.fields);
  return aboutAddress ? error.message : null;
}

/** Settings → N8N Integration (spec part 2 §2, §4, §5, §8). The API key never comes back from the server. */
export function N8nSettings({ removeOnly = false }: { removeOnly?: boolean }) {
  const queryClient = useQueryClient();
  const id = useId();
  const connections = useQuery({ queryKey: n8nKeys.connections, queryFn: n8nApi.connections });
  const [editing, setEditing] = useState<N8nConnectionView | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [draftStatus, setDraftStatus] = useState<'disconnected' | 'testing' | 'connected'>('disconnected');
  const [lastResult, setLastResult] = useState<N8nTestResult | null>(null);
  const [saving, setSaving] = useState(false);
  /** Why the server refused the address (a 422 on test or save), kept under the URL field, not only in a toast. */
  const [urlError, setUrlError] = useState<string | null>(null);

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
    if (field === 'instanceUrl') setUrlError(null);
  }
  /** A draft field's value and change handler, for its input. */
  const bound = (field: keyof Draft) => bindValue(draft[field], (value) => change(field, value));

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
    setUrlError(null);
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
      // The server refused the request and said why (422 "must start with https://", 429…): show that,
      // and keep an address refusal under the field.
      const refused = error instanceof ApiError && error.status < 500;
      setUrlError(addressProblem(error));
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
      // A saved connection starts untested ("Disconnected"): test it now, so the list, this badge and
      // the header chip say what is true right after Save (issue 43), not after another Test.
      setDraftStatus('testing');
      const { result, connection } = await n8nApi.testSaved(saved.id);
      await refresh();
      edit(connection);
      setLastResult(result);
      toast.success(N8N_TEXT.settingsUpdated);
    } catch (error) {
      setUrlError(addressProblem(error));
      setDraftStatus('disconnected');
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

  if (removeOnly) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Connecting and deploying to n8n come with lifetime access. Any instance you connected before stays
          listed here until you remove it, and removing it deletes its API key from Flowvault.
        </p>
        <N8nInstanceList
          items={items}
          loading={connections.isPending}
          editing={false}
          edit={edit}
          test={(c) => void test(c)}
          makeDefault={makeDefault}
          remove={remove}
          removeOnly
        />
      </div>
    );
  }

  return (
    <div className="space-y-8">
      <N8nInstanceList
        items={items}
        loading={connections.isPending}
        editing={editing !== null}
        edit={edit}
        test={(c) => void test(c)}
        makeDefault={makeDefault}
        remove={remove}
      />

      <form onSubmit={save} className="space-y-5" aria-labelledby={`${id}-form`}>
        <div className="flex items-center justify-between gap-2">
          <h3 id={`${id}-form`} className="text-base font-semibold">
            {editing ? `Edit ${editing.name}` : 'Connect an n8n instance'}
          </h3>
          <span aria-live="polite">
            <ConnectionBadge state={badgeState} />
          </span>
        </div>
        <Field label={<Optional>Name</Optional>} {...bound('name')} maxLength={80} placeholder="Production" />
        <Field
          label="Instance URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          required
          {...bound('instanceUrl')}
          placeholder="https://your-n8n.example.com"
          error={urlError}
        />
        <Field
          label="API Key"
          hint="Stored encrypted; only its last four characters are ever shown. In n8n: Settings → n8n API → Create an API key."
          type="password"
          autoComplete="off"
          spellCheck={false}
          {...bound('apiKey')}
          placeholder={editing ? `${editing.apiKeyMasked} (leave empty to keep)` : 'n8n API key'}
        />
        <Field
          label={<Optional>Webhook URL</Optional>}
          type="url"
          inputMode="url"
          {...bound('webhookUrl')}
          placeholder="https://your-n8n.example.com/webhook/…"
        />
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

      <N8nHelp />
    </div>
  );
}
