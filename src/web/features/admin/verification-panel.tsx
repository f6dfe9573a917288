import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { VerificationProgress } from '#shared/schemas/verification.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { n8nApi } from '#web/features/n8n/n8n-api.ts';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import {
  verificationProgressKey as progressKey,
  useVerificationProgress,
} from './use-verification-progress.ts';

// "Works on n8n" from the console (decision 0018): every published template through the deploy path
// into one of the operator's own n8n connections; progress arrives over the operator's event stream.

export function VerificationPanel() {
  const id = useId();
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: ['n8n', 'connections'], queryFn: n8nApi.connections });
  const progress = useVerificationProgress();
  const [choice, setChoice] = useState('');
  const connectionId = choice || connections.data?.[0]?.id || '';
  const start = useMutation({
    mutationFn: async () =>
      (await unwrap(
        await api.admin['n8n-verification'].$post({ json: { connectionId } }),
      )) as VerificationProgress,
    // This run's events may have come first (a short run can even have ended): they are newer.
    onSuccess: (p) =>
      queryClient.setQueryData<VerificationProgress>(progressKey, (old) =>
        old?.startedAt === p.startedAt ? old : p,
      ),
    onError: (error) => toast.error('The verification did not start', { description: error.message }),
  });
  const stop = useMutation({
    // The stopped state follows as an event once the run has let go.
    mutationFn: async () => unwrap(await api.admin['n8n-verification'].stop.$post()),
  });
  const p = progress.data;
  const running = p?.state === 'running';
  return (
    <section aria-labelledby={`${id}-h`} className={`${cardClass()} mt-8`}>
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        Verify on n8n
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Deploys every published template into one of your n8n connections, activates and runs it where that
        needs no credentials, then deletes it. Members see the result as “Works on n8n”.
      </p>
      {connections.data && connections.data.length === 0 ? (
        <p className="mt-3 text-sm">Connect an n8n instance in your dashboard first (n8n settings).</p>
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-c`} className="text-sm font-medium">
              Connection
            </label>
            <select
              id={`${id}-c`}
              className={`${inputClass} mt-1`}
              {...bindValue(connectionId, setChoice)}
              disabled={running}
            >
              {(connections.data ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.instanceUrl})
                </option>
              ))}
            </select>
          </div>
          {running ? (
            <Button type="button" variant="outline" onClick={() => stop.mutate()} disabled={stop.isPending}>
              Stop
            </Button>
          ) : (
            <Button type="button" onClick={() => start.mutate()} disabled={!connectionId || start.isPending}>
              Verify all templates
            </Button>
          )}
        </div>
      )}
      {p && p.state !== 'idle' && (
        <div className="mt-4 text-sm" aria-live="polite">
          <progress
            className="w-full"
            max={Math.max(p.total, 1)}
            value={p.done}
            aria-label="Verification progress"
          />
          <p className="mt-1">
            {p.state === 'running' ? 'Verifying' : p.state === 'done' ? 'Done' : 'Stopped'} on n8n{' '}
            {p.n8nVersion}: {p.done}/{p.total} checked · accepted {p.accepted} · activated {p.activated} · ran{' '}
            {p.ran}
          </p>
          {p.error && <p className="text-red-700 dark:text-red-400">{p.error}</p>}
          {p.failures.length > 0 && (
            <details className="mt-2">
              <summary>Failure reasons</summary>
              <ul className="mt-1 list-disc pl-5">
                {p.failures.map((f) => (
                  <li key={f.reason}>
                    {f.count} × {f.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </section>
  );
}
