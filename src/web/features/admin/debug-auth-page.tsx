import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell, cardClass, inputClass } from './admin-gate.tsx';

/**
 * Auth diagnostics for operators: find a user, mail them a password reset, end their sessions.
 * No credentials are prefilled and no one else's password can be set here.
 */
function DebugAuth() {
  const inputId = useId();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const users = useQuery({
    queryKey: ['admin', 'users', query],
    enabled: query !== null,
    queryFn: async () => unwrap(await api.admin.users.$get({ query: { q: query ?? '' } })),
  });
  const reset = useMutation({
    mutationFn: async (u: AdminUser) =>
      unwrap(await api.admin.users[':id']['password-reset'].$post({ param: { id: u.id } })),
    onSuccess: () =>
      toast.success('Password Reset Sent', {
        description: 'Check your email for password reset instructions.',
      }),
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  const endSessions = useMutation({
    mutationFn: async (u: AdminUser) =>
      unwrap(await api.admin.users[':id']['end-sessions'].$post({ param: { id: u.id } })),
    onSuccess: (data) => {
      toast.success('Sessions Ended', { description: `${data.ended} session(s) ended.` });
      void users.refetch();
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  const busy = reset.isPending || endSessions.isPending;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setQuery(draft.trim());
  }

  return (
    <AdminShell title="Auth diagnostics">
      <form onSubmit={onSubmit} className="flex items-end gap-3" aria-label="Find a user">
        <div className="flex-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            Find a user by email or name
          </label>
          <input
            id={inputId}
            className={`${inputClass} mt-1`}
            type="search"
            autoComplete="off"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
        <Button type="submit">Search</Button>
      </form>
      {users.isError && (
        <p role="alert" className="mt-4 text-red-700 dark:text-red-400">
          {users.error.message}
        </p>
      )}
      {users.data && (
        <ul className="mt-6 space-y-3" aria-label="Users found">
          {users.data.length === 0 && <li>No user matches.</li>}
          {users.data.map((u) => (
            <li key={u.id} className={cardClass}>
              <p className="font-medium">{u.email}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Role {u.role} · {u.emailVerified ? 'verified' : 'not verified'} ·{' '}
                {u.hasPaid ? 'lifetime access' : 'no access'} · {u.activeSessions} active session(s)
                {u.banned ? ' · banned' : ''}
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <Button size="sm" variant="outline" disabled={busy} onClick={() => reset.mutate(u)}>
                  Send password reset
                </Button>
                <Button size="sm" variant="outline" disabled={busy} onClick={() => endSessions.mutate(u)}>
                  End sessions
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

export function DebugAuthPage() {
  return (
    <AdminGate>
      <DebugAuth />
    </AdminGate>
  );
}
