import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { type TemplatesHostStatus, templatesHostLine } from '#shared/schemas/templates-host.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { ApiError, api, unwrap } from '#web/lib/api.ts';

// Settings → N8N Integration → "Flowvault in your n8n" (issue 42, decision 0026): the member's private
// templates host. The token is stored hashed, so the N8N_TEMPLATES_HOST line is shown only right after
// it is made or rotated.

const KEY = ['templates-host'] as const;

/** The buttons beside the address once the host is on: each sends its action. */
const SWITCHES = [
  ['rotate', 'Rotate token'],
  ['off', 'Turn off'],
] as const;

const templatesHostApi = {
  status: async (): Promise<TemplatesHostStatus> => unwrap(await api['templates-host'].$get()),
  enable: async (allowedOrigin: string): Promise<TemplatesHostStatus> =>
    unwrap(await api['templates-host'].$post({ json: { allowedOrigin } })),
  rotate: async (): Promise<TemplatesHostStatus> => unwrap(await api['templates-host'].rotate.$post()),
  setOrigin: async (allowedOrigin: string): Promise<TemplatesHostStatus> =>
    unwrap(await api['templates-host'].origin.$put({ json: { allowedOrigin } })),
  turnOff: async (): Promise<TemplatesHostStatus> => unwrap(await api['templates-host'].$delete()),
};

export function TemplatesHostSettings() {
  const id = useId();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: templatesHostApi.status });
  const [origin, setOrigin] = useState<string | null>(null);
  const [originError, setOriginError] = useState<string | null>(null);
  /** The host URL from the last enable or rotate: shown once, gone on reload. */
  const [shown, setShown] = useState<string | null>(null);

  const current = status.data;
  const originValue = origin ?? current?.allowedOrigin ?? current?.suggestedOrigin ?? '';

  const change = useMutation({
    mutationFn: async (action: 'enable' | 'rotate' | 'origin' | 'off') => {
      if (action === 'enable') return templatesHostApi.enable(originValue);
      if (action === 'rotate') return templatesHostApi.rotate();
      if (action === 'origin') return templatesHostApi.setOrigin(originValue);
      return templatesHostApi.turnOff();
    },
    onSuccess: (next, action) => {
      queryClient.setQueryData(KEY, { ...next, hostUrl: null });
      setOriginError(null);
      setOrigin(null);
      setShown(next.hostUrl);
      if (action === 'rotate')
        toast.success('New token made', { description: 'The old one no longer works.' });
      if (action === 'origin') toast.success('n8n address saved');
      if (action === 'off') toast.success('Turned off', { description: 'The token no longer works.' });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setOriginError(error.message);
      else toast.error('Could not save', { description: error instanceof Error ? error.message : undefined });
    },
  });

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Could not copy', { description: 'Select the line and copy it yourself.' });
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    change.mutate(current?.enabled ? 'origin' : 'enable');
  }

  const line = shown ? templatesHostLine(shown) : null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mt-10 space-y-4 border-t border-slate-200 pt-6 dark:border-slate-800"
    >
      <div>
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          Flowvault in your n8n
        </h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Browse, search and use the library from n8n’s own template browser. Add one line to your n8n’s
          configuration; the address holds a private token that only your n8n should know.
        </p>
      </div>
      {status.isError && (
        <p className="text-sm text-red-700 dark:text-red-400">Your settings could not be loaded.</p>
      )}
      {current && (
        <form onSubmit={submit} className="space-y-3">
          <Field
            label="Your n8n address"
            name="allowedOrigin"
            type="url"
            inputMode="url"
            placeholder="https://n8n.example.com"
            value={originValue}
            onChange={(e) => {
              setOrigin(e.target.value);
              setOriginError(null);
            }}
            error={originError}
            hint="Only your n8n at this address may read the library (taken from your saved n8n connection when there is one)."
            required
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={change.isPending || originValue.trim() === ''}>
              {current.enabled ? 'Save address' : 'Turn on'}
            </Button>
            {current.enabled &&
              SWITCHES.map(([action, text]) => (
                <Button
                  key={action}
                  type="button"
                  variant="secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate(action)}
                >
                  {text}
                </Button>
              ))}
          </div>
        </form>
      )}
      {line && (
        <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <p className="text-sm font-medium" id={`${id}-line`}>
            Add this line to your n8n’s environment, then restart n8n:
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800">
              {line}
            </code>
            <Button type="button" size="sm" variant="secondary" onClick={() => copy(line)}>
              Copy
            </Button>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            This is the only time the token is shown. Lost it? Rotate the token for a new line.
          </p>
        </div>
      )}
      {current?.enabled && !line && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          On for {current.allowedOrigin}. The line with your token was shown when it was made; rotate the
          token to get a new one.
        </p>
      )}
    </section>
  );
}
