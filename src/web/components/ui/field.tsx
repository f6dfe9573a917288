import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The one text-input look (inputs, textareas and selects outside a Field use it too). */
export const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-50 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: ReactNode;
  /** A line under the input (a rule such as 'At least 8 characters.'), read with it by screen readers. */
  hint?: ReactNode;
  /** Classes for the wrapper (its place in a row); the input itself always looks the same. */
  className?: string;
};

/** A labelled input: the label names it, the hint describes it, and the id ties them together. */
export function Field({ label, hint, id, className, ...input }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium">
        {label}
      </label>
      <input id={inputId} aria-describedby={hintId} className={cn(fieldClass, 'min-h-11')} {...input} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
