import { CheckCircle2, CreditCard, type LucideIcon, PartyPopper, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { safeNextPath } from '#shared/next-path.ts';
import { captureFailureToastText } from '#shared/payment-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import {
  AFTER_PAYMENT_KEY,
  billingApi,
  recheckAfterCapture,
  SELECTED_PLAN_KEY,
} from '#web/features/billing/billing-api.ts';
import { TestPaymentsBanner } from '#web/features/billing/test-payments-banner.tsx';
import { ApiError } from '#web/lib/api.ts';
import { cn } from '#web/lib/cn.ts';

type View =
  | { kind: 'processing' }
  | { kind: 'success' }
  | { kind: 'declined'; approvalUrl: string }
  | { kind: 'failure'; message: string; signIn?: string };

/** An outcome's large icon and heading, and what went wrong (announced at once) when anything did. */
function OutcomeHeading(props: { icon: LucideIcon; iconClass: string; title: string; alert?: string }) {
  const Icon = props.icon;
  return (
    <>
      <Icon aria-hidden="true" className={cn('mx-auto h-12 w-12', props.iconClass)} />
      <h1 className="mt-4 text-2xl font-bold">{props.title}</h1>
      {props.alert && (
        <p role="alert" className="mt-2 text-slate-700 dark:text-slate-300">
          {props.alert}
        </p>
      )}
    </>
  );
}

/** The order this tab already settled: a reload or Back shows the result without a second capture. */
export const SETTLED_TOKEN_KEY = 'flowvault.settledPaymentToken';

/** /auth, then back here to finish (only same-site paths are followed, see auth.tsx). */
export const signInToFinish = (token: string) =>
  `/auth?next=${encodeURIComponent(`/payment-success?token=${token}`)}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function PaymentSuccessPage() {
  const [query] = useSearchParams();
  const token = query.get('token');
  const { user, loading, recheck } = useAuth();
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'processing' });
  const [destination, setDestination] = useState('/dashboard');
  const started = useRef(false);
  const askedToSignIn = useRef(false);

  useEffect(() => {
    if (loading || started.current) return;
    const fail = (message: string) => {
      setView({ kind: 'failure', message });
      toast.error(captureFailureToastText(message), { duration: 10_000 });
    };
    if (!token) {
      started.current = true;
      setView({
        kind: 'failure',
        message: 'Invalid payment parameters. Please try the payment process again.',
      });
      return;
    }
    if (!user) {
      // Not started: a sign-in that lands back here (auth's ?next=) finishes the payment once the
      // session is known.
      setView({ kind: 'failure', message: 'Please log in to complete your payment', signIn: token });
      if (!askedToSignIn.current) {
        askedToSignIn.current = true;
        toast.error(captureFailureToastText('Please log in to complete your payment'), { duration: 10_000 });
      }
      return;
    }
    started.current = true;
    setView({ kind: 'processing' });
    if (sessionStorage.getItem(SETTLED_TOKEN_KEY) === token) {
      setView({ kind: 'success' });
      return;
    }
    void (async () => {
      try {
        const result = await billingApi.capture(token);
        if (result.outcome === 'declined' && result.approvalUrl) {
          // PayPal declined the funding source: say so, then the buyer chooses another one on PayPal
          // (PayPal's rule for INSTRUMENT_DECLINED), not an unchanged approval page (issue 43).
          setView({ kind: 'declined', approvalUrl: result.approvalUrl });
          return;
        }
        if (!result.success) {
          fail(result.message ?? 'Payment processing failed. Please contact support.');
          return;
        }
        sessionStorage.setItem(SETTLED_TOKEN_KEY, token);
        await recheckAfterCapture({ recheck, sleep });
        localStorage.removeItem(SELECTED_PLAN_KEY);
        // Bought from a template's page: back to that template (a same-site path only), else the dashboard.
        const after = safeNextPath(localStorage.getItem(AFTER_PAYMENT_KEY)) ?? '/dashboard';
        localStorage.removeItem(AFTER_PAYMENT_KEY);
        setDestination(after);
        setView({ kind: 'success' });
        // The spec's words; its party emoji is drawn as an icon, which needs no emoji font (decision 0020).
        toast.success('Payment Successful!', {
          duration: 5000,
          icon: <PartyPopper aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />,
        });
        // Replaces this entry: Back from the dashboard does not land here again.
        setTimeout(() => navigate(after, { replace: true }), 2000);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401)
          fail('Authentication failed. Please log in and try again.');
        else if (error instanceof ApiError && error.status === 404) fail(error.message);
        else if (error instanceof ApiError && error.status === 422) {
          setView({
            kind: 'failure',
            message: 'Invalid payment parameters. Please try the payment process again.',
          });
        } else fail('Payment processing failed. Please contact support.');
      }
    })();
  }, [loading, user, token, recheck, navigate]);

  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <TestPaymentsBanner />
      <section className={`mt-6 text-center shadow-sm ${cardClass({ padding: '2xl', radius: '2xl' })}`}>
        {view.kind === 'processing' && (
          <>
            <h1 className="text-2xl font-bold">Processing Your Payment</h1>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              Please wait while we confirm your payment with PayPal...
            </p>
            <Spinner label="Confirming with PayPal" className="py-8" />
          </>
        )}
        {view.kind === 'success' && (
          <>
            <OutcomeHeading
              icon={CheckCircle2}
              iconClass="text-emerald-600 dark:text-emerald-400"
              title="Your Lifetime Access is Active!"
            />
            <p className="mt-2 text-slate-600 dark:text-slate-400">A receipt is on its way to your inbox.</p>
            <Button asChild size="lg" className="mt-6">
              {destination === '/dashboard' ? (
                <Link to="/dashboard">Go to Dashboard</Link>
              ) : (
                <Link to={destination}>Back to the template</Link>
              )}
            </Button>
          </>
        )}
        {view.kind === 'declined' && (
          <>
            <OutcomeHeading
              icon={CreditCard}
              iconClass="text-amber-600 dark:text-amber-400"
              title="Payment declined"
              alert="PayPal declined the card or account you chose, so no money was taken."
            />
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              Pay another way: at PayPal, choose another card, your PayPal balance or a bank account. Your
              order is kept, so you do not start again.
            </p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Button asChild>
                <a href={view.approvalUrl}>Choose another way to pay</a>
              </Button>
              <Button asChild variant="outline">
                <Link to="/payment">Start again</Link>
              </Button>
            </div>
          </>
        )}
        {view.kind === 'failure' && (
          <>
            <OutcomeHeading
              icon={XCircle}
              iconClass="text-red-600 dark:text-red-400"
              title="Payment Failed"
              alert={view.message}
            />
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              {view.signIn ? (
                <Button asChild>
                  <Link to={signInToFinish(view.signIn)}>Sign in to finish</Link>
                </Button>
              ) : (
                <Button asChild>
                  <Link to="/payment">Try Again</Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link to="/">Back to Home</Link>
              </Button>
            </div>
          </>
        )}
      </section>
    </main>
  );
}
