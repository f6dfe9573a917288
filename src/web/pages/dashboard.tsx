import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { SubscriptionGate } from '#web/features/auth/subscription-gate.tsx';
import { AccountSettings } from '#web/features/settings/account-settings.tsx';

/** The member home inside the gate; the full dashboard grows around it in a later feature. */
function MemberHome() {
  const { user, subscriptionTier, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <main className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Welcome back, {user?.email}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Your lifetime access is active.</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="rounded-full bg-brand-600/10 px-3 py-1 text-xs font-semibold text-brand-700 dark:text-brand-400">
            {subscriptionTier || 'Premium'}
          </span>
          <Button
            variant="outline"
            onClick={async () => {
              await signOut();
              navigate('/auth');
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Logout
          </Button>
        </div>
      </header>
      <AccountSettings />
    </main>
  );
}

export function DashboardPage() {
  return (
    <SubscriptionGate>
      <MemberHome />
    </SubscriptionGate>
  );
}
