import { CheckCircle2, Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { safeNextPath } from '#shared/next-path.ts';
import { PLAN_PRICE_LABEL } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { AuthRequestError, authApi } from '#web/features/auth/auth-api.ts';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { authErrorText, LOGIN_FAILED, REGISTRATION_FAILED } from '#web/features/auth/auth-errors.ts';
import { cn } from '#web/lib/cn.ts';

/** One id for the form's error toast: a retry replaces it, a success takes it away. */
const FORM_ERROR_TOAST = 'auth-form-error';

/** After a registration that returns a session (spec part 1 §4). */
export const POST_REGISTER_REDIRECT_MS = 1_500;

const STEPS = [
  { label: 'Create Account', note: null },
  { label: 'Complete Payment', note: `(one-time ${PLAN_PRICE_LABEL})` },
  { label: 'Access Dashboard', note: null },
] as const;

function ProgressSteps() {
  return (
    <nav aria-label="Progress" className="mb-8">
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((step, index) => (
          <li
            key={step.label}
            aria-current={index === 0 ? 'step' : undefined}
            className="flex flex-col gap-2"
          >
            <span
              aria-hidden="true"
              className={cn(
                'h-1.5 rounded-full',
                index === 0 ? 'bg-brand-600 dark:bg-brand-500' : 'bg-slate-200 dark:bg-slate-700',
              )}
            />
            <span className="text-xs font-medium sm:text-sm">
              <span className="sr-only">Step {index + 1}: </span>
              {step.label}
              {step.note && <span className="block text-slate-500 dark:text-slate-400">{step.note}</span>}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function ResetPasswordForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(
    token ? null : 'This reset link is incomplete. Ask for a new one from the sign-in form.',
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      toast.dismiss(FORM_ERROR_TOAST);
      toast.success('Password Updated', { description: 'Your password has been updated successfully.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      const text =
        error instanceof AuthRequestError && error.code === 'INVALID_TOKEN'
          ? 'This reset link is invalid or has expired. Ask for a new one from the sign-in form.'
          : authErrorText(error);
      setProblem(text);
      toast.error('Error', { id: FORM_ERROR_TOAST, description: text });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} className="space-y-5" noValidate={false}>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Choose a new password</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Enter a new password for your account. You will sign in with it afterwards.
        </p>
      </div>
      {problem && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {problem}
        </p>
      )}
      <Field
        label="New password"
        hint="At least 8 characters."
        name="new-password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={128}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Button type="submit" className="w-full" size="lg" disabled={busy || !token}>
        {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />}
        Update Password
      </Button>
      <p className="text-center text-sm">
        <Link
          to="/auth"
          className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
        >
          Back to sign in
        </Link>
      </p>
    </form>
  );
}

/** The operator console's first page: where the operator lands after signing in. */
export const OPERATOR_HOME = '/admin/catalog';

/**
 * Where to go after signing in: a same-site path from `?next=` (never another site), else the
 * operator console for the operator and /payment for everyone else (it sends members on).
 */
export function nextPath(raw: string | null, role?: string | null): string {
  return safeNextPath(raw) ?? (role === 'admin' ? OPERATOR_HOME : '/payment');
}

/** The other form's link, keeping where the visitor goes afterwards. */
function switchHref(mode: 'signin' | 'register', next: string | undefined): string {
  const query = new URLSearchParams();
  if (mode === 'register') query.set('mode', 'register');
  if (next) query.set('next', next);
  const s = query.toString();
  return s ? `/auth?${s}` : '/auth';
}

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user, loading, signedIn } = useAuth();
  const resetMode = params.get('mode') === 'reset';
  // The mode lives in the URL, and the switch is a real link: a click before the script has loaded
  // still lands on the right form, and reload and back keep it.
  const mode: 'signin' | 'register' = params.get('mode') === 'register' ? 'register' : 'signin';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [checkEmail, setCheckEmail] = useState<string | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const rawNext = params.get('next');
  // Already signed in: on to payment (the payment page sends members on to the dashboard), the
  // operator to the console, or back to the page that sent the visitor here (a payment to finish).
  useEffect(() => {
    if (!resetMode && !loading && user) navigate(nextPath(rawNext, user.role), { replace: true });
  }, [resetMode, loading, user, navigate, rawNext]);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  if (resetMode) {
    return (
      <main className="mx-auto w-full max-w-md px-4 py-12">
        <ResetPasswordForm token={params.get('token')} />
      </main>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      if (mode === 'signin') {
        const result = await authApi.signIn(email.trim(), password);
        toast.dismiss(FORM_ERROR_TOAST);
        signedIn();
        navigate(nextPath(rawNext, result.user?.role));
        return;
      }
      // A visitor sent here by a template's offer goes on to pay, then back to it, after verifying too.
      const result = await authApi.signUp(email.trim(), password, safeNextPath(params.get('next')));
      // A failed try's toast must not stay beside the success (e.g. "at least 8 characters").
      toast.dismiss(FORM_ERROR_TOAST);
      if (result.token) {
        signedIn();
        toast.success('Account created', { description: 'Taking you to payment…' });
        // On to payment, or to the page that sent the visitor here (a template's offer: /payment?next=…).
        redirectTimer.current = setTimeout(() => navigate(nextPath(rawNext)), POST_REGISTER_REDIRECT_MS);
      } else {
        setCheckEmail(email.trim());
        setPassword('');
        setParams({}, { replace: true });
      }
    } catch (error) {
      toast.error(mode === 'signin' ? LOGIN_FAILED : REGISTRATION_FAILED, {
        id: FORM_ERROR_TOAST,
        description: authErrorText(error),
      });
    } finally {
      setBusy(false);
    }
  }

  async function forgotPassword() {
    if (!email.trim()) {
      toast.error('Email Required', { description: 'Please enter your email address first.' });
      return;
    }
    try {
      await authApi.requestPasswordReset(email.trim());
      toast.success('Password Reset Sent', {
        description: 'Check your email for password reset instructions.',
      });
    } catch (error) {
      toast.error('Error', { description: authErrorText(error) });
    }
  }

  const registering = mode === 'register';
  return (
    <main className="mx-auto w-full max-w-md px-4 py-12">
      <ProgressSteps />
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        <h1 className="text-2xl font-bold tracking-tight">
          {registering ? 'Create your account' : 'Welcome back'}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {registering
            ? 'Register, pay once, and get lifetime access to the whole library.'
            : 'Sign in to continue to your workflow library.'}
        </p>

        {checkEmail && (
          <div
            role="status"
            className="mt-5 flex gap-3 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            <MailCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
            <p>
              <strong className="block">Check your email</strong>
              We sent a confirmation link to {checkEmail}. Open it to activate your account; it signs you in.
            </p>
          </div>
        )}

        <form method="post" onSubmit={submit} className="mt-6 space-y-5">
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label="Password"
            hint={registering ? 'At least 8 characters.' : undefined}
            name="password"
            type="password"
            autoComplete={registering ? 'new-password' : 'current-password'}
            required
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {busy && (
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
            )}
            {registering ? 'Create Account' : 'Sign In'}
          </Button>
        </form>

        {!registering && (
          <p className="mt-4 text-center text-sm">
            <button
              type="button"
              onClick={() => void forgotPassword()}
              className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
            >
              Forgot your password?
            </button>
          </p>
        )}

        <p className="mt-6 border-t border-slate-200 pt-4 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
          {registering ? 'Already have an account?' : "Don't have an account?"}{' '}
          <Link
            to={switchHref(registering ? 'signin' : 'register', safeNextPath(params.get('next')))}
            onClick={() => setCheckEmail(null)}
            className="font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-400"
          >
            {registering ? 'Sign in' : 'Create one'}
          </Link>
        </p>
      </div>
      <p className="mt-6 flex items-center justify-center gap-2 text-xs text-slate-500 dark:text-slate-400">
        <CheckCircle2 aria-hidden="true" className="h-4 w-4" />
        One-time payment, lifetime access, 30-day money-back guarantee.
      </p>
    </main>
  );
}
