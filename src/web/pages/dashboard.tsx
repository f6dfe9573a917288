import { Link, useSearchParams } from 'react-router';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { SubscriptionGate } from '#web/features/auth/subscription-gate.tsx';
import { DashboardShell } from '#web/features/dashboard/dashboard-shell.tsx';
import { AccountSettings } from '#web/features/settings/account-settings.tsx';
import { TopBar } from '#web/layout/top-bar.tsx';

/**
 * Settings for a signed-in user without lifetime access (not bought yet, refunded, reversed): the
 * profile, stored n8n keys to remove, and their data to export or delete (issue 43). The library stays
 * behind the gate and every member API on the server.
 */
function AccountOnlySettings() {
  const { profile } = useAuth();
  const status = profile?.subscriptionStatus;
  return (
    <>
      <TopBar />
      <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
        <h1 className="text-2xl font-bold tracking-tight">Account settings</h1>
        <p
          role="note"
          className="rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {status === 'refunded'
            ? 'Your payment was refunded, so lifetime access was removed. Your account and your data are still here.'
            : status === 'reversed'
              ? 'PayPal reversed your payment, so lifetime access was removed. Your account and your data are still here.'
              : 'Your account does not have lifetime access yet.'}{' '}
          <Link to="/payment" className="font-medium text-brand-700 underline dark:text-brand-300">
            Get lifetime access
          </Link>
        </p>
        <AccountSettings member={false} />
      </main>
    </>
  );
}

export function DashboardPage() {
  const [params] = useSearchParams();
  const { user, loading, isSubscribed } = useAuth();
  if (params.get('section') === 'settings' && !loading && user && !isSubscribed)
    return <AccountOnlySettings />;
  return (
    <SubscriptionGate>
      <DashboardShell />
    </SubscriptionGate>
  );
}
