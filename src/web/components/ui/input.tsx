import { Search } from 'lucide-react';
import { type InputHTMLAttributes, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

/** The compact input look (a filter row, a search box): 40 px high, small text. */
export const inputClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 dark:border-slate-700 dark:bg-slate-900';

type SearchInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
  /**
   * What the box searches, read by screen readers (the placeholder is not a label). Unless a
   * `placeholder` is given, sighted people see the same words in the box: 'Search articles...'.
   */
  label: string;
  /** Classes for the wrapper (its width and place in a row). */
  className?: string;
};

/** A search box with the magnifier inside it and a label only screen readers see. */
export function SearchInput({
  label,
  id,
  className,
  placeholder = `${label}...`,
  ...input
}: SearchInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={inputId}
        type="search"
        placeholder={placeholder}
        className={cn(inputClass, 'pl-9')}
        {...input}
      />
    </div>
  );
}
