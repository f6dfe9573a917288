import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { PasswordField } from '#web/components/ui/field.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { AdminGate, AdminShell, QueryError, SearchForm } from './admin-gate.tsx';

function SignIns({ user }: { user: AdminUser }) {
  const events = useQuery({
    queryKey: ['admin', 'sign-ins', user.id],
    queryFn: async () => unwrap(await api.admin.users[':id']['sign-ins'].$get({ param: { id: user.id } })),
  });
  if (events.isPending) return <p className="mt-2 text-sm">Loading sign-in events...</p>;
  if (events.isError) return <p role="alert">{events.error.message}</p>;
  return (
    <ul className="mt-2 space-y-1 text-sm" aria-label={`Recent sign-ins of ${user.email}`}>
      {events.data.length === 0 && <li>No sign-in in the last 90 days.</li>}
      {events.data.map((e) => (
        <li key={e.id}>
          <time dateTime={e.createdAt}>{new Date(e.createdAt).toLocaleString()}</time> ·{' '}
          {e.success ? 'signed in' : `failed (${e.reason ?? 'unknown'})`}
          {e.userAgent ? ` · ${e.userAgent}` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The spec's test-login, for the operator's own account: the email is theirs and cannot be changed. */
function TestOwnLogin() {
  const { user } = useAuth();
  const [password, setPassword] = useState('');
  const test = useMutation({
    mutationFn: async () => unwrap(await api.admin['test-login'].$post({ json: { password } })),
    onSuccess: (data) => {
      if (data.success) toast.success('Login Successful', { description: data.email });
      else toast.error('Login Failed', { description: 'Invalid email or password' });
      setPassword('');
    },
    onError: (error) => toast.error('Login Failed', { description: error.message }),
  });
  return (
    <section aria-label="Test your own login" className="mt-10">
      <h2 className="text-lg font-semibold">Test your own login</h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Checks the password of {user?.email ?? 'your account'} without signing in again.
      </p>
      <form
        className="mt-3 flex items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          test.mutate();
        }}
      >
        <PasswordField
          purpose="current"
          className="flex-1"
          label="Your password"
          {...bindValue(password, setPassword)}
        />
        <Button type="submit" disabled={!password || test.isPending}>
          Test login
        </Button>
      </form>
    </section>
  );
}

/**
 * Auth diagnostics for operators: find a user, mail them a password reset or a new verification
 * link, end their sessions, see their recent sign-ins; test one's own login.
 * No credentials are prefilled and no one else's password can be set or tried here.
 */
function DebugAuth() {
  const [openSignIns, setOpenSignIns] = useState<string | null>(null);
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
  const resend = useMutation({
    mutationFn: async (u: AdminUser) =>
      unwrap(await api.admin.users[':id']['resend-verification'].$post({ param: { id: u.id } })),
    onSuccess: () =>
      toast.success('Verification Sent', { description: 'A new verification link was mailed.' }),
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  const busy = reset.isPending || endSessions.isPending || resend.isPending;

  return (
    <AdminShell title="Auth diagnostics">
      <SearchForm
        name="Find a user"
        label="Find a user by email or name"
        button="Search"
        onSearch={setQuery}
      />
      <QueryError query={users} />
      {users.data && (
        <ul className="mt-6 space-y-3" aria-label="Users found">
          {users.data.length === 0 && <li>No user matches.</li>}
          {users.data.map((u) => (
            <li key={u.id} className={cardClass()}>
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
                {!u.emailVerified && (
                  <Button size="sm" variant="outline" disabled={busy} onClick={() => resend.mutate(u)}>
                    Resend verification
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  aria-expanded={openSignIns === u.id}
                  onClick={() => setOpenSignIns((v) => (v === u.id ? null : u.id))}
                >
                  Recent sign-ins
                </Button>
              </div>
              {openSignIns === u.id && <SignIns user={u} />}
            </li>
          ))}
        </ul>
      )}
      <TestOwnLogin />
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
