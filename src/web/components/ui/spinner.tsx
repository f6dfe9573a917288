import { cn } from '#web/lib/cn.ts';

/** A labelled loading indicator; the label is what a screen reader announces. `className` sets its spacing. */
export function Spinner({ label, className = 'py-16' }: { label: string; className?: string }) {
  return (
    <div role="status" className={cn('flex flex-col items-center justify-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="h-8 w-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
      />
      <span className="text-sm text-slate-600 dark:text-slate-400">{label}</span>
    </div>
  );
}
