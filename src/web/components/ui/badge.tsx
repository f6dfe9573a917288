import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const TONES = {
  /** A category or topic: the brand's light pill. */
  brand: 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-brand-100',
  /** A fact about the item (Template, Tutorial, Guide). */
  accent: 'bg-brand-600/10 font-medium text-brand-700 dark:text-brand-400',
  neutral: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
  success: 'bg-emerald-600/10 font-medium text-emerald-800 dark:text-emerald-300',
  danger: 'bg-rose-600/10 font-medium text-rose-700 dark:text-rose-400',
} as const;

export type BadgeProps = ComponentProps<'span'> & { tone?: keyof typeof TONES };

/** A small pill. Its text size comes from the surrounding line unless `className` sets one. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={cn('rounded-full px-2 py-0.5', TONES[tone], className)} {...props} />;
}
