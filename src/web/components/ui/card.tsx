import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const TONES = {
  default: 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
  muted: 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900',
  /** No fill: the page shows through (a list of rows, a link tile). */
  plain: 'border-slate-200 dark:border-slate-800',
  warning: 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950',
  danger: 'border-red-300 dark:border-red-900',
  /** An empty state: nothing here yet. */
  dashed: 'border-dashed border-slate-300 dark:border-slate-700',
} as const;

const PADDINGS = { none: '', sm: 'p-2', md: 'p-4', lg: 'p-5', xl: 'p-6' } as const;

export type CardStyle = { tone?: keyof typeof TONES; padding?: keyof typeof PADDINGS };

/** The card look as a class string, for elements that cannot be a `Card` (a `<li>` in a styled list). */
export function cardClass({ tone = 'default', padding = 'md' }: CardStyle = {}): string {
  return cn('rounded-xl border', TONES[tone], PADDINGS[padding]);
}

/** `className` adds layout (spacing, grid); the look comes from `tone` and `padding` (cn() does not merge). */
export type CardProps = ComponentProps<'div'> &
  CardStyle & {
    /** Render the child element (an article, a section, a link) with the card's look. */
    asChild?: boolean;
  };

export function Card({ tone, padding, asChild, className, ...props }: CardProps) {
  const Comp = asChild ? Slot : 'div';
  return <Comp className={cn(cardClass({ tone, padding }), className)} {...props} />;
}
