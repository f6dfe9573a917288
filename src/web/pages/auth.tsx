import { CheckCircle2, Loader2, MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { safeNextPath } from '#shared/next-path.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Field, PasswordField } from '#web/components/ui/field.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import {
  authErrorText,
  FORM_ERROR_TOAST,
  LOGIN_FAILED,
  REGISTRATION_FAILED,
} from '#web/features/auth/auth-errors.ts';
import { ProgressSteps } from '#web/features/auth/progress-steps.tsx';
import { ResetPasswordForm } from '#web/features/auth/reset-password-form.tsx';
import { authPost } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { useTypedBeforeHydration } from '#web/lib/typed-before-hydration.ts';

/** After a registration that returns a session (spec part 1 §4). */
export const POST_REGISTER_REDIRECT_MS = 1_500;

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
  const form = useRef<HTMLFormElement>(null);
  // Typed before the prerendered page hydrated: the session check answering would empty it.
  useTypedBeforeHydration(form, { email: setEmail, password: setPassword });

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
        const result = await authPost<{ token: string; user?: { role?: string | null } }>('sign-in/email', {
          email: email.trim(),
          password,
          callbackURL: '/dashboard',
        });
        toast.dismiss(FORM_ERROR_TOAST);
        signedIn();
        navigate(nextPath(rawNext, result.user?.role));
        return;
      }
      // A visitor sent here by a template's offer goes on to pay, then back to it, after verifying too.
      // `callbackURL`: where the verification link lands (a same-site path; better-auth checks it too).
      const result = await authPost<{ token: string | null }>('sign-up/email', {
        email: email.trim(),
        password,
        name: '',
        callbackURL: safeNextPath(params.get('next')) ?? '/dashboard',
      });
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
      await authPost('request-password-reset', { email: email.trim(), redirectTo: '/auth?mode=reset' });
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
      {/* The buyer's three steps, for someone starting them; a returning member signing in is past step 1
          (issue 43: "Welcome back" under "Step 1: Create Account" read as the wrong page). */}
      {registering && <ProgressSteps />}
      <div className={`${cardClass({ padding: 'xl', radius: '2xl' })} shadow-sm sm:p-8`}>
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

        <form ref={form} method="post" onSubmit={submit} className="mt-6 space-y-5">
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            {...bindValue(email, setEmail)}
          />
          <PasswordField
            purpose={registering ? 'new' : 'current'}
            label="Password"
            name="password"
            required
            {...bindValue(password, setPassword)}
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
