import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell, QueryStatus, SearchForm } from './admin-gate.tsx';

const fail = (error: Error) => toast.error('Error', { description: error.message });

function Payments({ user, reason }: { user: AdminUser; reason: string }) {
  const queryClient = useQueryClient();
  const payments = useQuery({
    queryKey: ['admin', 'user-payments', user.id],
    queryFn: async () => unwrap(await api.admin.users[':id'].payments.$get({ param: { id: user.id } })),
  });
  const refund = useMutation({
    mutationFn: async (paymentId: string) =>
      unwrap(await api.admin.payments[':id'].refund.$post({ param: { id: paymentId }, json: { reason } })),
    onSuccess: (data) => {
      toast.success('Refund sent', {
        description: data.accessRevoked
          ? `PayPal refund ${data.refundId}; access revoked and ${user.email} was told.`
          : `PayPal refund ${data.refundId} is ${data.refundStatus}.`,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'user-payments', user.id] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
    onError: fail,
  });
  if (payments.isPending) return <Spinner label="Loading payments..." />;
  if (payments.isError) return <p role="alert">{payments.error.message}</p>;
  if (payments.data.length === 0) return <p className="mt-2 text-sm">No payment.</p>;
  return (
    <ul className="mt-2 space-y-2 text-sm" aria-label={`Payments of ${user.email}`}>
      {payments.data.map((p) => (
        <li key={p.id} className="flex flex-wrap items-center gap-3">
          <span>
            {p.amount} {p.currency} · {p.status} · {new Date(p.createdAt).toLocaleString()} ·{' '}
            <span className="font-mono">{p.providerOrderId ?? p.id}</span>
          </span>
          {p.status === 'completed' && (
            <Button
              size="sm"
              variant="outline"
              disabled={refund.isPending || reason.trim().length < 3}
              onClick={() => {
                if (window.confirm(`Refund ${p.amount} ${p.currency} to ${user.email} through PayPal?`)) {
                  refund.mutate(p.id);
                }
              }}
            >
              Refund
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

function UserCard({ user, onChanged }: { user: AdminUser; onChanged: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [showPayments, setShowPayments] = useState(false);
  const role = useMutation({
    mutationFn: async (next: 'user' | 'admin') =>
      unwrap(await api.admin.users[':id'].role.$put({ param: { id: user.id }, json: { role: next } })),
    onSuccess: (data) => {
      toast.success('Role changed', { description: `${user.email} is now ${data.role}.` });
      onChanged();
    },
    onError: fail,
  });
  const access = useMutation({
    mutationFn: async (action: 'grant' | 'revoke') =>
      unwrap(await api.admin.users[':id'].access.$post({ param: { id: user.id }, json: { action, reason } })),
    onSuccess: (_data, action) => {
      toast.success(action === 'grant' ? 'Access granted' : 'Access revoked', { description: user.email });
      setReason('');
      onChanged();
    },
    onError: fail,
  });
  const ban = useMutation({
    mutationFn: async (banned: boolean) =>
      unwrap(await api.admin.users[':id'].ban.$post({ param: { id: user.id }, json: { banned, reason } })),
    onSuccess: (data) => {
      toast.success(data.banned ? 'User banned' : 'User unbanned', {
        description: data.banned ? `${data.sessionsEnded} session(s) ended.` : user.email,
      });
      setReason('');
      onChanged();
    },
    onError: fail,
  });
  const busy = role.isPending || access.isPending || ban.isPending;
  const noReason = reason.trim().length < 3;
  return (
    <li className={cardClass()}>
      <p className="font-medium">{user.email}</p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Role {user.role} · {user.emailVerified ? 'verified' : 'not verified'} ·{' '}
        {user.hasPaid ? 'lifetime access' : 'no access'} · {user.activeSessions} active session(s) · joined{' '}
        {new Date(user.createdAt).toLocaleDateString()}
        {user.banned ? ' · banned' : ''}
      </p>
      <div className="mt-3">
        <label htmlFor={`${id}-r`} className="text-sm font-medium">
          Reason (required to grant, revoke, ban or refund)
        </label>
        <input
          id={`${id}-r`}
          className={`${inputClass} mt-1`}
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() => role.mutate(user.role === 'admin' ? 'user' : 'admin')}
        >
          {user.role === 'admin' ? 'Make user' : 'Make admin'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || noReason}
          onClick={() => access.mutate(user.hasPaid ? 'revoke' : 'grant')}
        >
          {user.hasPaid ? 'Revoke lifetime access' : 'Grant lifetime access'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={busy || noReason}
          onClick={() => ban.mutate(!user.banned)}
        >
          {user.banned ? 'Unban' : 'Ban'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-expanded={showPayments}
          onClick={() => setShowPayments((v) => !v)}
        >
          Payments
        </Button>
      </div>
      {showPayments && <Payments user={user} reason={reason} />}
    </li>
  );
}

/** Users: search, role change, ban, lifetime access by hand, refunds. Every action is audited. */
function Users() {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const users = useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: async () => unwrap(await api.admin.users.$get({ query: { q: query } })),
  });
  return (
    <AdminShell title="Users">
      <SearchForm name="Search users" label="Email or name" button="Search" onSearch={setQuery} />
      <QueryStatus query={users} loading="Loading users..." />
      {users.data && (
        <ul className="mt-6 space-y-3" aria-label="Users">
          {users.data.length === 0 && <li>No user matches.</li>}
          {users.data.map((u) => (
            <UserCard
              key={u.id}
              user={u}
              onChanged={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] })}
            />
          ))}
        </ul>
      )}
    </AdminShell>
  );
}

export function UsersPage() {
  return (
    <AdminGate>
      <Users />
    </AdminGate>
  );
}
