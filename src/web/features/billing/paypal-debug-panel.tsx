import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { api, unwrap } from '#web/lib/api.ts';

/**
 * True on the home URL with ?debug=paypal for a signed-in operator. Decided after mount, so the
 * prerendered landing page hydrates unchanged; the server refuses the panel's API to anyone else.
 */
export function usePayPalDebugRequest(): boolean {
  const location = useLocation();
  const { user } = useAuth();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const requested =
    location.pathname === '/' && new URLSearchParams(location.search).get('debug') === 'paypal';
  return mounted && requested && user?.role === 'admin';
}

type Status = 'pending' | 'success' | 'error';

function Row({ label, ok, text }: { label: string; ok: boolean; text: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-200 py-2 dark:border-slate-800">
      <dt>{label}</dt>
      <dd className={ok ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400'}>
        {text}
      </dd>
    </div>
  );
}

/** `/?debug=paypal` for operators: PayPal configuration and a create-order test (spec part 1 §2). */
export function PayPalDebugPanel() {
  const config = useQuery({
    queryKey: ['billing-debug'],
    queryFn: async () => unwrap(await api.billing.debug.$get()),
  });
  const test = useMutation({
    mutationFn: async () => unwrap(await api.billing.debug['test-order'].$post()),
  });
  const testStatus: Status = test.isPending ? 'pending' : test.data?.success ? 'success' : 'error';
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">PayPal debug</h1>
      {config.isLoading && <p className="mt-4">Loading...</p>}
      {config.data && (
        <dl className="mt-6">
          <Row
            label="Configuration"
            ok={config.data.configValid}
            text={config.data.configValid ? 'valid' : 'missing'}
          />
          <Row label="Mode" ok={config.data.mode !== null} text={config.data.mode ?? 'none'} />
          <Row
            label="Client id"
            ok={config.data.clientIdPresent}
            text={config.data.clientIdPresent ? 'present' : 'missing'}
          />
          <Row
            label="Webhook id"
            ok={config.data.webhookIdPresent}
            text={config.data.webhookIdPresent ? 'present' : 'missing'}
          />
        </dl>
      )}
      <Button className="mt-6" onClick={() => test.mutate()} disabled={test.isPending}>
        Run create-payment test
      </Button>
      {(test.isPending || test.data) && (
        <p role="status" className="mt-4 text-sm">
          Test: {testStatus}
          {test.data?.success ? ` (order ${test.data.orderId}, ${test.data.status})` : ''}
          {test.data && !test.data.success ? ` (${test.data.error})` : ''}
        </p>
      )}
    </main>
  );
}
