import { PLAN_PRICE_LABEL } from '#shared/plans.ts';
import { cn } from '#web/lib/cn.ts';

const STEPS = [
  { label: 'Create Account', note: null },
  { label: 'Complete Payment', note: `(one-time ${PLAN_PRICE_LABEL})` },
  { label: 'Access Dashboard', note: null },
] as const;

/** The sign-up journey above the auth form: this is step 1 of 3. */
export function ProgressSteps() {
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
