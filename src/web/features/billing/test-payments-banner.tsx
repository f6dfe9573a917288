import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { billingApi } from './billing-api.ts';

/** Says clearly when payments go to the built-in sandbox: no real money moves. */
export function TestPaymentsBanner() {
  const config = useQuery({
    queryKey: ['billing-config'],
    queryFn: billingApi.config,
    staleTime: 5 * 60_000,
  });
  if (!config.data?.testPayments) return null;
  return (
    <p
      role="note"
      className="flex items-center gap-2 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-100"
    >
      <FlaskConical aria-hidden="true" className="h-4 w-4 shrink-0" />
      Test payments: this site uses a built-in PayPal sandbox. No real money moves.
    </p>
  );
}
