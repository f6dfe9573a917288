import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const SIZES = {
  /** A chip in a dense row of filters (categories, apps): small text, on a white fill when off. */
  sm: {
    size: 'px-3 py-1 text-xs focus-visible:outline-2 focus-visible:outline-offset-2',
    off: 'bg-white text-slate-700 dark:bg-slate-900 dark:text-slate-200',
  },
  /** A choice in a short row of tabs (the blog's categories): the page shows through when off. */
  md: { size: 'h-9 px-4 text-sm', off: '' },
} as const;

/** `className` places it; the look comes from `size` and `pressed` (cn() does not merge). */
export type TogglePillProps = Omit<ComponentProps<'button'>, 'type' | 'aria-pressed'> & {
  /** Selected: filled in the brand colour and announced as pressed. */
  pressed: boolean;
  size?: keyof typeof SIZES;
};

/** A rounded toggle: a filter or a category that is on or off. */
export function TogglePill({ pressed, size = 'sm', className, ...props }: TogglePillProps) {
  const look = SIZES[size];
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={cn(
        'rounded-full border font-medium',
        look.size,
        pressed
          ? 'border-brand-600 bg-brand-600 text-white'
          : cn('border-slate-300 hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800', look.off),
        className,
      )}
      {...props}
    />
  );
}
