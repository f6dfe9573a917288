import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { safeNextPath } from '#shared/next-path.ts';
import { PAYMENT_ERROR_TOAST, paymentErrorToastText } from '#shared/payment-messages.ts';
import { PLAN_PRICE_LABEL, PLANS } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { CheckList } from '#web/components/ui/check-list.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { AFTER_PAYMENT_KEY, billingApi, SELECTED_PLAN_KEY } from '#web/features/billing/billing-api.ts';
import { TestPaymentsBanner } from '#web/features/billing/test-payments-banner.tsx';
import { ApiError } from '#web/lib/api.ts';

const PLAN = PLANS.lifetime;
const INCLUDED = [
  'The whole workflow library, and every workflow added later',
  'Search, preview, copy, download and deploy to your own n8n',
  'Personal collections and ratings',
  'Email support and a 30-day money-back guarantee',
] as const;

export function PaymentPage() {
  const { user, loading, isSubscribed, profile } = useAuth();
  const [query] = useSearchParams();
  const next = safeNextPath(query.get('next'));
  const revoked = profile?.subscriptionStatus === 'refunded' || profile?.subscriptionStatus === 'reversed';
  const [processing, setProcessing] = useState(false);
  const [redirectTo, setRedirectTo] = useState<string | null>(null);

  useEffect(() => {
    if (!redirectTo) return;
    // Spec: the browser goes to PayPal 1 s after the payment is set up.
    const timer = setTimeout(() => window.location.assign(redirectTo), 1000);
    return () => clearTimeout(timer);
  }, [redirectTo]);

  if (loading) return <Spinner label="Loading..." />;
  if (!user) {
    const back = next
      ? `/auth?next=${encodeURIComponent(`/payment?next=${encodeURIComponent(next)}`)}`
      : '/auth';
    return <Navigate to={back} replace />;
  }
  if (isSubscribed && !processing) return <Navigate to={next ?? '/dashboard'} replace />;
  // An operator signing in has nothing to buy: on to the console.
  if (user.role === 'admin') return <Navigate to="/admin/catalog" replace />;

  async function purchase() {
    if (processing) return;
    setProcessing(true);
    try {
      if (next) localStorage.setItem(AFTER_PAYMENT_KEY, next);
      else localStorage.removeItem(AFTER_PAYMENT_KEY);
      localStorage.setItem(
        SELECTED_PLAN_KEY,
        JSON.stringify({ id: PLAN.id, name: PLAN.name, price: PLAN.amountCents / 100 }),
      );
      const { approvalUrl } = await billingApi.checkout(PLAN.id);
      setRedirectTo(approvalUrl);
    } catch (error) {
      setProcessing(false);
      if (error instanceof ApiError && error.status === 401) {
        toast.error('Authentication Required', {
          description: 'Please sign in to continue with your purchase.',
        });
        return;
      }
      if (error instanceof ApiError && error.message === 'Already Have Lifetime Access') {
        toast('Already Have Lifetime Access', {
          description: 'You already own lifetime access: open your dashboard.',
        });
        return;
      }
      if (error instanceof ApiError && error.message === 'Invalid Plan') {
        toast.error('Invalid Plan');
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      toast.error(PAYMENT_ERROR_TOAST.title, {
        description: paymentErrorToastText(message),
        duration: PAYMENT_ERROR_TOAST.durationMs,
      });
    }
  }

  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <TestPaymentsBanner />
      {revoked && (
        <p
          role="note"
          className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm dark:border-slate-700 dark:bg-slate-900"
        >
          {profile?.subscriptionStatus === 'refunded'
            ? 'Your earlier payment was refunded, so lifetime access was removed from this account. You can buy it again below.'
            : 'PayPal reversed your earlier payment, so lifetime access was removed from this account. Write to support if this is unexpected.'}
        </p>
      )}
      <h1 className="mt-6 text-3xl font-bold">Get lifetime access</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        One payment through PayPal. No subscription, nothing renews.
      </p>
      <section
        aria-labelledby="plan-name"
        className="mt-8 rounded-2xl border-2 border-brand-600 bg-white p-8 shadow-sm dark:bg-slate-900"
      >
        <h2 id="plan-name" className="text-xl font-semibold">
          {PLAN.name}
        </h2>
        <p className="mt-4 flex items-baseline gap-3">
          <span className="text-5xl font-bold">{PLAN_PRICE_LABEL}</span>
          <span className="text-sm text-slate-600 dark:text-slate-400">{PLAN.period}</span>
        </p>
        <CheckList
          items={INCLUDED}
          className="mt-6 space-y-2"
          checkClassName="mt-0.5 h-5 w-5 text-brand-600 dark:text-brand-500"
        />
        <Button
          size="lg"
          className="mt-8 w-full"
          onClick={() => void purchase()}
          disabled={processing}
          aria-busy={processing}
        >
          {processing ? 'Setting up payment...' : `Purchase for ${PLAN_PRICE_LABEL}`}
        </Button>
        <p className="mt-3 text-center text-xs text-slate-500 dark:text-slate-400">
          You will be sent to PayPal to approve the payment.
        </p>
      </section>
    </main>
  );
}
