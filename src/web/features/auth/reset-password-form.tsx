import { Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { PasswordField } from '#web/components/ui/field.tsx';
import { ApiError, authPost } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { authErrorText, FORM_ERROR_TOAST } from './auth-errors.ts';

/** /auth?mode=reset&token=…: the form behind the password-reset mail's link. */
export function ResetPasswordForm({ token }: { token: string | null }) {
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
      await authPost('reset-password', { token, newPassword: password });
      toast.dismiss(FORM_ERROR_TOAST);
      toast.success('Password Updated', { description: 'Your password has been updated successfully.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError && error.code === 'INVALID_TOKEN'
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
      <PasswordField
        purpose="new"
        label="New password"
        name="new-password"
        required
        {...bindValue(password, setPassword)}
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
