import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The one text-input look (inputs, textareas and selects outside a Field use it too). */
export const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-3 focus:ring-brand-700 dark:focus:border-brand-300 dark:focus:ring-brand-300 disabled:bg-slate-50 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: ReactNode;
  /** A line under the input (a rule such as 'At least 8 characters.'), read with it by screen readers. */
  hint?: ReactNode;
  /** Classes for the wrapper (its place in a row); the input itself always looks the same. */
  className?: string;
  /** What is wrong with the value, shown under the input until it changes (the input is marked invalid). */
  error?: ReactNode;
};

/** A labelled input: the label names it, the hint and any error describe it, and the ids tie them together. */
export function Field({ label, hint, error, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={inputId}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className={cn(fieldClass, 'min-h-11', error && 'border-red-600 dark:border-red-500')}
        {...input}
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The longest password the server takes (better-auth's bound in src/server/auth/create-auth.ts). */
const MAX_PASSWORD_LENGTH = 128;

type PasswordFieldProps = Omit<FieldProps, 'type' | 'autoComplete' | 'maxLength' | 'hint'> & {
  /** 'new' chooses a password (its rule shows under the input, a password manager may offer one); 'current' types the one in use. */
  purpose: 'new' | 'current';
};

/** A labelled password input, told apart for password managers as a new or the current password. */
export function PasswordField({ purpose, ...field }: PasswordFieldProps) {
  return (
    <Field
      type="password"
      autoComplete={`${purpose}-password`}
      maxLength={MAX_PASSWORD_LENGTH}
      hint={purpose === 'new' ? 'At least 8 characters.' : undefined}
      {...field}
    />
  );
}
