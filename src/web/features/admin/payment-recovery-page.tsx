import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  ABANDONABLE_STATUSES,
  type PendingPayment,
  type ProcessPaymentResult,
} from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell } from './admin-gate.tsx';

/** 'Process All' waits this long between payments (spec part 2 §9). */
const PROCESS_ALL_SPACING_MS = 2000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function processOne(payment: PendingPayment): Promise<boolean> {
  try {
    const result: ProcessPaymentResult = await unwrap(
      await api.admin.payments[':id'].process.$post({ param: { id: payment.id } }),
    );
    // §5: success only with no error and the success flag set.
    if (result.success && !result.error) {
      toast.success('Payment Processed', {
        description: `Successfully processed payment for ${result.email}`,
      });
      return true;
    }
    toast.error('Processing Failed', { description: result.error || 'Unknown error' });
  } catch (error) {
    toast.error('Processing Failed', {
      description: error instanceof Error ? error.message : 'Unknown error',
    });
  }
  return false;
}

function PaymentRecovery() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<string | null>(null);
  const pending = useQuery({
    queryKey: ['admin', 'pending-payments'],
    queryFn: async () => unwrap(await api.admin.payments.pending.$get()),
  });
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (pending.isSuccess && announced.current !== pending.dataUpdatedAt) {
      announced.current = pending.dataUpdatedAt;
      toast.success(`Found ${pending.data.length} pending PayPal payments`);
    }
    if (pending.isError && announced.current !== pending.errorUpdatedAt) {
      announced.current = pending.errorUpdatedAt;
      toast.error('Failed to load pending payments');
    }
  }, [pending.isSuccess, pending.isError, pending.data, pending.dataUpdatedAt, pending.errorUpdatedAt]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'pending-payments'] });

  async function runOne(payment: PendingPayment) {
    setRunning(payment.id);
    try {
      await processOne(payment);
    } finally {
      setRunning(null);
      await refresh();
    }
  }

  async function runAll() {
    const list = pending.data ?? [];
    setRunning('all');
    try {
      for (const [index, payment] of list.entries()) {
        if (index > 0) await wait(PROCESS_ALL_SPACING_MS);
        await processOne(payment);
      }
    } finally {
      setRunning(null);
      await refresh();
    }
  }

  /** 'Close as abandoned' (issue 43): for an order the buyer never finished; the reason goes to the audit log. */
  async function abandon(payment: PendingPayment) {
    const reason = window.prompt(
      `Close the order of ${payment.email} as abandoned? It leaves this list and the health warning. Why?`,
    );
    if (reason === null) return;
    setRunning(payment.id);
    try {
      await unwrap(
        await api.admin.payments[':id'].abandon.$post({ param: { id: payment.id }, json: { reason } }),
      );
      toast.success('Order closed', { description: `${payment.email}: closed as abandoned` });
    } catch (error) {
      toast.error('Could not close the order', {
        description: error instanceof Error ? error.message : 'Unknown error',
      });
    } finally {
      setRunning(null);
      await refresh();
    }
  }

  const busy = running !== null;
  return (
    <AdminShell title="Payment recovery">
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void runAll()} disabled={busy || !pending.data?.length}>
          {running === 'all' ? 'Processing...' : 'Process All'}
        </Button>
        <Button variant="outline" onClick={() => void refresh()} disabled={busy}>
          Refresh
        </Button>
      </div>
      {pending.isLoading && <Spinner label="Loading pending payments..." />}
      {pending.isError && (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-400">
          Failed to load pending payments
        </p>
      )}
      {pending.data && pending.data.length === 0 && <p className="mt-6">No pending PayPal payments.</p>}
      {pending.data && pending.data.length > 0 && (
        <div className={`${cardClass()} mt-6 overflow-x-auto`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Pending PayPal payments, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Payment</th>
                <th scope="col">User email</th>
                <th scope="col">Transaction id</th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.data.map((p) => (
                <tr key={p.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2 font-mono text-xs">{p.id.slice(0, 8)}</td>
                  <td>{p.email}</td>
                  <td className="font-mono text-xs">{p.transactionId ?? '—'}</td>
                  <td>
                    {p.amount} {p.currency}
                  </td>
                  <td>
                    {p.status}
                    {p.failureReason ? ` (${p.failureReason})` : ''}
                  </td>
                  <td>{new Date(p.createdAt).toLocaleString()}</td>
                  <td className="flex flex-wrap gap-2 py-2">
                    <Button
                      size="sm"
                      onClick={() => void runOne(p)}
                      disabled={busy}
                      aria-label={`Process payment of ${p.email}`}
                    >
                      {running === p.id ? 'Processing...' : 'Process'}
                    </Button>
                    {ABANDONABLE_STATUSES.includes(p.status) && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => void abandon(p)}
                        disabled={busy}
                        aria-label={`Close the order of ${p.email} as abandoned`}
                      >
                        Close as abandoned
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminShell>
  );
}

export function PaymentRecoveryPage() {
  return (
    <AdminGate>
      <PaymentRecovery />
    </AdminGate>
  );
}
