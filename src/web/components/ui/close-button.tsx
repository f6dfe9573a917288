import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** `className` sets its size, shape, colour and place (a corner of a card, the end of a search row). */
export type CloseButtonProps = Omit<ComponentProps<'button'>, 'type' | 'children'> & {
  /** What it closes, for screen readers ('Close testimonial'); the button shows only an X. */
  label?: string;
};

/** The X that closes a panel, a sheet or a search. */
export function CloseButton({ label = 'Close', className, ...props }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn('flex items-center justify-center hover:bg-slate-100 dark:hover:bg-slate-800', className)}
      {...props}
    >
      <X aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}
