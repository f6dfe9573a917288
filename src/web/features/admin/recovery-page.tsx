import { useMutation, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { HealthStatus } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell } from './admin-gate.tsx';

/** The health monitor refreshes itself every 5 minutes (spec part 2 §9). */
const HEALTH_REFRESH_MS = 5 * 60_000;

const STATUS_CLASS: Record<HealthStatus, string> = {
  healthy: 'text-emerald-700 dark:text-emerald-400',
  warning: 'text-amber-700 dark:text-amber-400',
  error: 'text-red-700 dark:text-red-400',
};

function Status({ value }: { value: HealthStatus }) {
  return <span className={`font-semibold ${STATUS_CLASS[value]}`}>{value}</span>;
}

function HealthMonitor() {
  const health = useQuery({
    queryKey: ['admin', 'payment-health'],
    queryFn: async () => unwrap(await api.admin.payments.health.$get()),
    refetchInterval: HEALTH_REFRESH_MS,
  });
  if (health.isLoading) return <Spinner label="Loading payment system status..." />;
  if (health.isError || !health.data) {
    return (
      <div role="alert" className={cardClass()}>
        <p className="text-red-700 dark:text-red-400">Failed to load payment system status</p>
        <Button className="mt-3" variant="outline" onClick={() => void health.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { healthCheck, recommendations } = health.data;
  const paypal = healthCheck.paypalIntegration;
  const database = healthCheck.databaseHealth;
  return (
    <section aria-labelledby="health-title" className={cardClass()}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="health-title" className="text-lg font-semibold">
          Payment system health: <Status value={healthCheck.status} />
        </h2>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void health.refetch()}
          disabled={health.isFetching}
        >
          Refresh
        </Button>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <dl className="text-sm">
          <dt className="font-medium">PayPal integration</dt>
          <dd>
            <Status value={paypal.status} /> {paypal.mode ? `(${paypal.mode})` : '(not configured)'}
          </dd>
          <dt className="mt-2 font-medium">Pending payments</dt>
          <dd>{paypal.pendingPayments}</dd>
          <dt className="mt-2 font-medium">Failed payments</dt>
          <dd>{paypal.failedPayments}</dd>
          <dt className="mt-2 font-medium">Last successful payment</dt>
          <dd>
            {paypal.lastSuccessfulPayment ? new Date(paypal.lastSuccessfulPayment).toLocaleString() : 'None'}
          </dd>
        </dl>
        <dl className="text-sm">
          <dt className="font-medium">Database</dt>
          <dd>
            <Status value={database.status} />
          </dd>
          <dt className="mt-2 font-medium">Unpaid users</dt>
          <dd>{database.unpaidUsers}</dd>
          <dt className="mt-2 font-medium">Active subscriptions</dt>
          <dd>{database.activeSubscriptions}</dd>
          <dt className="mt-2 font-medium">Inconsistent profiles</dt>
          <dd>{database.inconsistentProfiles}</dd>
        </dl>
      </div>
      {recommendations.length > 0 && (
        <>
          <h3 className="mt-4 font-medium">Recommendations</h3>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {recommendations.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </>
      )}
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
        Checked {new Date(healthCheck.timestamp).toLocaleString()}
      </p>
    </section>
  );
}

function RecoveryDashboard() {
  const reconcile = useMutation({
    mutationFn: async () => unwrap(await api.admin['payment-recovery'].reconcile.$post()),
    onError: (error) => toast.error('Recovery Failed', { description: error.message }),
  });
  const fixAll = useMutation({
    mutationFn: async () => unwrap(await api.admin['payment-recovery']['fix-all'].$post()),
    onSuccess: (data) => {
      if (!data.success) toast.error('Fix Failed', { description: data.error });
    },
    onError: () => toast.error('Fix Failed', { description: 'Failed to call fix function' }),
  });
  const busy = reconcile.isPending || fixAll.isPending;
  return (
    <section aria-labelledby="recovery-title" className={`${cardClass()} mt-6`}>
      <h2 id="recovery-title" className="text-lg font-semibold">
        Recovery
      </h2>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button onClick={() => reconcile.mutate()} disabled={busy}>
          {reconcile.isPending ? 'Running...' : 'Run reconciliation now'}
        </Button>
        <Button variant="secondary" onClick={() => fixAll.mutate()} disabled={busy}>
          {fixAll.isPending ? 'Fixing...' : 'Fix All'}
        </Button>
      </div>
      {reconcile.data && (
        <div role="status" className="mt-4 text-sm">
          <p>
            {reconcile.data.message} (recovered {reconcile.data.recoveredCount} of{' '}
            {reconcile.data.totalChecked})
          </p>
          {reconcile.data.results.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {reconcile.data.results.map((r) => (
                <li key={r.transactionId}>
                  <span className="font-mono">{r.transactionId}</span>: {r.status}, {r.message} (
                  {r.amount.value} {r.amount.currency_code})
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fixAll.data && (
        <div role="status" className="mt-4 text-sm">
          <p>
            Pending payments: {fixAll.data.results.pendingPayments}; recovered payments:{' '}
            {fixAll.data.results.recoveredPayments}; user data fixed: {fixAll.data.results.userDataFixed}
          </p>
          {fixAll.data.results.errors.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-red-700 dark:text-red-400">
              {fixAll.data.results.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function RecoveryPage() {
  return (
    <AdminGate>
      <AdminShell title="Payment health and recovery">
        <HealthMonitor />
        <RecoveryDashboard />
      </AdminShell>
    </AdminGate>
  );
}
