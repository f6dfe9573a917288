import { AlertCircle, Mail, Undo2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { SUPPORT_EMAIL } from '#shared/constants.ts';
import {
  failedPageErrorMessage,
  paymentErrorLine,
  paymentFailureText,
  paymentTips,
} from '#shared/payment-messages.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';

/**
 * /payment-failed (spec part 1 §2). A cancel at PayPal comes back here too (`reason=cancelled`): that is
 * the buyer's choice, not a failure, so it says so and offers to try again, without an error box or
 * advice about funds (issue 43). The spec's cancelled text is kept.
 */
export function PaymentFailedPage() {
  const [query] = useSearchParams();
  const { user } = useAuth();
  const gateway = query.get('gateway') || undefined;
  const reason = query.get('reason') || undefined;
  const errorMessage = failedPageErrorMessage(query);
  const cancelled = reason === 'cancelled';

  return (
    <main className="mx-auto max-w-xl px-4 py-16">
      <section
        aria-labelledby="payment-failed-title"
        className={`${cardClass({ padding: '2xl', radius: '2xl' })} shadow-sm`}
      >
        {cancelled ? (
          <>
            <Undo2 aria-hidden="true" className="h-12 w-12 text-slate-600 dark:text-slate-400" />
            <h1 id="payment-failed-title" className="mt-4 text-2xl font-bold">
              Payment cancelled
            </h1>
            <p className="mt-6">{paymentFailureText(gateway, reason, errorMessage)}</p>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              Your order is still open: try again whenever you are ready.
            </p>
          </>
        ) : (
          <>
            <AlertCircle aria-hidden="true" className="h-12 w-12 text-red-600 dark:text-red-400" />
            <h1 id="payment-failed-title" className="mt-4 text-2xl font-bold">
              Payment Failed
            </h1>
            <p className="mt-1 text-slate-600 dark:text-slate-400">Your payment could not be processed</p>
            <p className="mt-6">{paymentFailureText(gateway, reason, errorMessage)}</p>
            <p
              role="alert"
              className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 font-mono text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
            >
              {paymentErrorLine(gateway, errorMessage)}
            </p>
            <h2 className="mt-6 font-semibold">What you can try</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
              {paymentTips(gateway).map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
            <p className="mt-6 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-800">
              Don't worry: no charges were made to your account.
            </p>
          </>
        )}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/payment">{cancelled ? 'Try again' : 'Try Payment Again'}</Link>
          </Button>
          {/* "Back to Login" is for someone signed out; a signed-in buyer goes home. */}
          <Button asChild variant="outline">
            {user ? <Link to="/">Back to Home</Link> : <Link to="/auth">Back to Login</Link>}
          </Button>
        </div>
        <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
          Need help?{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(cancelled ? 'Payment' : 'Payment failed')}`}
            className="inline-flex items-center gap-1 font-medium text-brand-600 underline underline-offset-4 dark:text-brand-500"
          >
            <Mail aria-hidden="true" className="h-4 w-4" />
            {SUPPORT_EMAIL}
          </a>
        </p>
      </section>
    </main>
  );
}
