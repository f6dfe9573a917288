import { SubscriptionGate } from '#web/features/auth/subscription-gate.tsx';
import { DashboardShell } from '#web/features/dashboard/dashboard-shell.tsx';

export function DashboardPage() {
  return (
    <SubscriptionGate>
      <DashboardShell />
    </SubscriptionGate>
  );
}
